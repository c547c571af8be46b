import Foundation
import GRDB
import GiveawaysDomain

/// The giveaway feed and its history over SQLite: every write method is one transaction. A sync's webhook
/// events are written in its own transaction (`HookEventRecorder`).
public struct GiveawayFeedSQLiteRepository: GiveawayFeedRepository {
    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    private var writer: any DatabaseWriter { database.writer }

    // MARK: - Reading

    public func giveawaysInFeed() async throws -> [Giveaway] {
        try await writer.read { db in
            let rows = try db.rows(FeedSQL.inFeed).map(GiveawayRow.init(shared:))
            let platforms = try Self.platformsByGiveaway(db)
            return rows.map { $0.toDomain(platforms: platforms[$0.id] ?? []) }
        }
    }

    public func allStoredGiveaways() async throws -> [StoredGiveaway] {
        try await writer.read { db in
            var rows: [GiveawayRow] = []
            // A cursor: the first snapshot of a big database reads every row, and holds none of them twice.
            let cursor = try Row.fetchCursor(db, sql: FeedSQL.giveaways.sqlite)
            while let row = try cursor.next() { rows.append(try GiveawayRow(shared: row)) }
            let platforms = try Self.platformsByGiveaway(db)
            let periods = try Self.periodsByGiveaway(db, id: nil)
            let changes = try Self.endDateChangesByGiveaway(db, id: nil)
            return rows.map {
                $0.stored(
                    platforms: platforms[$0.id] ?? [], periods: periods[$0.id] ?? [], changes: changes[$0.id] ?? [])
            }
        }
    }

    public func storedGiveaway(id: Int) async throws -> StoredGiveaway? {
        try await writer.read { db in
            guard let row = try db.rows(FeedSQL.giveaway, id).first else { return nil }
            return try GiveawayRow(shared: row).stored(
                platforms: try FeedSQL.platformsByGiveaway(db.rows(FeedSQL.platformsOf, id))[id] ?? [],
                periods: try Self.periodsByGiveaway(db, id: id)[id] ?? [],
                changes: try Self.endDateChangesByGiveaway(db, id: id)[id] ?? [])
        }
    }

    public func holdsDemoData() async throws -> Bool {
        try await writer.read { db in
            try db.rows(FeedSQL.holdsDemo).scalar(Bool.self) ?? false
        }
    }

    // MARK: - Syncs

    public func saveFeed(
        _ giveaways: [Giveaway], at time: Date, events planner: HookEventPlanner
    ) async throws -> SyncReport {
        try await writer.write { db in
            try db.execute(FeedSQL.deleteDemo)
            // One read of every row: cheaper than a lookup per item, and it also tells who left.
            let existing = Dictionary(
                uniqueKeysWithValues: try db.rows(FeedSQL.giveaways).map { row in
                    let giveaway = try GiveawayRow(shared: row)
                    return (giveaway.id, giveaway)
                })
            let platforms = try Self.platformsByGiveaway(db)
            let diff = FeedDiff(
                stored: existing.mapValues { $0.record(platforms: platforms[$0.id] ?? []) }, incoming: giveaways,
                at: time)
            try db.execute(FeedSQL.writes(diff, stored: existing, at: time))
            try HookEventRecorder.record(
                db, planner: planner, report: diff.report, giveaways: giveaways, firstSeen: diff.firstSeen,
                firstLoad: existing.isEmpty, at: time)
            return diff.report
        }
    }

    public func seedDemoDataIfEmpty(_ giveaways: [Giveaway], at time: Date) async throws -> Bool {
        try await writer.write { db in
            guard try GiveawayRow.fetchCount(db) == 0 else { return false }
            try db.execute(FeedSQL.demoWrites(giveaways, at: time))
            return true
        }
    }

    // MARK: - Helpers

    /// Every giveaway's platforms, in the upstream's order.
    private static func platformsByGiveaway(_ db: Database) throws -> [Int: [Platform]] {
        try FeedSQL.platformsByGiveaway(db.rows(FeedSQL.platforms))
    }

    /// Feed periods by giveaway, oldest first; for one giveaway when `id` is given.
    private static func periodsByGiveaway(_ db: Database, id: Int?) throws -> [Int: [FeedPeriod]] {
        try FeedSQL.periodsByGiveaway(id.map { try db.rows(FeedSQL.periodsOf, $0) } ?? db.rows(FeedSQL.periods))
    }

    /// End-date changes by giveaway, oldest first; for one giveaway when `id` is given.
    private static func endDateChangesByGiveaway(_ db: Database, id: Int?) throws -> [Int: [EndDateChange]] {
        try FeedSQL.endDateChangesByGiveaway(
            id.map { try db.rows(FeedSQL.endDateMovesOf, $0) } ?? db.rows(FeedSQL.endDateMoves))
    }
}
