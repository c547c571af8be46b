import Foundation
import Logging
import PostgresNIO

/// The PostgreSQL schema: append-only, numbered migrations (never edit a shipped one), recorded in
/// `schema_migration`. Each is applied in its own transaction under a transaction-level advisory lock, so that
/// ten instances starting together apply each exactly once and none sees half of one.
///
/// Migration 1 is SQLite's schema at its v9 (`AppDatabase`): the same tables, columns and constraints. Times are
/// `timestamptz`, integers `bigint`, blobs `bytea`. Two additions PostgreSQL needs: `mark.seq` keeps the
/// insertion order SQLite's rowid gives (the tie-break between marks set in the same instant), and identity
/// columns are `BY DEFAULT` so that `db copy` can keep every id. `PostgresSchemaParityTests` compares the two
/// schemas column by column: a change to one is a new migration here and one in `AppDatabase`.
enum PostgresSchema {
    struct Migration {
        let version: Int
        let name: String
        let statements: [String]
    }

    static let migrations = migrations(with: SchemaChange.all)

    /// Every migration: those written for PostgreSQL alone (1–9), then `changes` (`SchemaChange`).
    static func migrations(with changes: [SchemaChange]) -> [Migration] {
        written
            + changes.enumerated().map { index, change in
                Migration(
                    version: SchemaChange.firstPostgresVersion + index, name: change.name,
                    statements: change.statements.map(\.postgres))
            }
    }

    private static let written: [Migration] = [
        Migration(version: 1, name: "the schema of SQLite v9", statements: schemaOfSQLiteV9),
        Migration(version: 2, name: "sync leases", statements: syncLeases),
        Migration(version: 3, name: "push devices", statements: pushDevices),
        Migration(version: 4, name: "reminders, digest and quiet hours", statements: notificationPreferences),
        Migration(version: 5, name: "push subscriptions get reminders and back", statements: pushEvents),
        Migration(version: 6, name: "the visitor's last Nearby area", statements: nearbyArea),
        Migration(version: 7, name: "the stores' own offers", statements: storeOffers),
        Migration(
            version: 8, name: "hearted announced giveaways going free", statements: [HookEventsMigration.started]),
        Migration(version: 9, name: "the live stream's log", statements: liveEvents),
    ]

    /// Applies every migration not applied yet (up to `last`, for tests that make an earlier release's database).
    static func migrate(_ database: PostgresDatabase, upTo last: Int = .max) async throws {
        for migration in migrations where migration.version <= last {
            try await database.longWrite { sql in
                try await sql.lock(.migrations)
                try await sql.run(
                    """
                    CREATE TABLE IF NOT EXISTS schema_migration (
                        version bigint PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL)
                    """)
                let newest =
                    try await sql.rows("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migration")
                    .first?.get("v", as: Int.self) ?? 0
                let known = migrations.last?.version ?? 0
                guard newest <= known else { throw PostgresDatabaseError.newerSchema(found: newest, known: known) }
                guard newest < migration.version else { return }
                for statement in migration.statements {
                    try await sql.run(PostgresQuery(unsafeSQL: statement))
                }
                try await sql.run(
                    """
                    INSERT INTO schema_migration (version, name, applied_at)
                    VALUES (\(migration.version), \(migration.name), \(Date()))
                    """)
                database.logger.info("PostgreSQL schema migrated", metadata: ["migration": "\(migration.version)"])
            }
        }
    }

