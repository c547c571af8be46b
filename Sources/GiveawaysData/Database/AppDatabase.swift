import Foundation
import GRDB
import GiveawaysDomain

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

    /// Migrates `writer` through every migration, or up to the one named `last` (for tests that make an earlier
    /// release's database).
    init(writer: any DatabaseWriter, migratingUpTo last: String? = nil) throws {
        self.writer = writer
        if let last {
            try Self.migrator.migrate(writer, upTo: last)
        } else {
            try Self.migrator.migrate(writer)
        }
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

    static var migrator: DatabaseMigrator { migrator(with: SchemaChange.all) }

    /// Every migration: those written for SQLite alone (v1–v17), then `changes` (`SchemaChange`).
    static func migrator(with changes: [SchemaChange]) -> DatabaseMigrator {
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
        migrator.registerMigration("v2: sync sources, one marks table, platforms as rows") { db in
            try migrateToSourcesMarksAndPlatformRows(db)
        }
        migrator.registerMigration("v3: the free-to-play catalog") { db in
            // One row per game ever listed; `removed_at` instead of deleting, so visitors' notes and hidden marks
            // (in `mark`, subject kind `game`) always have their game. The detail is fetched on first view.
            try db.create(table: "catalog_game") { t in
                t.column("id", .integer).primaryKey()
                t.column("title", .text).notNull()
                t.column("thumbnail", .text)
                t.column("short_description", .text).notNull()
                t.column("game_url", .text)
                t.column("genre", .text).notNull()
                t.column("platforms", .text).notNull()
                t.column("publisher", .text).notNull()
                t.column("developer", .text).notNull()
                t.column("release_date", .text)
                t.column("profile_url", .text)
                t.column("rank", .integer).notNull()
                t.column("first_seen_at", .datetime).notNull()
                t.column("last_seen_at", .datetime).notNull()
                t.column("removed_at", .datetime)
                t.column("detail_json", .blob)
                t.column("detail_fetched_at", .datetime)
            }
        }
        migrator.registerMigration("v4: cached RAWG answers") { db in
            // Discover's RAWG answers by request (path and query, never the key), for a day, and as a fallback
            // when RAWG fails.
            try db.create(table: "discover_cache") { t in
                t.column("request", .text).primaryKey()
                t.column("body", .blob).notNull()
                t.column("fetched_at", .datetime).notNull()
            }
        }
        migrator.registerMigration("v5: profiles, link codes, end-date changes") { db in
            // What a visitor profile keeps besides marks. A row appears on the profile's first page view or
            // setting; profiles from earlier releases (marks only) simply have none yet.
            try db.create(table: "profile") { t in
                t.column("id", .text).primaryKey()
                t.column("rules_json", .text)
                t.column("feed_token", .text).unique()
                t.column("created_at", .datetime).notNull()
                t.column("last_seen_at", .datetime)
                t.column("previous_visit_ended_at", .datetime)
            }
            try db.create(table: "link_code") { t in
                t.column("code", .text).primaryKey()
                t.column("profile_id", .text).notNull().indexed()
                t.column("created_at", .datetime).notNull()
                t.column("expires_at", .datetime).notNull()
                t.column("used_at", .datetime)
            }
            // Every end-date move a sync saw, for History's "end date changed" (and notifications).
            try db.create(table: "giveaway_end_change") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("giveaway_id", .integer).notNull().indexed()
                    .references("giveaway", onDelete: .cascade)
                t.column("changed_at", .datetime).notNull()
                t.column("old_ends_at", .datetime)
                t.column("new_ends_at", .datetime)
            }
        }
        migrator.registerMigration("v6: webhooks and their outbox") { db in
            try migrateToHooks(db)
        }
        migrator.registerMigration("v7: server secrets") { db in
            // Keys the server makes for itself at first start (the profile cookies' signing key), never shown.
            try db.create(table: "server_secret") { t in
                t.column("name", .text).primaryKey()
                t.column("value", .blob).notNull()
                t.column("created_at", .datetime).notNull()
            }
        }
        migrator.registerMigration("v8: the client address that added a visitor's hook") { db in
            // So that one client's share of the server's visitor hooks can be counted (`addVisitorHook`) and the
            // operator can see who added what (`giveaways hooks list --visitors`). `NULL` for the operator's.
            try db.alter(table: "hook") { t in t.add(column: "client_address", .text) }
            try db.create(index: "hook_by_client_address", on: "hook", columns: ["client_address"])
        }
        // Earlier releases cached RAWG's answers verbatim, and RAWG echoes the API key in them. It is a cache:
        // the rows go, and secure_delete overwrites their bytes instead of leaving them in free pages.
        migrator.registerMigration("v9: no RAWG answers cached with the key") { db in
            let secureDelete = try Int.fetchOne(db, sql: "PRAGMA secure_delete") ?? 0
            try db.execute(sql: "PRAGMA secure_delete = ON")
            try db.execute(sql: "DELETE FROM discover_cache")
            try db.execute(sql: "PRAGMA secure_delete = \(secureDelete)")
        }
        migrator.registerMigration("v10: push devices") { db in
            // A Web Push subscription is a `webpush` hook; this names its device for the visitor ("Chrome on
            // Android") and keeps the language its notifications are written in. Goes with its hook.
            try db.create(table: "push_device") { t in
                t.primaryKey("hook_id", .integer).references("hook", onDelete: .cascade)
                t.column("label", .text).notNull()
                t.column("language", .text).notNull()
            }
        }
        migrator.registerMigration("v11: reminders, digest and quiet hours") { db in
            try migrateToNotificationPreferences(db)
        }
        migrator.registerMigration("v12: push subscriptions get reminders and back") { db in
            // The first push subscriptions were made with `new` and `ending`, so reminders never reached a phone;
            // every one now takes the events a push subscription is made with since (`Hook.pushEvents`).
            try db.execute(sql: "UPDATE hook SET events = 'back,new,reminder' WHERE format = 'webpush'")
        }
        migrator.registerMigration("v13: the visitor's last Nearby area") { db in
            // Where the visitor last looked on Nearby (the map's centre and zoom), so `/nearby` opens there. All
            // three `NULL` until they search an area of their own.
            try db.alter(table: "profile") { t in
                t.add(column: "nearby_latitude", .double)
                t.add(column: "nearby_longitude", .double)
                t.add(column: "nearby_zoom", .integer)
            }
        }
        migrator.registerMigration("v14: primary keys that are never NULL") { db in
            try migrateToPrimaryKeysThatAreNeverNull(db)
        }
        migrator.registerMigration("v15: the stores' own offers") { db in
            // One row per offer and window a store ever listed (Epic, Epic mobile, Steam, GOG); `id` is the
            // giveaway id it is published under (from 1,000,000,000: never one of GamerPower's), `left_at` instead
            // of deleting, so marks and history keep their giveaway.
            try db.create(table: "store_offer") { t in
                t.column("id", .integer).primaryKey()
                t.column("store", .text).notNull()
                t.column("store_id", .text).notNull()
                t.column("title", .text).notNull()
                t.column("type", .text).notNull()
                t.column("claim_url", .text)
                t.column("image_url", .text)
                t.column("starts_at", .datetime)
                t.column("ends_at", .datetime)
                t.column("is_mystery", .boolean).notNull()
                t.column("platforms", .text).notNull()
                t.column("worth_cents", .integer)
                t.column("first_seen_at", .datetime).notNull()
                t.column("last_seen_at", .datetime).notNull()
                t.column("left_at", .datetime)
            }
            try db.create(index: "store_offer_store", on: "store_offer", columns: ["store", "store_id"])
        }
        migrator.registerMigration("v16: hearted announced giveaways going free") { db in
            try db.execute(sql: HookEventsMigration.started)
        }
        migrator.registerMigration("v17: the live stream's log") { db in
            // A day of `/api/v1/events`, so a client resumes with Last-Event-ID. `giveaway_id` 0 for a sync's
            // event; (kind, giveaway_id, occurrence) keeps one of each change however many instances plan it.
            try db.create(table: "live_event") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("kind", .text).notNull()
                t.column("giveaway_id", .integer).notNull()
                t.column("occurrence", .integer).notNull()
                t.column("data", .text).notNull()
                t.column("platforms", .text).notNull()
                t.column("type", .text)
                t.column("created_at", .datetime).notNull()
                t.uniqueKey(["kind", "giveaway_id", "occurrence"])
            }
            try db.create(index: "live_event_created", on: "live_event", columns: ["created_at"])
        }
        // From here on, each change is written once for both stores.
        for (index, change) in changes.enumerated() {
            migrator.registerMigration(SchemaChange.sqliteName(of: change, at: index)) { db in
                for statement in change.statements { try db.execute(sql: statement.sqlite) }
            }
        }
        return migrator
    }

    /// v14. `profile.id`, `link_code.code`, `discover_cache.request` and `server_secret.name` were made with GRDB's
    /// legacy `primaryKey()`, which adds no NOT NULL: SQLite then lets a text primary key hold NULL (a quirk kept for
    /// compatibility; an INTEGER PRIMARY KEY is the rowid and never NULL), where PostgreSQL's schema (`PostgresSchema`)
    /// refuses it. SQLite cannot add NOT NULL to a column, so each table is made again as it was with the key NOT
    /// NULL, its rows are copied (one without a key, which the app never writes nor could find, is left behind), it
    /// replaces the old one, and its plain indexes are made again under their names (the UNIQUE one on
    /// `profile.feed_token` comes with the table). No other table refers to these four.
    private static func migrateToPrimaryKeysThatAreNeverNull(_ db: Database) throws {
        func remake(_ table: String, key: String, _ define: (TableDefinition) -> Void) throws {
            let columns = try db.columns(in: table).map(\.name.quotedDatabaseIdentifier).joined(separator: ", ")
            try db.create(table: "new_\(table)", body: define)
            try db.execute(
                sql: "INSERT INTO new_\(table) (\(columns)) SELECT \(columns) FROM \(table) WHERE \(key) IS NOT NULL")
            try db.drop(table: table)
            try db.rename(table: "new_\(table)", to: table)
        }
        try remake("discover_cache", key: "request") { t in
            t.primaryKey("request", .text)
            t.column("body", .blob).notNull()
            t.column("fetched_at", .datetime).notNull()
        }
        try remake("profile", key: "id") { t in
            t.primaryKey("id", .text)
            t.column("rules_json", .text)
            t.column("feed_token", .text).unique()
            t.column("created_at", .datetime).notNull()
            t.column("last_seen_at", .datetime)
            t.column("previous_visit_ended_at", .datetime)
            t.column("reminder_lead_minutes", .integer).notNull().defaults(to: 180)
            t.column("digest_minute", .integer)
            t.column("quiet_start_minute", .integer)
            t.column("quiet_end_minute", .integer)
            t.column("time_zone", .text)
            t.column("nearby_latitude", .double)
            t.column("nearby_longitude", .double)
            t.column("nearby_zoom", .integer)
        }
        try remake("link_code", key: "code") { t in
            t.primaryKey("code", .text)
            t.column("profile_id", .text).notNull()
            t.column("created_at", .datetime).notNull()
            t.column("expires_at", .datetime).notNull()
            t.column("used_at", .datetime)
        }
        try db.create(index: "link_code_on_profile_id", on: "link_code", columns: ["profile_id"])
        try remake("server_secret", key: "name") { t in
            t.primaryKey("name", .text)
            t.column("value", .blob).notNull()
            t.column("created_at", .datetime).notNull()
        }
    }

    /// v11. A visitor's notification settings on their profile: the reminder's lead in minutes (0 = off, 180 by
    /// default), the daily summary's and quiet hours' local minutes of the day (`NULL` = none) and the IANA time zone
    /// they are in (`NULL` = the server's).
    private static func migrateToNotificationPreferences(_ db: Database) throws {
        try db.alter(table: "profile") { t in
            t.add(column: "reminder_lead_minutes", .integer).notNull().defaults(to: ReminderLead.standard.rawValue)
            t.add(column: "digest_minute", .integer)
            t.add(column: "quiet_start_minute", .integer)
            t.add(column: "quiet_end_minute", .integer)
            t.add(column: "time_zone", .text)
        }
    }

    /// v6. Webhooks, the outbox of their events and the log of delivery attempts. An event row is written in the
    /// same transaction as the sync that raised it; UNIQUE(hook, giveaway, event, occurrence) makes raising it
    /// twice a no-op (`INSERT OR IGNORE`), so every event exists once whatever syncs, ticks or restarts do.
    private static func migrateToHooks(_ db: Database) throws {
        try db.create(table: "hook") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("url", .text).notNull()
            t.column("format", .text).notNull()
            t.column("secret", .text)
            t.column("rules_json", .text).notNull()
            t.column("events", .text).notNull()
            t.column("created_at", .datetime).notNull()
            t.column("baseline_at", .datetime)
            // Visitor-owned hooks (Settings) later; `NULL` for the operator's.
            t.column("profile_id", .text).indexed()
        }
        try db.create(table: "hook_event") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("hook_id", .integer).notNull().references("hook", onDelete: .cascade)
            t.column("giveaway_id", .integer).notNull()
            t.column("event", .text).notNull()
            // 0 for `new` and `ending` (once per giveaway); the `giveaway_end_change` id for `changed`, so a
            // second move of the end date is a second event.
            t.column("occurrence", .integer).notNull().defaults(to: 0)
            t.column("created_at", .datetime).notNull()
            // pending → sending (leased) → delivered | failed (gave up)
            t.column("state", .text).notNull()
            t.column("attempts", .integer).notNull().defaults(to: 0)
            t.column("next_attempt_at", .datetime).notNull()
            t.column("lease_until", .datetime)
            t.column("delivered_at", .datetime)
            t.column("last_error", .text)
            t.uniqueKey(["hook_id", "giveaway_id", "event", "occurrence"])
        }
        try db.create(index: "hook_event_due", on: "hook_event", columns: ["state", "next_attempt_at"])
        try db.create(table: "hook_delivery") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("hook_id", .integer).notNull().indexed().references("hook", onDelete: .cascade)
            t.column("event_id", .integer)
            t.column("giveaway_id", .integer).notNull()
            t.column("event", .text).notNull()
            t.column("attempt", .integer).notNull()
            t.column("at", .datetime).notNull()
            t.column("status", .integer)
            t.column("error", .text)
            t.column("next_attempt_at", .datetime)
            t.column("gave_up", .boolean).notNull().defaults(to: false)
        }
    }

    /// v2. The sync log learns which source each run was for (every earlier run was GamerPower's); favorites
    /// become marks of kind `favorite` in one table keyed by profile, subject and kind, so that later marks
    /// (claimed, not interested, notes, hidden) need no new table; and each giveaway's platforms move from a
    /// joined display string to one row each, with the slug, so counts and filters never re-parse text.
    private static func migrateToSourcesMarksAndPlatformRows(_ db: Database) throws {
        try db.alter(table: "sync_run") { t in
            t.add(column: "source", .text).notNull().defaults(to: SourceID.gamerpower.rawValue)
        }
        try db.create(index: "sync_run_by_source", on: "sync_run", columns: ["source", "at"])

        try db.create(table: "mark") { t in
            t.column("profile_id", .text).notNull()
            t.column("subject_kind", .text).notNull()
            t.column("subject_id", .integer).notNull()
            t.column("kind", .text).notNull()
            t.column("text", .text)
            t.column("created_at", .datetime).notNull()
            t.column("updated_at", .datetime).notNull()
            t.primaryKey(["profile_id", "subject_kind", "subject_id", "kind"])
        }
        // Oldest first, so that rowid order keeps the old tie-break between favorites set in the same instant.
        try db.execute(
            sql: """
                INSERT INTO mark (profile_id, subject_kind, subject_id, kind, text, created_at, updated_at)
                SELECT profile_id, 'giveaway', giveaway_id, 'favorite', NULL, created_at, created_at
                FROM favorite ORDER BY rowid
                """)
        try db.drop(table: "favorite")

        try db.create(table: "giveaway_platform") { t in
            t.column("giveaway_id", .integer).notNull().references("giveaway", onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.column("slug", .text).notNull().indexed()
            t.column("name", .text).notNull()
            t.primaryKey(["giveaway_id", "position"])
        }
        let joined = try Row.fetchAll(db, sql: "SELECT id, platforms FROM giveaway")
        for row in joined {
            let id: Int = row["id"]
            for (position, platform) in Platform.parseList(row["platforms"]).enumerated() {
                try GiveawayPlatformRow(giveawayId: id, position: position, platform: platform).insert(db)
            }
        }
        try db.alter(table: "giveaway") { t in t.drop(column: "platforms") }
    }
}
