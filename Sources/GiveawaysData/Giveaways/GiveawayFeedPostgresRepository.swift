import Foundation
import GiveawaysDomain
import PostgresNIO

/// The giveaway feed and its history over PostgreSQL: every write method is one transaction, and a sync's webhook
/// events are written in it (`HookEventPostgresRecorder`), as over SQLite.
public struct GiveawayFeedPostgresRepository: GiveawayFeedRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    // MARK: - Reading

    public func giveawaysInFeed() async throws -> [Giveaway] {
        try await database.read { sql in
            let rows = try await sql.rows(FeedSQL.inFeed).map(GiveawayRow.init(shared:))
            let platforms = try await GiveawayPostgresReads.platformsByGiveaway(sql)
            return rows.map { $0.toDomain(platforms: platforms[$0.id] ?? []) }
        }
    }

    public func allStoredGiveaways() async throws -> [StoredGiveaway] {
        try await database.read { sql in
            let rows = try await sql.rows(FeedSQL.giveaways).map(GiveawayRow.init(shared:))
            let platforms = try await GiveawayPostgresReads.platformsByGiveaway(sql)
            let periods = try await Self.periodsByGiveaway(sql, id: nil)
            let changes = try await Self.endDateChangesByGiveaway(sql, id: nil)
            return rows.map {
                $0.stored(
                    platforms: platforms[$0.id] ?? [], periods: periods[$0.id] ?? [], changes: changes[$0.id] ?? [])
            }
        }
    }

    public func storedGiveaway(id: Int) async throws -> StoredGiveaway? {
        try await database.read { sql in
            guard let row = try await sql.rows(FeedSQL.giveaway, id).first else { return nil }
            return try GiveawayRow(shared: row).stored(
                platforms: try await GiveawayPostgresReads.platformsByGiveaway(sql, id: id)[id] ?? [],
                periods: try await Self.periodsByGiveaway(sql, id: id)[id] ?? [],
                changes: try await Self.endDateChangesByGiveaway(sql, id: id)[id] ?? [])
        }
    }

    public func holdsDemoData() async throws -> Bool {
        try await database.read { sql in try await sql.rows(FeedSQL.holdsDemo).scalar(Bool.self) ?? false }
    }

    // MARK: - Syncs

    public func saveFeed(
        _ giveaways: [Giveaway], at time: Date, events planner: HookEventPlanner
    ) async throws -> SyncReport {
        try await database.write { sql in
            // Two instances saving at once would each read the other's half: one feed write at a time.
            try await sql.lock(.feed)
            try await sql.run(FeedSQL.deleteDemo)
            // One read of every row: cheaper than a lookup per item, and it also tells who left.
            var existing: [Int: GiveawayRow] = [:]
            for row in try await sql.rows(FeedSQL.giveaways) {
                let giveaway = try GiveawayRow(shared: row)
                existing[giveaway.id] = giveaway
            }
            let platforms = try await GiveawayPostgresReads.platformsByGiveaway(sql)
            let diff = FeedDiff(
                stored: existing.mapValues { $0.record(platforms: platforms[$0.id] ?? []) }, incoming: giveaways,
                at: time)
            try await sql.run(FeedSQL.writes(diff, stored: existing, at: time))
            try await HookEventPostgresRecorder.record(
                sql, planner: planner, report: diff.report, giveaways: giveaways, firstSeen: diff.firstSeen,
                firstLoad: existing.isEmpty, at: time)
            return diff.report
        }
    }

    public func seedDemoDataIfEmpty(_ giveaways: [Giveaway], at time: Date) async throws -> Bool {
        try await database.write { sql in
            try await sql.lock(.feed)
            let empty = try await sql.rows("SELECT NOT EXISTS (SELECT 1 FROM giveaway) AS empty").first?.get(
                "empty", as: Bool.self)
            guard empty == true else { return false }
            try await sql.run(FeedSQL.demoWrites(giveaways, at: time))
            return true
        }
    }

    // MARK: - Helpers

    /// Feed periods by giveaway, oldest first; for one giveaway when `id` is given.
    private static func periodsByGiveaway(_ sql: PostgresTransaction, id: Int?) async throws -> [Int: [FeedPeriod]] {
        let rows =
            if let id { try await sql.rows(FeedSQL.periodsOf, id) } else { try await sql.rows(FeedSQL.periods) }
        return try FeedSQL.periodsByGiveaway(rows)
    }

    /// End-date changes by giveaway, oldest first; for one giveaway when `id` is given.
    private static func endDateChangesByGiveaway(
        _ sql: PostgresTransaction, id: Int?
    ) async throws -> [Int: [EndDateChange]] {
        let rows =
            if let id {
                try await sql.rows(FeedSQL.endDateMovesOf, id)
            } else {
                try await sql.rows(FeedSQL.endDateMoves)
            }
        return try FeedSQL.endDateChangesByGiveaway(rows)
    }
}