    // Constant SQL only: no value is ever spliced into these.
    private static let schemaOfSQLiteV9 = [
        """
        CREATE TABLE giveaway (
            id bigint PRIMARY KEY,
            title text NOT NULL,
            worth_cents bigint,
            thumbnail_url text NOT NULL,
            image_url text NOT NULL,
            description text NOT NULL,
            instructions text NOT NULL,
            open_giveaway_url text NOT NULL,
            open_giveaway text,
            published_at timestamptz NOT NULL,
            type text NOT NULL,
            ends_at timestamptz,
            users bigint NOT NULL,
            status text NOT NULL,
            gamerpower_url text NOT NULL,
            first_seen_at timestamptz NOT NULL,
            last_seen_at timestamptz NOT NULL,
            left_at timestamptz,
            is_demo boolean NOT NULL DEFAULT false)
        """,
        "CREATE INDEX giveaway_on_left_at ON giveaway (left_at)",
        """
        CREATE TABLE feed_period (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            giveaway_id bigint NOT NULL REFERENCES giveaway (id) ON DELETE CASCADE,
            appeared_at timestamptz NOT NULL,
            left_at timestamptz)
        """,
        "CREATE INDEX feed_period_on_giveaway_id ON feed_period (giveaway_id)",
        """
        CREATE TABLE giveaway_platform (
            giveaway_id bigint NOT NULL REFERENCES giveaway (id) ON DELETE CASCADE,
            position bigint NOT NULL,
            slug text NOT NULL,
            name text NOT NULL,
            PRIMARY KEY (giveaway_id, position))
        """,
        "CREATE INDEX giveaway_platform_on_slug ON giveaway_platform (slug)",
        """
        CREATE TABLE giveaway_end_change (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            giveaway_id bigint NOT NULL REFERENCES giveaway (id) ON DELETE CASCADE,
            changed_at timestamptz NOT NULL,
            old_ends_at timestamptz,
            new_ends_at timestamptz)
        """,
        "CREATE INDEX giveaway_end_change_on_giveaway_id ON giveaway_end_change (giveaway_id)",
        """
        CREATE TABLE sync_run (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            at timestamptz NOT NULL,
            succeeded boolean NOT NULL,
            reason text,
            added bigint NOT NULL DEFAULT 0,
            updated bigint NOT NULL DEFAULT 0,
            returned bigint NOT NULL DEFAULT 0,
            "left" bigint NOT NULL DEFAULT 0,
            total bigint NOT NULL DEFAULT 0,
            source text NOT NULL DEFAULT 'gamerpower')
        """,
        "CREATE INDEX sync_run_on_at ON sync_run (at)",
        "CREATE INDEX sync_run_by_source ON sync_run (source, at)",
        """
        CREATE TABLE mark (
            profile_id text NOT NULL,
            subject_kind text NOT NULL,
            subject_id bigint NOT NULL,
            kind text NOT NULL,
            text text,
            created_at timestamptz NOT NULL,
            updated_at timestamptz NOT NULL,
            seq bigint GENERATED BY DEFAULT AS IDENTITY UNIQUE,
            PRIMARY KEY (profile_id, subject_kind, subject_id, kind))
        """,
        """
        CREATE TABLE catalog_game (
            id bigint PRIMARY KEY,
            title text NOT NULL,
            thumbnail text,
            short_description text NOT NULL,
            game_url text,
            genre text NOT NULL,
            platforms text NOT NULL,
            publisher text NOT NULL,
            developer text NOT NULL,
            release_date text,
            profile_url text,
            rank bigint NOT NULL,
            first_seen_at timestamptz NOT NULL,
            last_seen_at timestamptz NOT NULL,
            removed_at timestamptz,
            detail_json bytea,
            detail_fetched_at timestamptz)
        """,
        """
        CREATE TABLE discover_cache (
            request text PRIMARY KEY,
            body bytea NOT NULL,
            fetched_at timestamptz NOT NULL)
        """,
        """
        CREATE TABLE profile (
            id text PRIMARY KEY,
            rules_json text,
            feed_token text UNIQUE,
            created_at timestamptz NOT NULL,
            last_seen_at timestamptz,
            previous_visit_ended_at timestamptz)
        """,
        """
        CREATE TABLE link_code (
            code text PRIMARY KEY,
            profile_id text NOT NULL,
            created_at timestamptz NOT NULL,
            expires_at timestamptz NOT NULL,
            used_at timestamptz)
        """,
        "CREATE INDEX link_code_on_profile_id ON link_code (profile_id)",
        """
        CREATE TABLE hook (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            url text NOT NULL,
            format text NOT NULL,
            secret text,
            rules_json text NOT NULL,
            events text NOT NULL,
            created_at timestamptz NOT NULL,
            baseline_at timestamptz,
            profile_id text,
            client_address text)
        """,
        "CREATE INDEX hook_on_profile_id ON hook (profile_id)",
        "CREATE INDEX hook_by_client_address ON hook (client_address)",
        """
        CREATE TABLE hook_event (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            hook_id bigint NOT NULL REFERENCES hook (id) ON DELETE CASCADE,
            giveaway_id bigint NOT NULL,
            event text NOT NULL,
            occurrence bigint NOT NULL DEFAULT 0,
            created_at timestamptz NOT NULL,
            state text NOT NULL,
            attempts bigint NOT NULL DEFAULT 0,
            next_attempt_at timestamptz NOT NULL,
            lease_until timestamptz,
            delivered_at timestamptz,
            last_error text,
            UNIQUE (hook_id, giveaway_id, event, occurrence))
        """,
        "CREATE INDEX hook_event_due ON hook_event (state, next_attempt_at)",
        """
        CREATE TABLE hook_delivery (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            hook_id bigint NOT NULL REFERENCES hook (id) ON DELETE CASCADE,
            event_id bigint,
            giveaway_id bigint NOT NULL,
            event text NOT NULL,
            attempt bigint NOT NULL,
            at timestamptz NOT NULL,
            status bigint,
            error text,
            next_attempt_at timestamptz,
            gave_up boolean NOT NULL DEFAULT false)
        """,
        "CREATE INDEX hook_delivery_on_hook_id ON hook_delivery (hook_id)",
        """
        CREATE TABLE server_secret (
            name text PRIMARY KEY,
            value bytea NOT NULL,
            created_at timestamptz NOT NULL)
        """,
    ]

