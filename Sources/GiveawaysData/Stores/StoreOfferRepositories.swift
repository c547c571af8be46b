import Foundation
import GRDB
import GiveawaysDomain
import PostgresNIO

/// The stores' own offers over SQLite: one `store_offer` row per offer and window ever listed (`StoreOfferSQL`);
/// what a sync writes is decided by `OfferDiff`.
public struct StoreOfferSQLiteRepository: StoreOfferRepository {
    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func allOffers() async throws -> [OfferRecord] {
        try await database.writer.read { db in try db.rows(StoreOfferSQL.all).compactMap(OfferRecord.init(shared:)) }
    }

    public func saveOffers(
        _ offers: [StoreOffer], of store: FirstHandStore, at time: Date
    ) async throws
        -> SyncReport
    {
        try await database.writer.write { db in
            let kept = try db.rows(StoreOfferSQL.ofStore, store.rawValue).compactMap(OfferRecord.init(shared:))
            let next = try db.rows(StoreOfferSQL.nextID).scalar(Int.self) ?? 0
            let diff = OfferDiff(kept: kept, fresh: offers, nextID: next, at: time)
            try db.execute(StoreOfferSQL.writes(diff, at: time))
            return diff.report(total: offers.count)
        }
    }
}

/// The stores' own offers over PostgreSQL, the same algorithm (`OfferDiff`, `StoreOfferSQL`) under the feed's lock:
/// two instances syncing two stores at once must not hand out one id twice.
public struct StoreOfferPostgresRepository: StoreOfferRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func allOffers() async throws -> [OfferRecord] {
        try await database.read { sql in try await sql.rows(StoreOfferSQL.all).compactMap(OfferRecord.init(shared:)) }
    }

    public func saveOffers(
        _ offers: [StoreOffer], of store: FirstHandStore, at time: Date
    ) async throws
        -> SyncReport
    {
        try await database.write { sql in
            try await sql.lock(.storeOffers)
            let kept = try await sql.rows(StoreOfferSQL.ofStore, store.rawValue).compactMap(OfferRecord.init(shared:))
            let next = try await sql.rows(StoreOfferSQL.nextID).scalar(Int.self) ?? 0
            let diff = OfferDiff(kept: kept, fresh: offers, nextID: next, at: time)
            try await sql.run(StoreOfferSQL.writes(diff, at: time))
            return diff.report(total: offers.count)
        }
    }
}

extension OfferDiff {
    /// The sync's report: new offers added, the ones listed again with a change updated, the ones gone left.
    func report(total: Int) -> SyncReport {
        SyncReport(
            added: inserted.map(\.id), updated: changed, left: left, total: inserted.count + updated.count)
    }
}
