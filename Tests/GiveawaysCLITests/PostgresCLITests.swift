import Foundation
import GiveawaysTestSupport
import Testing

/// The CLI on PostgreSQL: `--database postgres://…` and `giveaways db copy`, as a user runs them.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipped))
struct PostgresCLITests {
    let cli: CLIRunner
    let now = "2026-03-31T12:00:00Z"

    init() throws {
        cli = try CLIRunner()
    }

    @Test func dbCopyMovesAStoreThatThenListsTheSameAndRefusesAFullTarget() async throws {
        let file = try cli.write(GamerPowerWire.sampleFeed, name: "giveaways-2026-03-31.json")
        #expect(try cli.run(["import", file]).status == 0)
        let fromSQLite = try cli.run(["list", "--now", now])
        try await PostgresTestServer.withFreshDatabaseURL { url in
            let password = try #require(URLComponents(string: url)?.password)
            let copied = try cli.run(["db", "copy", "--from", cli.database, "--to", url], database: false)
            #expect(copied.status == 0, "\(copied.stderr)")
            #expect(copied.stdout.contains("giveaway                   6         6"), "\(copied.stdout)")
            #expect(!copied.stdout.contains(password) && !copied.stderr.contains(password))

            let fromPostgres = try cli.run(["list", "--now", now, "--database", url], database: false)
            #expect(fromPostgres.status == 0, "\(fromPostgres.stderr)")
            #expect(fromPostgres.stdout == fromSQLite.stdout)

            let again = try cli.run(["db", "copy", "--from", cli.database, "--to", url], database: false)
            #expect(again.status == 65)
            #expect(again.stderr.contains("already holds data") && !again.stderr.contains(password))
            let replaced = try cli.run(
                ["db", "copy", "--from", cli.database, "--to", url, "--replace"], database: false)
            #expect(replaced.status == 0, "\(replaced.stderr)")
        }
    }

    @Test func aMissingSourceFileIsNotCopiedAsAnEmptyStore() async throws {
        try await PostgresTestServer.withFreshDatabaseURL { url in
            let missing = cli.directory.appendingPathComponent("nothing-here.sqlite").path
            let result = try cli.run(["db", "copy", "--from", missing, "--to", url], database: false)
            #expect(result.status == 65)
            #expect(result.stderr.contains("no SQLite store at"))
            #expect(!FileManager.default.fileExists(atPath: missing))
        }
    }
}