    // SQLite's v10: the device behind a `webpush` hook (`PushDevice`).
    private static let pushDevices = [
        """
        CREATE TABLE push_device (
            hook_id bigint PRIMARY KEY REFERENCES hook (id) ON DELETE CASCADE,
            label text NOT NULL,
            language text NOT NULL)
        """
    ]

    // Which instance may fetch each source until when (`PostgresSyncLease`).
    /// SQLite's v11: a visitor's reminder lead, daily summary, quiet hours and time zone.
    private static let notificationPreferences = [
        """
        ALTER TABLE profile
            ADD COLUMN reminder_lead_minutes bigint NOT NULL DEFAULT 180,
            ADD COLUMN digest_minute bigint,
            ADD COLUMN quiet_start_minute bigint,
            ADD COLUMN quiet_end_minute bigint,
            ADD COLUMN time_zone text
        """
    ]

    /// SQLite's v12: every Web Push subscription takes the events a push subscription is made with since
    /// (`Hook.pushEvents`: back, new, reminder); the first ones were made with `new` and `ending`, so reminders never
    /// reached a phone.
    private static let pushEvents = [
        "UPDATE hook SET events = 'back,new,reminder' WHERE format = 'webpush'"
    ]

    /// SQLite's v13: where the visitor last looked on Nearby.
    private static let nearbyArea = [
        """
        ALTER TABLE profile
            ADD COLUMN nearby_latitude double precision,
            ADD COLUMN nearby_longitude double precision,
            ADD COLUMN nearby_zoom bigint
        """
    ]

    /// SQLite's v15: one row per offer and window a store ever listed, its id the giveaway id it is published under.
    private static let storeOffers = [
        """
        CREATE TABLE store_offer (
            id bigint PRIMARY KEY,
            store text NOT NULL,
            store_id text NOT NULL,
            title text NOT NULL,
            type text NOT NULL,
            claim_url text,
            image_url text,
            starts_at timestamptz,
            ends_at timestamptz,
            is_mystery boolean NOT NULL,
            platforms text NOT NULL,
            worth_cents bigint,
            first_seen_at timestamptz NOT NULL,
            last_seen_at timestamptz NOT NULL,
            left_at timestamptz)
        """,
        "CREATE INDEX store_offer_store ON store_offer (store, store_id)",
    ]

    /// SQLite's v17: a day of the live stream's events.
    private static let liveEvents = [
        """
        CREATE TABLE live_event (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            kind text NOT NULL,
            giveaway_id bigint NOT NULL,
            occurrence bigint NOT NULL,
            data text NOT NULL,
            platforms text NOT NULL,
            type text,
            created_at timestamptz NOT NULL,
            UNIQUE (kind, giveaway_id, occurrence))
        """,
        "CREATE INDEX live_event_created ON live_event (created_at)",
    ]

    private static let syncLeases = [
        """
        CREATE TABLE sync_lease (
            source text PRIMARY KEY,
            holder text NOT NULL,
            expires_at timestamptz NOT NULL)
        """
    ]
}
