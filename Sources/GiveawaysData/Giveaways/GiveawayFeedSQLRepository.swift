import Foundation
import GiveawaysDomain

/// The giveaway feed and its history, over SQLite or PostgreSQL (`SQLExecutor`): every write method is one
/// transaction, and a sync's webhook events are written in it (`HookEventRecorder`).
public struct GiveawayFeedSQLRepository: GiveawayFeedRepository {
    private let database: any SQLExecutor

    public init(database: AppDatabase) { self.database = database }
    public init(database: PostgresDatabase) { self.database = database }

    // MARK: - Reading

    public func giveawaysInFeed() async throws -> [Giveaway] {
        try await database.snapshot { db in
            let rows = try db.rows(FeedSQL.inFeed).map(GiveawayRow.init(shared:))
            let platforms = try Self.platformsByGiveaway(db)
            return rows.map { $0.toDomain(platforms: platforms[$0.id] ?? []) }
        }
    }

    public func allStoredGiveaways() async throws -> [StoredGiveaway] {
        try await database.snapshot { db in
            var rows: [GiveawayRow] = []
            // Row by row: the first snapshot of a big database reads every row, and holds none of them twice.
            try db.forEachRow(SQLStatement(FeedSQL.giveaways)) { rows.append(try GiveawayRow(shared: $0)) }
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
        try await database.snapshot { db in
            guard let row = try db.rows(FeedSQL.giveaway, id).first else { return nil }
            return try GiveawayRow(shared: row).stored(
                platforms: try FeedSQL.platformsByGiveaway(db.rows(FeedSQL.platformsOf, id))[id] ?? [],
                periods: try Self.periodsByGiveaway(db, id: id)[id] ?? [],
                changes: try Self.endDateChangesByGiveaway(db, id: id)[id] ?? [])
        }
    }

    public func holdsDemoData() async throws -> Bool {
        try await database.rows(FeedSQL.holdsDemo).scalar(Bool.self) ?? false
    }

    // MARK: - Syncs

    public func saveFeed(
        _ giveaways: [Giveaway], at time: Date, events planner: HookEventPlanner
    ) async throws -> SyncReport {
        try await database.transaction { db in
            // Two instances saving at once would each read the other's half: one feed write at a time.
            try db.lock(.feed)
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
        try await database.transaction { db in
            try db.lock(.feed)
            guard try db.rows(FeedSQL.isEmpty).scalar(Bool.self) == true else { return false }
            try db.execute(FeedSQL.demoWrites(giveaways, at: time))
            return true
        }
    }

    // MARK: - Helpers

    /// Every giveaway's platforms, in the upstream's order.
    private static func platformsByGiveaway(_ db: any SQLSession) throws -> [Int: [Platform]] {
        try FeedSQL.platformsByGiveaway(db.rows(FeedSQL.platforms))
    }

    /// Feed periods by giveaway, oldest first; for one giveaway when `id` is given.
    private static func periodsByGiveaway(_ db: any SQLSession, id: Int?) throws -> [Int: [FeedPeriod]] {
        try FeedSQL.periodsByGiveaway(id.map { try db.rows(FeedSQL.periodsOf, $0) } ?? db.rows(FeedSQL.periods))
    }

    /// End-date changes by giveaway, oldest first; for one giveaway when `id` is given.
    private static func endDateChangesByGiveaway(_ db: any SQLSession, id: Int?) throws -> [Int: [EndDateChange]] {
        try FeedSQL.endDateChangesByGiveaway(
            id.map { try db.rows(FeedSQL.endDateMovesOf, $0) } ?? db.rows(FeedSQL.endDateMoves))
    }
}
