import Foundation
import GiveawaysDomain

/// The stores' own offers: one `store_offer` row per offer and window ever listed (`StoreOfferSQL`); what a sync
/// writes is decided by `OfferDiff`. Over SQLite or PostgreSQL (`SQLExecutor`).
public struct StoreOfferSQLRepository: StoreOfferRepository {
    private let database: any SQLExecutor

    public init(database: AppDatabase) { self.database = database }
    public init(database: PostgresDatabase) { self.database = database }

    public func allOffers() async throws -> [OfferRecord] {
        try await database.rows(StoreOfferSQL.all).compactMap(OfferRecord.init(shared:))
    }

    public func saveOffers(
        _ offers: [StoreOffer], of store: FirstHandStore, at time: Date
    ) async throws
        -> SyncReport
    {
        try await database.transaction { db in
            // Two instances syncing two stores at once must not hand out one id twice.
            try db.lock(.storeOffers)
            let kept = try db.rows(StoreOfferSQL.ofStore, store.rawValue).compactMap(OfferRecord.init(shared:))
            let next = try db.rows(StoreOfferSQL.nextID).scalar(Int.self) ?? 0
            let diff = OfferDiff(kept: kept, fresh: offers, nextID: next, at: time)
            try db.execute(StoreOfferSQL.writes(diff, at: time))
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
