import Foundation
import GiveawaysDomain
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
                    "giveaway_platform", "hook", "hook_delivery", "hook_event", "link_code", "live_event", "mark",
                    "owned_game", "profile",
                    "push_device", "rawg_usage",
                    "schema_migration", "server_secret", "steam_link", "store_offer", "sync_lease", "sync_run",
                ])
            for database in databases { await database.close() }
        }
    }

    /// A database written by the release that knew only migration 1 (the schema of SQLite v9), holding giveaways,
    /// history, marks and a profile, opens with this release: every later migration is applied once, and nothing it
    /// held is lost.
    @Test func aDatabaseOfTheFirstPostgreSQLReleaseUpgradesAndKeepsEverything() async throws {
        try await PostgresTestServer.withFreshPostgresURL { url in
            let old = try await PostgresDatabase.open(url, logger: PostgresTestServer.quiet, migratingUpTo: 1)
            let applied = try await old.rows("SELECT version FROM schema_migration").map { try $0.decode(Int.self) }
            #expect(applied == [1])
            let feed = GiveawayFeedSQLRepository(database: old)
            let first = Date(timeIntervalSince1970: 1_772_000_000)
            _ = try await feed.saveFeed([.stub(id: 1), .stub(id: 2, title: "Second")], at: first)
            _ = try await feed.saveFeed([.stub(id: 2, title: "Second")], at: first.addingTimeInterval(3600))
            let profile = ProfileID(rawValue: "cccccccccccccccccccccccccccccccc")!
            let marks = MarkSQLRepository(database: old)
            try await marks.setMark(.favorite, on: .giveaway(1), profile: profile, text: nil, at: first)
            let before = try await feed.allStoredGiveaways()
            await old.close()

            let new = try await PostgresDatabase.open(url, logger: PostgresTestServer.quiet)
            let upgraded = try await new.rows("SELECT version FROM schema_migration ORDER BY version")
                .map { try $0.decode(Int.self) }
            #expect(upgraded == PostgresSchema.migrations.map(\.version))
            #expect(try await GiveawayFeedSQLRepository(database: new).allStoredGiveaways() == before)
            #expect(before.first { $0.id == 1 }?.history.isInFeed == false, "the history came along")
            let kept = try await MarkSQLRepository(database: new).marks(of: profile)
            #expect(kept.ids(.favorite, of: .giveaway) == [1])
            // What migration 2 brought works on the upgraded database.
            #expect(
                try await PostgresSyncLease(database: new, holder: "A").take(
                    .gamerpower, now: first, for: .seconds(60), force: false) == .taken)
            await new.close()
        }
    }

    /// A database of the previous release (migrations 1–4) holding giveaways, history, marks and a profile with
    /// settings opens with this release: migrations 5 and 6 (the last Nearby area) are applied, nothing is lost, and the
    /// old profile keeps an area beside its settings.
    @Test func aDatabaseOfThePreviousReleaseUpgradesToTheNearbyAreaAndKeepsEverything() async throws {
        try await PostgresTestServer.withFreshPostgresURL { url in
            let old = try await PostgresDatabase.open(url, logger: PostgresTestServer.quiet, migratingUpTo: 4)
            let feed = GiveawayFeedSQLRepository(database: old)
            let first = Date(timeIntervalSince1970: 1_772_000_000)
            _ = try await feed.saveFeed([.stub(id: 1), .stub(id: 2, title: "Second")], at: first)
            _ = try await feed.saveFeed([.stub(id: 2, title: "Second")], at: first.addingTimeInterval(3600))
            let profile = ProfileID(rawValue: "dddddddddddddddddddddddddddddddd")!
            try await MarkSQLRepository(database: old).setMark(
                .favorite, on: .giveaway(1), profile: profile, text: nil, at: first)
            try await ProfileSQLRepository(database: old).saveRules(
                GiveawayRules(noLoot: true), for: profile, at: first)
            let token = try await ProfileSQLRepository(database: old).renewFeedToken(for: profile, at: first)
            let before = try await feed.allStoredGiveaways()
            await old.close()

            let new = try await PostgresDatabase.open(url, logger: PostgresTestServer.quiet)
            let upgraded = try await new.rows("SELECT version FROM schema_migration ORDER BY version")
                .map { try $0.decode(Int.self) }
            #expect(upgraded == PostgresSchema.migrations.map(\.version))
            #expect(try await GiveawayFeedSQLRepository(database: new).allStoredGiveaways() == before)
            #expect(before.first { $0.id == 1 }?.history.isInFeed == false, "the history came along")
            #expect(
                try await MarkSQLRepository(database: new).marks(of: profile).ids(.favorite, of: .giveaway) == [1])
            let profiles = ProfileSQLRepository(database: new)
            let settings = try await profiles.settings(of: profile)
            #expect(settings.rules.noLoot && settings.feedToken == token && settings.nearbyArea == nil)
            let area = NearbyArea(center: GeoPoint(latitude: 47.3769, longitude: 8.5417)!, zoom: 12)!
            try await profiles.saveNearbyArea(area, for: profile, at: first.addingTimeInterval(7200))
            let after = try await profiles.settings(of: profile)
            #expect(after.nearbyArea == area && after.rules.noLoot && after.feedToken == token)
            await new.close()
        }
    }
}
