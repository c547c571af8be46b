import Foundation
import GRDB
import GiveawaysDomain

/// The `GiveawayRepository` over SQLite: every write method is one transaction.
public struct GiveawaySQLiteRepository: GiveawayRepository {
    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    private var writer: any DatabaseWriter { database.writer }

    // MARK: - Reading

    public func giveawaysInFeed() async throws -> [Giveaway] {
        try await writer.read { db in
            try GiveawayRow.filter(GiveawayRow.Columns.leftAt == nil).fetchAll(db).map { $0.toDomain() }
        }
    }

    public func storedGiveaway(id: Int) async throws -> StoredGiveaway? {
        try await writer.read { db in
            guard let row = try GiveawayRow.fetchOne(db, key: id) else { return nil }
            return try Self.stored(row, db: db)
        }
    }

    public func syncStatus() async throws -> SyncStatus {
        try await writer.read { db in
            let lastSuccess = try SyncRunRow.filter(Column("succeeded") == true).order(
                Column("at").desc, Column("id").desc
            )
            .fetchOne(db)
            let lastRun = try SyncRunRow.order(Column("at").desc, Column("id").desc).fetchOne(db)
            let failure = lastRun.flatMap { $0.succeeded ? nil : $0 }
            let isDemo = try GiveawayRow.filter(GiveawayRow.Columns.isDemo == true).isEmpty(db) == false
            return SyncStatus(
                lastSuccessAt: lastSuccess?.at, lastFailureAt: failure?.at, lastFailureReason: failure?.reason,
                isDemoData: isDemo)
        }
    }

    // MARK: - Syncs

    public func saveSync(_ giveaways: [Giveaway], at time: Date) async throws -> SyncReport {
        try await writer.write { db in
            // Real data replaces the demo data outright: demo items never become "history".
            try GiveawayRow.filter(GiveawayRow.Columns.isDemo == true).deleteAll(db)

            var incoming: [Int: Giveaway] = [:]
            for giveaway in giveaways { incoming[giveaway.id] = giveaway }
            var report = SyncReport(total: incoming.count)

            // One read of every row: cheaper than a lookup per item, and it also tells who left.
            let existing = Dictionary(uniqueKeysWithValues: try GiveawayRow.fetchAll(db).map { ($0.id, $0) })
            for giveaway in giveaways where incoming[giveaway.id] == giveaway {
                incoming[giveaway.id] = nil  // the last copy of a duplicated id wins, once
                try Self.upsert(giveaway, existing: existing[giveaway.id], at: time, report: &report, db: db)
            }

            let seenIDs = Set(giveaways.map(\.id))
            for var row in existing.values where row.leftAt == nil && !seenIDs.contains(row.id) {
                row.leftAt = time
                try row.update(db)
                try db.execute(
                    sql: "UPDATE feed_period SET left_at = ? WHERE giveaway_id = ? AND left_at IS NULL",
                    arguments: [time, row.id])
                report.left.append(row.id)
            }
            report.left.sort()
            try db.execute(sql: "UPDATE giveaway SET last_seen_at = ? WHERE left_at IS NULL", arguments: [time])

            var run = SyncRunRow(
                at: time, succeeded: true, added: report.added.count, updated: report.updated.count,
                returned: report.returned.count, left: report.left.count, total: report.total)
            try run.insert(db)
            return report
        }
    }

    private static func upsert(
        _ giveaway: Giveaway, existing: GiveawayRow?, at time: Date, report: inout SyncReport, db: Database
    ) throws {
        guard var row = existing else {
            try GiveawayRow(giveaway: giveaway, seenAt: time).insert(db)
            var period = FeedPeriodRow(giveawayId: giveaway.id, appearedAt: time)
            try period.insert(db)
            report.added.append(giveaway.id)
            return
        }
        let before = row
        row.setFields(from: giveaway)
        row.lastSeenAt = time
        if row.leftAt != nil {
            row.leftAt = nil
            try row.update(db)
            var period = FeedPeriodRow(giveawayId: giveaway.id, appearedAt: time)
            try period.insert(db)
            report.returned.append(giveaway.id)
            return
        }
        // The claim counter moves on every sync; only a change of what the giveaway *is* counts as updated.
        var comparable = before
        comparable.lastSeenAt = time
        comparable.users = row.users
        if comparable != row {
            report.updated.append(giveaway.id)
            try row.update(db)
        } else if before.users != row.users {
            try db.cachedStatement(sql: "UPDATE giveaway SET users = ? WHERE id = ?")
                .execute(arguments: [row.users, row.id])
        }
        // last_seen_at of unchanged rows is set for all of them at once at the end of the sync.
    }

    public func recordSyncFailure(_ reason: String, at time: Date) async throws {
        try await writer.write { db in
            var run = SyncRunRow(at: time, succeeded: false, reason: String(reason.prefix(2000)))
            try run.insert(db)
        }
    }

    public func seedDemoDataIfEmpty(_ giveaways: [Giveaway], at time: Date) async throws -> Bool {
        try await writer.write { db in
            guard try GiveawayRow.fetchCount(db) == 0 else { return false }
            for giveaway in giveaways {
                try GiveawayRow(giveaway: giveaway, seenAt: time, isDemo: true).insert(db)
                var period = FeedPeriodRow(giveawayId: giveaway.id, appearedAt: time)
                try period.insert(db)
            }
            return true
        }
    }

    // MARK: - Favorites

    public func setFavorite(_ isFavorite: Bool, giveawayID: Int, profile: ProfileID, at time: Date) async throws {
        try await writer.write { db in
            if isFavorite {
                guard try GiveawayRow.exists(db, key: giveawayID) else { throw GiveawayNotFound(id: giveawayID) }
                try db.execute(
                    sql: "INSERT OR IGNORE INTO favorite (profile_id, giveaway_id, created_at) VALUES (?, ?, ?)",
                    arguments: [profile.rawValue, giveawayID, time])
            } else {
                try db.execute(
                    sql: "DELETE FROM favorite WHERE profile_id = ? AND giveaway_id = ?",
                    arguments: [profile.rawValue, giveawayID])
            }
        }
    }

    public func favorites(profile: ProfileID) async throws -> [StoredGiveaway] {
        try await writer.read { db in
            let rows = try GiveawayRow.fetchAll(
                db,
                sql: """
                    SELECT giveaway.* FROM favorite JOIN giveaway ON giveaway.id = favorite.giveaway_id
                    WHERE favorite.profile_id = ? ORDER BY favorite.created_at DESC, favorite.rowid DESC
                    """,
                arguments: [profile.rawValue])
            return try rows.map { try Self.stored($0, db: db) }
        }
    }

    public func favoriteIDs(profile: ProfileID) async throws -> Set<Int> {
        try await writer.read { db in
            try Set(
                Int.fetchAll(
                    db, sql: "SELECT giveaway_id FROM favorite WHERE profile_id = ?", arguments: [profile.rawValue]))
        }
    }

    // MARK: - Helpers

    private static func stored(_ row: GiveawayRow, db: Database) throws -> StoredGiveaway {
        let periods = try FeedPeriodRow.filter(Column("giveaway_id") == row.id).order(
            Column("appeared_at"), Column("id")
        )
        .fetchAll(db)
        .map { FeedPeriod(appearedAt: $0.appearedAt, leftAt: $0.leftAt) }
        let history = FeedHistory(
            firstSeenAt: row.firstSeenAt, lastSeenAt: row.lastSeenAt, leftAt: row.leftAt, periods: periods)
        return StoredGiveaway(giveaway: row.toDomain(), history: history, isDemo: row.isDemo)
    }
}
