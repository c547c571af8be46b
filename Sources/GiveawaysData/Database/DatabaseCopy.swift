import Foundation
import GRDB
import PostgresNIO

/// `giveaways db copy`: everything a SQLite store holds, copied into a PostgreSQL database in one transaction,
/// every id kept. The SQLite file is migrated to this release's schema first (`AppDatabase.open`), so a store from
/// any earlier release arrives whole.
public enum DatabaseCopy {
    /// One table's rows on each side after the copy.
    public struct Count: Sendable, Equatable {
        public var table: String
        public var source: Int
        public var target: Int
    }

    /// Why nothing was copied.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        /// The target already holds rows (in these tables) and `replace` was not asked for.
        case targetNotEmpty([String])
        /// A SQLite value that does not read as its column's type.
        case unreadable(table: String, column: String)

        public var description: String {
            switch self {
            case .targetNotEmpty(let tables):
                return "the PostgreSQL database already holds data (\(tables.joined(separator: ", "))); nothing was "
                    + "copied. Copy into an empty database, or pass --replace to delete what it holds first."
            case .unreadable(let table, let column):
                return "a value in \(table).\(column) of the SQLite store is not readable; nothing was copied"
            }
        }
    }

    /// Copies every table of `source` into `target`. Refuses a target that holds any row unless `replace`, which
    /// empties it first (in the same transaction).
    public static func copy(
        from source: AppDatabase, to target: PostgresDatabase, replace: Bool
    ) async throws -> [Count] {
        let rows = try await source.writer.read { db in
            try tables.map { table in try table.read(db) }
        }
        return try await target.longWrite { sql in
            var holding: [String] = []
            for table in tables {
                let holds = try await sql.rows(
                    PostgresQuery(unsafeSQL: "SELECT EXISTS (SELECT 1 FROM \(table.name)) AS holds")
                ).first?.get("holds", as: Bool.self)
                if holds == true { holding.append(table.name) }
            }
            if !holding.isEmpty {
                guard replace else { throw Refusal.targetNotEmpty(holding) }
                let names = tables.map(\.name).joined(separator: ", ")
                try await sql.run(PostgresQuery(unsafeSQL: "TRUNCATE \(names) RESTART IDENTITY CASCADE"))
            }
            var counts: [Count] = []
            for (table, tableRows) in zip(tables, rows) {
                try await table.insert(tableRows, sql: sql)
                let target = try await sql.rows(
                    PostgresQuery(unsafeSQL: "SELECT COUNT(*) AS n FROM \(table.name)")
                ).first?.get("n", as: Int.self)
                counts.append(Count(table: table.name, source: tableRows.count, target: target ?? 0))
            }
            return counts
        }
    }

    // MARK: - Tables (parents before children; every name below is a constant of this file, never input)

    enum Kind: Sendable { case int, double, text, date, bool, blob }

    /// One value read from SQLite, ready to bind.
    enum Value: Sendable {
        case int(Int?), double(Double?), text(String?), date(Date?), bool(Bool?), blob(Data?)
    }

    struct Table: Sendable {
        let name: String
        let columns: [(name: String, kind: Kind)]
        /// Columns that are identity columns in PostgreSQL: their sequences continue after the copied ids.
        var identities: [String] = ["id"]
        /// What the SQLite side selects for each column (SQLite's rowid stands in for `mark.seq`).
        var sources: [String: String] = [:]

        func read(_ db: Database) throws -> [[Value]] {
            let select = columns.map { sources[$0.name] ?? "\"\($0.name)\"" }.joined(separator: ", ")
            return try Row.fetchAll(db, sql: "SELECT \(select) FROM \(name) ORDER BY rowid").map { row in
                try columns.enumerated().map { index, column in
                    let value: DatabaseValue = row[index]
                    func convert<T: DatabaseValueConvertible>(_: T.Type) throws -> T? {
                        if value.isNull { return nil }
                        guard let converted = T.fromDatabaseValue(value) else {
                            throw Refusal.unreadable(table: name, column: column.name)
                        }
                        return converted
                    }
                    switch column.kind {
                    case .int: return .int(try convert(Int.self))
                    case .double: return .double(try convert(Double.self))
                    case .text: return .text(try convert(String.self))
                    case .date: return .date(try convert(Date.self))
                    case .bool: return .bool(try convert(Bool.self))
                    case .blob: return .blob(try convert(Data.self))
                    }
                }
            }
        }

        func insert(_ rows: [[Value]], sql: PostgresTransaction) async throws {
            let names = columns.map { "\"\($0.name)\"" }.joined(separator: ", ")
            // Many rows a statement, within PostgreSQL's 65,535 parameters.
            let batch = max(1, 20_000 / columns.count)
            var start = 0
            while start < rows.count {
                let chunk = rows[start..<min(start + batch, rows.count)]
                var binds = PostgresBindings(capacity: chunk.count * columns.count)
                var tuples: [String] = []
                for row in chunk {
                    var placeholders: [String] = []
                    for value in row {
                        switch value {
                        case .int(let int): binds.append(int)
                        case .double(let double): binds.append(double)
                        case .text(let text): binds.append(text)
                        case .date(let date): binds.append(date)
                        case .bool(let bool): binds.append(bool)
                        case .blob(let data): try binds.append(data)
                        }
                        placeholders.append("$\(binds.count)")
                    }
                    tuples.append("(" + placeholders.joined(separator: ", ") + ")")
                }
                try await sql.run(
                    PostgresQuery(
                        unsafeSQL: "INSERT INTO \(name) (\(names)) VALUES \(tuples.joined(separator: ", "))",
                        binds: binds))
                start += batch
            }
            for column in identities {
                try await sql.run(
                    PostgresQuery(
                        unsafeSQL: """
                            SELECT setval(pg_get_serial_sequence('\(name)', '\(column)'),
                                GREATEST(COALESCE(MAX(\(column)), 0), 1), COALESCE(MAX(\(column)), 0) > 0)
                            FROM \(name)
                            """))
            }
        }
    }

    static let tables: [Table] = [
        Table(name: "giveaway", columns: GiveawayRow.columns, identities: []),
        Table(name: "rawg_usage", columns: [("month", .text), ("requests", .int)], identities: []),
        Table(
            name: "owned_game",
            columns: [("profile_id", .text), ("source", .text), ("title", .text), ("app_id", .int)],
            identities: []),
        Table(
            name: "steam_link",
            columns: [
                ("profile_id", .text), ("steam_id", .text), ("linked_at", .date), ("refreshed_at", .date),
                ("failure", .text), ("failed_at", .date), ("tried_at", .date),
            ], identities: []),
        Table(
            name: "giveaway_platform",
            columns: [("giveaway_id", .int), ("position", .int), ("slug", .text), ("name", .text)], identities: []),
        Table(
            name: "feed_period",
            columns: [("id", .int), ("giveaway_id", .int), ("appeared_at", .date), ("left_at", .date)]),
        Table(
            name: "giveaway_end_change",
            columns: [
                ("id", .int), ("giveaway_id", .int), ("changed_at", .date), ("old_ends_at", .date),
                ("new_ends_at", .date),
            ]),
        Table(
            name: "sync_run",
            columns: [
                ("id", .int), ("source", .text), ("at", .date), ("succeeded", .bool), ("reason", .text),
                ("added", .int), ("updated", .int), ("returned", .int), ("left", .int), ("total", .int),
            ]),
        Table(
            name: "mark",
            columns: [
                ("profile_id", .text), ("subject_kind", .text), ("subject_id", .int), ("kind", .text), ("text", .text),
                ("created_at", .date), ("updated_at", .date), ("seq", .int),
            ], identities: ["seq"], sources: ["seq": "rowid"]),
        Table(
            name: "live_event",
            columns: [
                ("id", .int), ("kind", .text), ("giveaway_id", .int), ("occurrence", .int), ("data", .text),
                ("platforms", .text), ("type", .text), ("created_at", .date),
            ]),
        Table(
            name: "store_offer",
            columns: [
                ("id", .int), ("store", .text), ("store_id", .text), ("title", .text), ("type", .text),
                ("claim_url", .text), ("image_url", .text), ("starts_at", .date), ("ends_at", .date),
                ("is_mystery", .bool), ("platforms", .text), ("worth_cents", .int), ("first_seen_at", .date),
                ("last_seen_at", .date), ("left_at", .date),
            ], identities: []),
        Table(
            name: "catalog_game",
            columns: [
                ("id", .int), ("title", .text), ("thumbnail", .text), ("short_description", .text),
                ("game_url", .text), ("genre", .text), ("platforms", .text), ("publisher", .text),
                ("developer", .text), ("release_date", .text), ("profile_url", .text), ("rank", .int),
                ("first_seen_at", .date), ("last_seen_at", .date), ("removed_at", .date), ("detail_json", .blob),
                ("detail_fetched_at", .date),
            ], identities: []),
        Table(
            name: "discover_cache", columns: [("request", .text), ("body", .blob), ("fetched_at", .date)],
            identities: []),
        Table(
            name: "profile",
            columns: [
                ("id", .text), ("rules_json", .text), ("feed_token", .text), ("created_at", .date),
                ("last_seen_at", .date), ("previous_visit_ended_at", .date),
                ("reminder_lead_minutes", .int), ("digest_minute", .int), ("quiet_start_minute", .int),
                ("quiet_end_minute", .int), ("time_zone", .text), ("nearby_latitude", .double),
                ("nearby_longitude", .double), ("nearby_zoom", .int),
            ], identities: []),
        Table(
            name: "link_code",
            columns: [
                ("code", .text), ("profile_id", .text), ("created_at", .date), ("expires_at", .date),
                ("used_at", .date),
            ], identities: []),
        Table(
            name: "hook",
            columns: [
                ("id", .int), ("url", .text), ("format", .text), ("secret", .text), ("rules_json", .text),
                ("events", .text), ("created_at", .date), ("baseline_at", .date), ("profile_id", .text),
                ("client_address", .text),
            ]),
        Table(
            name: "hook_event",
            columns: [
                ("id", .int), ("hook_id", .int), ("giveaway_id", .int), ("event", .text), ("occurrence", .int),
                ("created_at", .date), ("state", .text), ("attempts", .int), ("next_attempt_at", .date),
                ("lease_until", .date), ("delivered_at", .date), ("last_error", .text),
            ]),
        Table(
            name: "hook_delivery",
            columns: [
                ("id", .int), ("hook_id", .int), ("event_id", .int), ("giveaway_id", .int), ("event", .text),
                ("attempt", .int), ("at", .date), ("status", .int), ("error", .text), ("next_attempt_at", .date),
                ("gave_up", .bool),
            ]),
        Table(
            name: "push_device", columns: [("hook_id", .int), ("label", .text), ("language", .text)], identities: []),
        Table(
            name: "server_secret", columns: [("name", .text), ("value", .blob), ("created_at", .date)],
            identities: []),
    ]
}
