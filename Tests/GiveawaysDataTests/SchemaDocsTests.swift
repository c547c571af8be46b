import Foundation
import Testing

@testable import GiveawaysData

/// The README and docs/architecture.md say which schema version a database is at, and list every migration: they
/// said v14 while SQLite was at v17. Held to the migrators here, so a new migration that forgets them fails.
@Suite struct SchemaDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theDocsNameTheLastSQLiteMigrationAndListEveryOne() throws {
        let names = AppDatabase.migrator.migrations
        let last = try #require(names.last?.split(separator: ":").first.map(String.init))
        #expect(last == "v\(names.count)", "SQLite migrations are named v1, v2, … in order")
        let architecture = try text("docs/architecture.md")
        #expect(architecture.contains("**The SQLite schema is at \(last).**"), "docs/architecture.md")
        for version in 1...names.count {
            #expect(architecture.contains("| v\(version) |"), "docs/architecture.md lists v\(version)")
        }
        #expect(try text("README.md").contains("(SQLite, \(last) today)"), "README.md")
    }

    @Test func theDocsCountThePostgreSQLMigrations() throws {
        let last = try #require(PostgresSchema.migrations.last?.version)
        #expect(try text("docs/architecture.md").contains("numbered 1 to \(last),"))
    }
}
