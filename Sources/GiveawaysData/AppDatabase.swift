import Foundation
import GRDB

/// The SQLite database: one connection pool opened once, migrated at open.
public struct AppDatabase: Sendable {
    /// The GRDB writer; a `DatabasePool` (WAL) for files, a `DatabaseQueue` in memory.
    public let writer: any DatabaseWriter

    /// Opens (creating if needed) the database file at `path` in WAL mode and runs the migrations.
    public static func open(path: String) throws -> AppDatabase {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: path, configuration: makeConfiguration())
        return try AppDatabase(writer: pool)
    }

    /// An empty database in memory, for tests.
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(writer: DatabaseQueue(configuration: makeConfiguration()))
    }

    init(writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.migrator.migrate(writer)
    }

    private static func makeConfiguration() -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // Another process (a CLI sync beside the server) may hold the write lock for a moment.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    // MARK: - Schema (append-only: never edit a shipped migration)

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: giveaways, history, syncs, favorites") { db in
            try db.create(table: "giveaway") { t in
                t.primaryKey("id", .integer)
                t.column("title", .text).notNull()
                t.column("worth_cents", .integer)
                t.column("thumbnail_url", .text).notNull()
                t.column("image_url", .text).notNull()
                t.column("description", .text).notNull()
                t.column("instructions", .text).notNull()
                t.column("open_giveaway_url", .text).notNull()
                t.column("open_giveaway", .text)
                t.column("published_at", .datetime).notNull()
                t.column("type", .text).notNull()
                t.column("platforms", .text).notNull()
                t.column("ends_at", .datetime)
                t.column("users", .integer).notNull()
                t.column("status", .text).notNull()
                t.column("gamerpower_url", .text).notNull()
                t.column("first_seen_at", .datetime).notNull()
                t.column("last_seen_at", .datetime).notNull()
                t.column("left_at", .datetime).indexed()
                t.column("is_demo", .boolean).notNull().defaults(to: false)
            }
            try db.create(table: "feed_period") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("giveaway_id", .integer).notNull().indexed()
                    .references("giveaway", onDelete: .cascade)
                t.column("appeared_at", .datetime).notNull()
                t.column("left_at", .datetime)
            }
            try db.create(table: "sync_run") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("at", .datetime).notNull().indexed()
                t.column("succeeded", .boolean).notNull()
                t.column("reason", .text)
                t.column("added", .integer).notNull().defaults(to: 0)
                t.column("updated", .integer).notNull().defaults(to: 0)
                t.column("returned", .integer).notNull().defaults(to: 0)
                t.column("left", .integer).notNull().defaults(to: 0)
                t.column("total", .integer).notNull().defaults(to: 0)
            }
            try db.create(table: "favorite") { t in
                t.column("profile_id", .text).notNull()
                t.column("giveaway_id", .integer).notNull().indexed()
                    .references("giveaway", onDelete: .cascade)
                t.column("created_at", .datetime).notNull()
                t.primaryKey(["profile_id", "giveaway_id"])
            }
        }
        return migrator
    }
}
