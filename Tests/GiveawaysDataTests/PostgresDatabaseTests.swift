import Foundation
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData

/// Opening PostgreSQL: migrations applied exactly once however many instances start together.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipped))
struct PostgresDatabaseTests {
    @Test func tenInstancesStartingTogetherMigrateExactlyOnce() async throws {
        try await PostgresTestServer.withFreshPostgresURL { url in
            let databases = try await withThrowingTaskGroup(of: PostgresDatabase.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        try await PostgresDatabase.open(url, maximumConnections: 2, logger: PostgresTestServer.quiet)
                    }
                }
                return try await group.reduce(into: [PostgresDatabase]()) { $0.append($1) }
            }
            let applied = try await databases[0].rows("SELECT version FROM schema_migration ORDER BY version")
                .map { try $0.decode(Int.self) }
            #expect(applied == PostgresSchema.migrations.map(\.version))
            // Every table SQLite's schema has, once, and the sync leases of several instances.
            let tables = try await databases[0].rows(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name"
            ).map { try $0.decode(String.self) }
            #expect(
                tables == [
                    "catalog_game", "discover_cache", "feed_period", "giveaway", "giveaway_end_change",
                    "giveaway_platform", "hook", "hook_delivery", "hook_event", "link_code", "mark", "profile",
                    "push_device",
                    "schema_migration", "server_secret", "sync_lease", "sync_run",
                ])
            for database in databases { await database.close() }
        }
    }
}
