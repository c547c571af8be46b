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
            let rows = try GiveawayRow.filter(GiveawayRow.Columns.leftAt == nil)
                .order(GiveawayRow.Columns.id)
                .fetchAll(db)
            let platforms = try Self.platformsByGiveaway(db)
            return rows.map { $0.toDomain(platforms: platforms[$0.id] ?? []) }
        }
    }

    public func allStoredGiveaways() async throws -> [StoredGiveaway] {
        try await writer.read { db in
            var rows: [GiveawayRow] = []
            let cursor = try Row.fetchCursor(db, sql: "SELECT \(GiveawayRow.selection) FROM giveaway ORDER BY id")
            while let row = try cursor.next() { rows.append(GiveawayRow(selected: row)) }
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
            guard let row = try GiveawayRow.fetchOne(db, key: id) else { return nil }
            let platforms = try GiveawayPlatformRow.filter(Column("giveaway_id") == id).order(Column("position"))
                .fetchAll(db).map(\.platform)
            return row.stored(
                platforms: platforms, periods: try Self.periodsByGiveaway(db, id: id)[id] ?? [],
                changes: try Self.endDateChangesByGiveaway(db, id: id)[id] ?? [])
        }
    }

    public func holdsDemoData() async throws -> Bool {
        try await writer.read { db in
            try GiveawayRow.filter(GiveawayRow.Columns.isDemo == true).isEmpty(db) == false
        }
    }

    // MARK: - Syncs

    public func saveFeed(
        _ giveaways: [Giveaway], at time: Date, events planner: HookEventPlanner
    ) async throws -> SyncReport {
        try await writer.write { db in
            try db.execute(FeedSQL.deleteDemo)
            // One read of every row: cheaper than a lookup per item, and it also tells who left.
            let existing = Dictionary(uniqueKeysWithValues: try GiveawayRow.fetchAll(db).map { ($0.id, $0) })
            let platforms = try Self.platformsByGiveaway(db)
            let diff = FeedDiff(
                stored: existing.mapValues { $0.record(platforms: platforms[$0.id] ?? []) }, incoming: giveaways,
                at: time)
            for write in diff.writes {
                let row = GiveawayRow(write, stored: existing[write.giveaway.id], at: time)
                switch write {
                case .insert(let giveaway):
                    try row.insert(db)
                    try Self.savePlatforms(of: giveaway, db: db)
                    try db.execute(FeedSQL.openPeriod, giveaway.id, time)
                case .comeBack(let giveaway, let platformsChanged):
                    if platformsChanged { try Self.savePlatforms(of: giveaway, db: db) }
                    try row.update(db)
                    try db.execute(FeedSQL.openPeriod, giveaway.id, time)
                case .update(let giveaway, let platformsChanged, let move):
                    if platformsChanged { try Self.savePlatforms(of: giveaway, db: db) }
                    try row.update(db)
                    if let move { try db.execute(FeedSQL.logEndDateMove, giveaway.id, time, move.from, move.to) }
                }
            }
            if !diff.claimCounters.isEmpty {
                let pairs = diff.claimCounters.map { "[\($0.id),\($0.users)]" }.joined(separator: ",")
                try db.execute(
                    sql: """
                        UPDATE giveaway SET users = json_extract(c.value, '$[1]') FROM json_each(?) AS c
                        WHERE giveaway.id = json_extract(c.value, '$[0]')
                        """,
                    arguments: ["[" + pairs + "]"])
            }
            if !diff.leaving.isEmpty {
                try db.execute(FeedSQL.leave, time, IDList(diff.leaving))
                try db.execute(FeedSQL.closePeriods, time, IDList(diff.leaving))
            }
            try db.execute(FeedSQL.seen, time)
            try HookEventRecorder.record(
                db, planner: planner, report: diff.report, giveaways: giveaways, firstSeen: diff.firstSeen, at: time)
            return diff.report
        }
    }

    private static func savePlatforms(of giveaway: Giveaway, db: Database) throws {
        try db.execute(FeedSQL.deletePlatforms, giveaway.id)
        for (position, platform) in giveaway.platforms.enumerated() {
            try GiveawayPlatformRow(giveawayId: giveaway.id, position: position, platform: platform).insert(db)
        }
    }

    public func seedDemoDataIfEmpty(_ giveaways: [Giveaway], at time: Date) async throws -> Bool {
        try await writer.write { db in
            guard try GiveawayRow.fetchCount(db) == 0 else { return false }
            for giveaway in giveaways {
                try GiveawayRow(giveaway: giveaway, seenAt: time, isDemo: true).insert(db)
                try Self.savePlatforms(of: giveaway, db: db)
                try db.execute(FeedSQL.openPeriod, giveaway.id, time)
            }
            return true
        }
    }

    // MARK: - Helpers

    /// Every giveaway's platforms, in the upstream's order. Read column by position, not through `Codable`: the
    /// first snapshot of a big database reads tens of thousands of these rows.
    private static func platformsByGiveaway(_ db: Database) throws -> [Int: [Platform]] {
        var result: [Int: [Platform]] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT giveaway_id, slug, name FROM giveaway_platform ORDER BY giveaway_id, position")
        while let row = try rows.next() {
            result[row[0], default: []].append(GiveawayPlatformRow.platform(slug: row[1], name: row[2]))
        }
        return result
    }

    /// Feed periods by giveaway, oldest first; for one giveaway when `id` is given.
    private static func periodsByGiveaway(_ db: Database, id: Int?) throws -> [Int: [FeedPeriod]] {
        var sql = "SELECT giveaway_id, appeared_at, left_at FROM feed_period"
        var arguments: StatementArguments = []
        if let id {
            sql += " WHERE giveaway_id = ?"
            arguments = [id]
        }
        sql += " ORDER BY giveaway_id, appeared_at, id"
        var result: [Int: [FeedPeriod]] = [:]
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            result[row[0], default: []].append(FeedPeriod(appearedAt: row[1], leftAt: row[2]))
        }
        return result
    }

    /// End-date changes by giveaway, oldest first; for one giveaway when `id` is given.
    private static func endDateChangesByGiveaway(_ db: Database, id: Int?) throws -> [Int: [EndDateChange]] {
        var sql = "SELECT giveaway_id, changed_at, old_ends_at, new_ends_at FROM giveaway_end_change"
        var arguments: StatementArguments = []
        if let id {
            sql += " WHERE giveaway_id = ?"
            arguments = [id]
        }
        sql += " ORDER BY giveaway_id, changed_at, id"
        var result: [Int: [EndDateChange]] = [:]
        for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
            result[row["giveaway_id"], default: []].append(
                EndDateChange(changedAt: row["changed_at"], from: row["old_ends_at"], to: row["new_ends_at"]))
        }
        return result
    }
}
