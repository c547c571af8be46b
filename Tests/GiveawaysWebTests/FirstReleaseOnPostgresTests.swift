import Foundation
import GRDB
import GiveawaysDomain
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysData
@testable import GiveawaysWeb

/// A database of the first release, copied to PostgreSQL with `db copy`, serves its visitors' favorites from two
/// instances at once: the browser still sends the bare profile id the first release set as its cookie.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipped))
struct FirstReleaseOnPostgresTests {
    /// A SQLite file written as the first release wrote it: its migration, then its own SQL.
    func firstReleaseFile() async throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-v1-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("v1.sqlite").path
        let pool = try DatabasePool(path: path)
        try AppDatabase.migrator.migrate(pool, upTo: "v1: giveaways, history, syncs, favorites")
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO giveaway (id, title, worth_cents, thumbnail_url, image_url, description, instructions,
                      open_giveaway_url, open_giveaway, published_at, type, platforms, ends_at, users, status,
                      gamerpower_url, first_seen_at, last_seen_at, left_at, is_demo) VALUES
                    (1, 'Harbor Lights', 1999, 't1', 'i1', 'd1', 'steps', 'https://g/1', NULL,
                     '2026-03-01 00:00:00.000', 'Game', 'PC, Steam', NULL, 120, 'Active', 'https://gp/1',
                     '2026-03-01 00:00:00.000', '2026-03-03 00:00:00.000', NULL, 0),
                    (2, 'Paper Knights', NULL, 't2', 'i2', 'd2', 'steps', 'https://g/2', 'https://g/2',
                     '2026-03-01 00:00:00.000', 'DLC', 'PC, GOG', '2026-03-10 00:00:00.000', 5, 'Active',
                     'https://gp/2', '2026-03-01 00:00:00.000', '2026-03-02 00:00:00.000',
                     '2026-03-03 00:00:00.000', 0);
                    INSERT INTO feed_period (giveaway_id, appeared_at, left_at) VALUES
                    (1, '2026-03-01 00:00:00.000', NULL), (2, '2026-03-01 00:00:00.000', '2026-03-03 00:00:00.000');
                    INSERT INTO sync_run (at, succeeded, reason, added, updated, returned, left, total) VALUES
                    ('2026-03-03 00:00:00.000', 1, NULL, 2, 0, 0, 1, 1);
                    INSERT INTO favorite (profile_id, giveaway_id, created_at) VALUES
                    ('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 2, '2026-03-02 01:00:00.000'),
                    ('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 1, '2026-03-02 02:00:00.000'),
                    ('bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', 1, '2026-03-02 03:00:00.000');
                    """)
        }
        try pool.close()
        return path
    }

    @Test func aFirstReleaseDatabaseCopiedToPostgreSQLServesItsFavoritesFromTwoInstances() async throws {
        let path = try await firstReleaseFile()
        try await PostgresTestServer.withFreshDatabaseURL { url in
            // `giveaways db copy`: the file is upgraded in place, then copied whole.
            let source = try AppDatabase.open(path: path)
            let target = try await PostgresDatabase.open(PostgresURL(url), logger: PostgresTestServer.quiet)
            _ = try await DatabaseCopy.copy(from: source, to: target, replace: false)
            await target.close()

            var pages: [String] = []
            for _ in 0..<2 {
                let database = try await PostgresDatabase.open(PostgresURL(url), logger: PostgresTestServer.quiet)
                var configuration = WebConfiguration()
                configuration.fixedNow = Date(timeIntervalSince1970: 1_772_600_000)  // 4 March 2026
                configuration.keepsVisitorsInMemory = false
                configuration.imageCacheDirectory = NSTemporaryDirectory() + "gg-images-\(UUID().uuidString)"
                configuration.profileCookieKey = try await database.serverSecret(named: "profile-cookie", at: Date())
                let app = buildApplication(
                    configuration, repositories: .postgres(database), connections: .forTests,
                    source: StubSource(result: .failure(Down())), logger: PostgresTestServer.quiet,
                    runsSyncService: false)
                let page = try await app.test(.router) { client in
                    // The first release's cookie: the bare profile id.
                    let cookie: HTTPFields = [.cookie: "gg_profile=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"]
                    let page = try await client.execute(uri: "/favorites", method: .get, headers: cookie) { response in
                        #expect(response.status == .ok)
                        return response.text
                    }
                    let other: HTTPFields = [.cookie: "gg_profile=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"]
                    try await client.execute(uri: "/favorites", method: .get, headers: other) { response in
                        #expect(response.text.contains("Harbor Lights") && !response.text.contains("Paper Knights"))
                    }
                    return page
                }
                pages.append(page)
                await database.close()
            }
            for page in pages {
                #expect(page.contains("Harbor Lights"), "the live favorite")
                #expect(page.contains("Paper Knights"), "the favorite that left the feed")
            }
        }
    }
}
