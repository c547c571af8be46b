/// A change of the schema, written once for both stores.
///
/// Up to the fourth release every change was written twice: a GRDB migration in `AppDatabase` (v1–v17) and a
/// numbered one in `PostgresSchema` (1–9). From now on a change is one entry in `all`, applied as SQLite's migration
/// `v18`, `v19`… and PostgreSQL's `10`, `11`… in the order listed, each in the transaction its store's migrator
/// gives it. Append only: a shipped entry is never edited. A statement both dialects read is one text
/// (`ALTER TABLE giveaway ADD COLUMN price_before_cents bigint`); where they differ, `SharedSQL` carries both.
/// `PostgresSchemaParityTests` compares the two schemas column by column, so a change that only one store can read
/// fails there.
struct SchemaChange: Sendable {
    let name: String
    let statements: [SharedSQL]

    /// Every change since the fourth release, oldest first.
    static let all: [SchemaChange] = [
        SchemaChange(
            name: "RAWG requests by month",
            statements: [
                SharedSQL(
                    postgres: "CREATE TABLE rawg_usage (month text NOT NULL PRIMARY KEY, requests bigint NOT NULL)",
                    sqlite: "CREATE TABLE rawg_usage (month TEXT NOT NULL PRIMARY KEY, requests INTEGER NOT NULL)")
            ]),
        SchemaChange(
            name: "what visitors own",
            statements: [
                SharedSQL(
                    postgres: """
                        CREATE TABLE owned_game (
                            profile_id text NOT NULL,
                            source text NOT NULL,
                            title text NOT NULL,
                            app_id bigint,
                            PRIMARY KEY (profile_id, source, title))
                        """,
                    sqlite: """
                        CREATE TABLE owned_game (
                            profile_id TEXT NOT NULL,
                            source TEXT NOT NULL,
                            title TEXT NOT NULL,
                            app_id INTEGER,
                            PRIMARY KEY (profile_id, source, title))
                        """),
                SharedSQL(
                    postgres: """
                        CREATE TABLE steam_link (
                            profile_id text NOT NULL PRIMARY KEY,
                            steam_id text NOT NULL,
                            linked_at timestamptz NOT NULL,
                            refreshed_at timestamptz,
                            failure text,
                            failed_at timestamptz,
                            tried_at timestamptz)
                        """,
                    sqlite: """
                        CREATE TABLE steam_link (
                            profile_id TEXT NOT NULL PRIMARY KEY,
                            steam_id TEXT NOT NULL,
                            linked_at DATETIME NOT NULL,
                            refreshed_at DATETIME,
                            failure TEXT,
                            failed_at DATETIME,
                            tried_at DATETIME)
                        """),
            ]),
    ]

    /// The SQLite and PostgreSQL numbers of the first entry: one past the last migration written per store.
    static let firstSQLiteVersion = 18
    static let firstPostgresVersion = 10

    /// SQLite's name of the migration that applies `all[index]` ("v18: …").
    static func sqliteName(of change: SchemaChange, at index: Int) -> String {
        "v\(firstSQLiteVersion + index): \(change.name)"
    }
}
