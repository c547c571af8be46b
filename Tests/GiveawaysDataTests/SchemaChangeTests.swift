import GRDB
import Testing

@testable import GiveawaysData

/// A schema change is written once (`SchemaChange`) and becomes the next migration of each store.
@Suite struct SchemaChangeTests {
    let priceBefore = SchemaChange(
        name: "a giveaway's price before",
        statements: [SharedSQL("ALTER TABLE giveaway ADD COLUMN price_before_cents bigint")])

    @Test func theFirstChangeFollowsTheLastMigrationWrittenForEachStore() {
        let sqlite = AppDatabase.migrator(with: []).migrations
        #expect(sqlite.last?.hasPrefix("v\(SchemaChange.firstSQLiteVersion - 1): ") == true)
        #expect(PostgresSchema.migrations(with: []).last?.version == SchemaChange.firstPostgresVersion - 1)
        // Every shipped change is applied by both, after those.
        #expect(AppDatabase.migrator.migrations.count == sqlite.count + SchemaChange.all.count)
        #expect(
            PostgresSchema.migrations.map(\.version)
                == Array(1..<SchemaChange.firstPostgresVersion + SchemaChange.all.count))
    }

    @Test func aChangeIsSQLitesNextMigrationAndItsColumnIsThere() throws {
        let migrator = AppDatabase.migrator(with: [priceBefore])
        #expect(migrator.migrations.last == "v18: a giveaway's price before")
        let queue = try DatabaseQueue()
        try migrator.migrate(queue)
        let columns = try queue.read { db in try db.columns(in: "giveaway").map(\.name) }
        #expect(columns.last == "price_before_cents")
    }

    @Test func aChangeIsPostgreSQLsNextMigrationWithTheSameStatement() {
        let last = PostgresSchema.migrations(with: [priceBefore]).last
        #expect(last?.version == 10)
        #expect(last?.name == "a giveaway's price before")
        #expect(last?.statements == ["ALTER TABLE giveaway ADD COLUMN price_before_cents bigint"])
    }
}
