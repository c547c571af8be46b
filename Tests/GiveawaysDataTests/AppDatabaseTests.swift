import Foundation
import GRDB
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData

/// What only the SQLite store does: transactions, WAL files, and upgrades of databases written by earlier releases.
@Suite struct AppDatabaseTests {
    let alice = ProfileID(rawValue: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")!

    @Test func aWriteThatFailsHalfwayRollsBackEntirely() async throws {
        let database = try AppDatabase.inMemory()
        let feed = GiveawayFeedSQLRepository(database: database)
        _ = try await feed.saveFeed([.stub(id: 1)], at: utc("2026-03-01T00:00:00Z"))
        // A feed whose second item is refused by a trigger fails inside the transaction.
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER reject_666 BEFORE INSERT ON giveaway WHEN NEW.id = 666
                    BEGIN SELECT RAISE(ABORT, 'boom'); END
                    """)
        }
        await #expect(throws: DatabaseError.self) {
            try await feed.saveFeed([.stub(id: 2), .stub(id: 666)], at: utc("2026-03-02T00:00:00Z"))
        }
        #expect(try await feed.giveawaysInFeed().map(\.id) == [1])
        #expect(try await feed.storedGiveaway(id: 2) == nil)
    }

    @Test func aDatabaseFileUsesWALAndKeepsDataAcrossReopening() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("nested/store.sqlite").path
        do {
            let database = try AppDatabase.open(path: path)
            _ = try await GiveawayFeedSQLRepository(database: database).saveFeed(
                [.stub(id: 1)], at: utc("2026-03-01T00:00:00Z"))
            try await MarkSQLRepository(database: database).setMark(
                .favorite, on: .giveaway(1), profile: alice, text: nil, at: utc("2026-03-01T00:00:00Z"))
            let mode = try await database.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
            #expect(mode == "wal")
        }
        let reopened = try AppDatabase.open(path: path)
        #expect(try await GiveawayFeedSQLRepository(database: reopened).giveawaysInFeed().map(\.id) == [1])
        #expect(
            try await MarkSQLRepository(database: reopened).marks(of: alice).ids(.favorite, of: .giveaway) == [1])
    }

    /// v16: every hook that asked for a hearted giveaway's news (`back`: Settings' "hearted" box, every push
    /// subscription) also gets "free now" (`started`); the others are left as they were.
    /// The fourth release's database (SQLite v17, before changes were written once) opens with this release, gets
    /// v18 (`rawg_usage`, the first `SchemaChange`) and keeps every giveaway, history row and visitor mark.
    @Test func theFourthReleasesV17DatabaseUpgradesAndKeepsGiveawaysHistoryAndMarks() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-v17-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("v17.sqlite").path
        do {
            let pool = try DatabasePool(path: path)
            let v17 = try AppDatabase(writer: pool, migratingUpTo: "v17: the live stream's log")
            let feed = GiveawayFeedSQLRepository(database: v17)
            _ = try await feed.saveFeed([.stub(id: 1), .stub(id: 2)], at: utc("2026-03-01T00:00:00Z"))
            _ = try await feed.saveFeed([.stub(id: 1)], at: utc("2026-03-02T00:00:00Z"))
            _ = try await feed.saveFeed([.stub(id: 1), .stub(id: 2)], at: utc("2026-03-03T00:00:00Z"))
            let marks = MarkSQLRepository(database: v17)
            try await marks.setMark(
                .favorite, on: .giveaway(2), profile: alice, text: nil, at: utc("2026-03-03T00:00:00Z"))
            try await marks.setMark(
                .claimed, on: .giveaway(1), profile: alice, text: nil, at: utc("2026-03-03T00:00:00Z"))
            let tables = try await pool.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master") }
            #expect(!tables.contains("rawg_usage"), "written before v18")
            try pool.close()
        }
        let database = try AppDatabase.open(path: path)
        let feed = GiveawayFeedSQLRepository(database: database)
        #expect(try await feed.giveawaysInFeed().map(\.id) == [1, 2])
        #expect(try await feed.storedGiveaway(id: 2)?.history.periods.count == 2, "left and came back")
        let marks = try await MarkSQLRepository(database: database).marks(of: alice)
        #expect(marks.ids(.favorite, of: .giveaway) == [2] && marks.ids(.claimed, of: .giveaway) == [1])
        #expect(
            try await DiscoverCacheSQLRepository(database: database).requests(inMonthOf: utc("2026-03-03T00:00:00Z"))
                == 0)
    }

    @Test func hooksThatAskedForHeartedNewsGetFreeNowOnUpgrade() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-v15-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("v15.sqlite").path
        do {
            let pool = try DatabasePool(path: path)
            try AppDatabase.migrator.migrate(pool, upTo: "v15: the stores' own offers")
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO hook (id, url, format, secret, rules_json, events, created_at) VALUES
                        (1, 'https://push.example/1', 'webpush', NULL, '{}', 'back,new,reminder', '2026-11-01 00:00:00.000'),
                        (2, 'https://example.org/h', 'json', NULL, '{}', 'ending,new', '2026-11-01 00:00:00.000'),
                        (3, 'https://example.org/t', 'telegram', NULL, '{}', 'back', '2026-11-01 00:00:00.000')
                        """)
            }
            try pool.close()
        }
        let database = try AppDatabase.open(path: path)
        let hooks = try await HookSQLRepository(database: database).hooks()
        #expect(hooks.map(\.events) == [[.back, .new, .reminder, .started], [.ending, .new], [.back, .started]])
        let stored = try await database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT events FROM hook ORDER BY id")
        }
        #expect(stored == ["back,new,reminder,started", "ending,new", "back,started"], "still sorted")
    }

    /// A database written by the first release (schema v1: favorites in their own table, platforms as one joined
    /// string, sync runs without a source) opens with this one, migrates, and keeps every giveaway, history row and
    /// favorite.
    @Test func aFirstReleaseDatabaseUpgradesInPlaceAndKeepsEverything() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-old-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("v1.sqlite").path
        // Given a file written exactly as the first release wrote it: its migration, then its own SQL.
        do {
            let pool = try DatabasePool(path: path)
            try AppDatabase.migrator.migrate(pool, upTo: "v1: giveaways, history, syncs, favorites")
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO giveaway (id, title, worth_cents, thumbnail_url, image_url, description, instructions,
                          open_giveaway_url, open_giveaway, published_at, type, platforms, ends_at, users, status,
                          gamerpower_url, first_seen_at, last_seen_at, left_at, is_demo) VALUES
                        (1, 'Live game', 1999, 't1', 'i1', 'd1', 'steps', 'https://g/1', NULL, '2026-03-01 00:00:00.000',
                         'Game', 'PC, Steam, Epic Games Store', NULL, 120, 'Active', 'https://gp/1',
                         '2026-03-01 00:00:00.000', '2026-03-03 00:00:00.000', NULL, 0),
                        (2, 'Gone loot', NULL, 't2', 'i2', 'd2', 'steps', 'https://g/2', 'https://g/2',
                         '2026-03-01 00:00:00.000', 'DLC', 'Dreamcast', '2026-03-10 00:00:00.000', 5, 'Active',
                         'https://gp/2', '2026-03-01 00:00:00.000', '2026-03-02 00:00:00.000',
                         '2026-03-03 00:00:00.000', 0);
                        INSERT INTO feed_period (giveaway_id, appeared_at, left_at) VALUES
                        (1, '2026-03-01 00:00:00.000', NULL),
                        (2, '2026-03-01 00:00:00.000', '2026-03-02 00:00:00.000'),
                        (2, '2026-03-02 12:00:00.000', '2026-03-03 00:00:00.000');
                        INSERT INTO sync_run (at, succeeded, reason, added, updated, returned, left, total) VALUES
                        ('2026-03-02 00:00:00.000', 1, NULL, 2, 0, 0, 0, 2),
                        ('2026-03-03 00:00:00.000', 1, NULL, 0, 0, 0, 1, 1),
                        ('2026-03-03 06:00:00.000', 0, 'GamerPower answered HTTP 503', 0, 0, 0, 0, 0);
                        INSERT INTO favorite (profile_id, giveaway_id, created_at) VALUES
                        ('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 2, '2026-03-02 01:00:00.000'),
                        ('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 1, '2026-03-02 02:00:00.000'),
                        ('bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', 1, '2026-03-02 03:00:00.000');
                        """)
            }
            try pool.close()
        }

        // When this release opens it
        let database = try AppDatabase.open(path: path)
        let feed = GiveawayFeedSQLRepository(database: database)
        // (up to the stores' own offers, v15: a table of its own, empty until a store is read)
        #expect(try await StoreOfferSQLRepository(database: database).allOffers().isEmpty)

        // Then every giveaway is there, with its platforms as rows (known and unknown alike)
        let one = try #require(try await feed.storedGiveaway(id: 1))
        #expect(one.giveaway.platforms.map(\.slug) == ["pc", "steam", "epic-games-store"])
        #expect(one.giveaway.worth == Worth(cents: 1999))
        #expect(one.history.isInFeed)
        let two = try #require(try await feed.storedGiveaway(id: 2))
        #expect(two.giveaway.platforms.map(\.displayName) == ["Dreamcast"])
        #expect(!two.giveaway.platforms[0].isKnown)
        #expect(two.history.leftAt == utc("2026-03-03T00:00:00Z"))
        #expect(two.history.periods.count == 2)
        #expect(try await feed.giveawaysInFeed().map(\.id) == [1])
        let slugRows = try await database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT slug FROM giveaway_platform ORDER BY giveaway_id, position")
        }
        #expect(slugRows == ["pc", "steam", "epic-games-store", "dreamcast"])

        // And every favorite is a favorite mark, in the same order, for the same profile
        let marks = MarkSQLRepository(database: database)
        #expect(try await marks.marks(of: alice).ids(.favorite, of: .giveaway) == [1, 2])
        let bob = ProfileID(rawValue: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb")!
        #expect(try await marks.marks(of: bob).ids(.favorite, of: .giveaway) == [1])

        // And the old sync runs are GamerPower's
        let log = try await SyncLogSQLRepository(database: database).syncLog(of: .gamerpower)
        #expect(log.lastSuccess?.at == utc("2026-03-03T00:00:00Z"))
        #expect(log.lastSuccess?.changes == SyncChanges(left: 1, total: 1))
        #expect(log.lastFailure?.failureReason == "GamerPower answered HTTP 503")

        // And the next sync carries on from the old history
        let report = try await feed.saveFeed(
            [.stub(id: 1, title: "Live game"), .stub(id: 2)], at: utc("2026-03-04T00:00:00Z"))
        #expect(report.returned == [2])
        #expect(try await feed.storedGiveaway(id: 2)?.history.periods.count == 3)

        // And opening it again migrates nothing twice
        let again = try AppDatabase.open(path: path)
        #expect(
            try await MarkSQLRepository(database: again).marks(of: alice).ids(.favorite, of: .giveaway) == [1, 2])
    }

    /// The previous release wrote schema v2 (sync sources, the marks table, platforms as rows); this one adds the
    /// catalog (v3) and the RAWG cache (v4). Such a file keeps every giveaway, history row, sync run and mark.
    @Test func aPreviousReleaseDatabaseUpgradesInPlaceAndKeepsEverything() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-v2-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("v2.sqlite").path
        // Given a file written as the previous release wrote it: migrations up to v2, then rows in v2's shape.
        do {
            let pool = try DatabasePool(path: path)
            try AppDatabase.migrator.migrate(pool, upTo: "v2: sync sources, one marks table, platforms as rows")
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO giveaway (id, title, worth_cents, thumbnail_url, image_url, description, instructions,
                          open_giveaway_url, open_giveaway, published_at, type, ends_at, users, status,
                          gamerpower_url, first_seen_at, last_seen_at, left_at, is_demo) VALUES
                        (1, 'Live game', 1999, 't1', 'i1', 'd1', 'steps', 'https://g/1', NULL, '2026-03-01 00:00:00.000',
                         'Game', NULL, 120, 'Active', 'https://gp/1', '2026-03-01 00:00:00.000',
                         '2026-03-03 00:00:00.000', NULL, 0),
                        (2, 'Gone loot', NULL, 't2', 'i2', 'd2', 'steps', 'https://g/2', NULL, '2026-03-01 00:00:00.000',
                         'DLC', NULL, 5, 'Active', 'https://gp/2', '2026-03-01 00:00:00.000',
                         '2026-03-02 00:00:00.000', '2026-03-02 00:00:00.000', 0);
                        INSERT INTO giveaway_platform (giveaway_id, position, slug, name) VALUES
                        (1, 0, 'pc', 'PC'), (1, 1, 'steam', 'Steam'), (2, 0, 'dreamcast', 'Dreamcast');
                        INSERT INTO feed_period (giveaway_id, appeared_at, left_at) VALUES
                        (1, '2026-03-01 00:00:00.000', NULL), (2, '2026-03-01 00:00:00.000', '2026-03-02 00:00:00.000');
                        INSERT INTO sync_run (source, at, succeeded, reason, added, updated, returned, left, total) VALUES
                        ('gamerpower', '2026-03-02 00:00:00.000', 1, NULL, 2, 0, 0, 1, 1),
                        ('gamerpower', '2026-03-03 00:00:00.000', 0, 'GamerPower answered HTTP 503', 0, 0, 0, 0, 0);
                        INSERT INTO mark (profile_id, subject_kind, subject_id, kind, text, created_at, updated_at) VALUES
                        ('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'giveaway', 2, 'favorite', NULL,
                         '2026-03-02 01:00:00.000', '2026-03-02 01:00:00.000'),
                        ('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'giveaway', 1, 'favorite', NULL,
                         '2026-03-02 02:00:00.000', '2026-03-02 02:00:00.000');
                        """)
            }
            try pool.close()
        }

        // When this release opens it
        let database = try AppDatabase.open(path: path)
        let feed = GiveawayFeedSQLRepository(database: database)

        // Then every giveaway, platform, history row, sync run and mark is there
        #expect(try await feed.storedGiveaway(id: 1)?.giveaway.platforms.map(\.slug) == ["pc", "steam"])
        let gone = try #require(try await feed.storedGiveaway(id: 2))
        #expect(gone.history.leftAt == utc("2026-03-02T00:00:00Z") && gone.history.periods.count == 1)
        #expect(try await feed.giveawaysInFeed().map(\.id) == [1])
        let log = try await SyncLogSQLRepository(database: database).syncLog(of: .gamerpower)
        #expect(log.lastFailure?.failureReason == "GamerPower answered HTTP 503")
        #expect(log.lastSuccess?.changes == SyncChanges(added: 2, left: 1, total: 1))
        let marks = MarkSQLRepository(database: database)
        #expect(try await marks.marks(of: alice).ids(.favorite, of: .giveaway) == [1, 2])

        // And the new tables work beside the old data: a catalog sync, a note on a game, a cached RAWG answer
        let catalog = CatalogSQLRepository(database: database)
        #expect(try await catalog.allCatalogGames().isEmpty)
        _ = try await catalog.saveCatalog([CatalogGame(id: 9, title: "Nine")], at: utc("2026-03-04T00:00:00Z"))
        try await marks.setMark(.note, on: .game(9), profile: alice, text: "hi", at: utc("2026-03-04T00:00:00Z"))
        let all = try await marks.marks(of: alice)
        #expect(all.ids(.favorite, of: .giveaway) == [1, 2] && all.mark(.note, on: .game(9))?.text == "hi")
        let cache = DiscoverCacheSQLRepository(database: database)
        try await cache.storeAnswer(Data("{}".utf8), for: "/genres", at: utc("2026-03-04T00:00:00Z"))
        #expect(try await cache.cachedAnswer(for: "/genres")?.body == Data("{}".utf8))

        // And a profile of that release gets rules, visits and a feed token without losing a mark (schema v5)
        let profiles = ProfileSQLRepository(database: database)
        #expect(try await profiles.settings(of: alice) == .none)
        try await profiles.saveRules(GiveawayRules(noLoot: true), for: alice, at: utc("2026-03-04T00:00:00Z"))
        _ = try await profiles.recordVisit(of: alice, at: utc("2026-03-04T00:00:00Z"))
        #expect(try await profiles.settings(of: alice).rules.noLoot)
        #expect(try await marks.marks(of: alice).ids(.favorite, of: .giveaway) == [1, 2])
        // and the next sync records an end-date move of an old giveaway
        var moved = try #require(try await feed.storedGiveaway(id: 1)).giveaway
        moved.endsAt = utc("2026-04-01T00:00:00Z")
        #expect(try await feed.saveFeed([moved], at: utc("2026-03-05T00:00:00Z")).endDateChanged == [1])

        // And a hook added to the upgraded store is told about what the next sync brings (schema v6)
        let hooks = HookSQLRepository(database: database)
        let hook = try await hooks.addHook(
            Hook(url: URL(string: "https://example.org/hook")!, createdAt: utc("2026-03-05T00:00:00Z")))
        #expect(hook.baselineAt != nil, "the upgraded store holds a real feed, so the hook starts from now")
        let withEvents = GiveawayFeedSQLRepository(database: database)
        _ = try await withEvents.saveFeed(
            [moved, .stub(id: 3, title: "New after the upgrade")], at: utc("2026-03-06T00:00:00Z"))
        let claimed = try await hooks.claimDue(now: utc("2026-03-06T00:00:00Z"), lease: 60, limit: 10)
        #expect(claimed.map(\.giveaway.id) == [3])
        #expect(try await marks.marks(of: alice).ids(.favorite, of: .giveaway) == [1, 2])
    }

    @Test func thePreviousReleasesSchemaV6UpgradesAndKeepsGiveawaysHistoryMarksProfilesAndHooks() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-v6-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("v6.sqlite").path
        let bob = try #require(ProfileID(rawValue: String(repeating: "b", count: 32)))
        // Given a file as the release before this one (schema v6: profiles, webhooks) wrote it.
        do {
            let pool = try DatabasePool(path: path)
            try AppDatabase.migrator.migrate(pool, upTo: "v6: webhooks and their outbox")
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO giveaway (id, title, worth_cents, thumbnail_url, image_url, description, instructions,
                          open_giveaway_url, open_giveaway, published_at, type, ends_at, users, status,
                          gamerpower_url, first_seen_at, last_seen_at, left_at, is_demo) VALUES
                        (1, 'Live game', 1999, 't1', 'i1', 'd1', 'steps', 'https://g/1', NULL, '2026-03-01 00:00:00.000',
                         'Game', '2026-04-01 00:00:00.000', 120, 'Active', 'https://gp/1', '2026-03-01 00:00:00.000',
                         '2026-03-03 00:00:00.000', NULL, 0);
                        INSERT INTO giveaway_platform (giveaway_id, position, slug, name) VALUES (1, 0, 'steam', 'Steam');
                        INSERT INTO feed_period (giveaway_id, appeared_at, left_at) VALUES
                        (1, '2026-03-01 00:00:00.000', NULL);
                        INSERT INTO mark (profile_id, subject_kind, subject_id, kind, text, created_at, updated_at) VALUES
                        ('\(bob.rawValue)', 'giveaway', 1, 'favorite', NULL, '2026-03-02 01:00:00.000', '2026-03-02 01:00:00.000');
                        INSERT INTO profile (id, rules_json, feed_token, created_at) VALUES
                        ('\(bob.rawValue)', NULL, '\(String(repeating: "c", count: 32))', '2026-03-01 00:00:00.000');
                        INSERT INTO hook (url, format, secret, rules_json, events, created_at, baseline_at, profile_id) VALUES
                        ('https://example.org/h', 'json', NULL, '{}', 'new', '2026-03-01 00:00:00.000',
                         '2026-03-01 00:00:00.000', '\(bob.rawValue)');
                        INSERT INTO discover_cache (request, body, fetched_at) VALUES
                        ('/genres?key=secret', X'7B7D', '2026-03-03 00:00:00.000');
                        """)
            }
            try pool.close()
        }

        // When this release opens it (v7 server secrets, v8 the hook's client address, v9 the RAWG cache cleared)
        let database = try AppDatabase.open(path: path)

        // Then the giveaway, its history, the mark, the profile and its feed token, and the hook are all there
        let feed = GiveawayFeedSQLRepository(database: database)
        #expect(try await feed.storedGiveaway(id: 1)?.history.periods.count == 1)
        #expect(try await MarkSQLRepository(database: database).marks(of: bob).has(.favorite, on: .giveaway(1)))
        let profiles = ProfileSQLRepository(database: database)
        #expect(try await profiles.settings(of: bob).feedToken?.rawValue == String(repeating: "c", count: 32))
        #expect(try await profiles.holdsData(bob), "the old, unsigned cookie of this profile is still honoured")
        #expect(try await HookSQLRepository(database: database).hooks(of: bob).count == 1)
        #expect(
            try await DiscoverCacheSQLRepository(database: database).cachedAnswer(for: "/genres?key=secret") == nil)
        #expect(try database.serverSecret(named: "profile-cookie").count == 32)
    }

    /// The release before this one wrote schema v11 (push devices, notification settings); this one adds v12 (push
    /// subscriptions get reminders) and v13, the visitor's last Nearby area, to the profile's row.
    @Test func thePreviousReleasesSchemaV11UpgradesKeepsEverythingAndRemembersANearbyArea() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-v11-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("v11.sqlite").path
        let carol = try #require(ProfileID(rawValue: String(repeating: "d", count: 32)))
        let rulesJSON = try RulesJSON.encode(GiveawayRules(noLoot: true))
        // Given a file as the previous release (schema v11) wrote it: giveaways with history, marks, a profile with
        // rules, a feed token and notification settings, and a visitor's push hook with its device.
        do {
            let pool = try DatabasePool(path: path)
            try AppDatabase.migrator.migrate(pool, upTo: "v11: reminders, digest and quiet hours")
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO giveaway (id, title, worth_cents, thumbnail_url, image_url, description, instructions,
                          open_giveaway_url, open_giveaway, published_at, type, ends_at, users, status,
                          gamerpower_url, first_seen_at, last_seen_at, left_at, is_demo) VALUES
                        (1, 'Live game', 1999, 't1', 'i1', 'd1', 'steps', 'https://g/1', NULL, '2026-03-01 00:00:00.000',
                         'Game', '2026-04-01 00:00:00.000', 120, 'Active', 'https://gp/1', '2026-03-01 00:00:00.000',
                         '2026-03-03 00:00:00.000', NULL, 0),
                        (2, 'Gone loot', NULL, 't2', 'i2', 'd2', 'steps', 'https://g/2', NULL, '2026-03-01 00:00:00.000',
                         'DLC', NULL, 5, 'Active', 'https://gp/2', '2026-03-01 00:00:00.000',
                         '2026-03-02 00:00:00.000', '2026-03-02 00:00:00.000', 0);
                        INSERT INTO giveaway_platform (giveaway_id, position, slug, name) VALUES
                        (1, 0, 'steam', 'Steam'), (2, 0, 'gog', 'GOG');
                        INSERT INTO feed_period (giveaway_id, appeared_at, left_at) VALUES
                        (1, '2026-03-01 00:00:00.000', NULL), (2, '2026-03-01 00:00:00.000', '2026-03-02 00:00:00.000');
                        INSERT INTO giveaway_end_change (giveaway_id, changed_at, old_ends_at, new_ends_at) VALUES
                        (1, '2026-03-02 00:00:00.000', '2026-03-20 00:00:00.000', '2026-04-01 00:00:00.000');
                        INSERT INTO mark (profile_id, subject_kind, subject_id, kind, text, created_at, updated_at) VALUES
                        ('\(carol.rawValue)', 'giveaway', 1, 'favorite', NULL, '2026-03-02 01:00:00.000', '2026-03-02 01:00:00.000'),
                        ('\(carol.rawValue)', 'giveaway', 2, 'claimed', NULL, '2026-03-02 02:00:00.000', '2026-03-02 02:00:00.000');
                        INSERT INTO profile (id, rules_json, feed_token, created_at, last_seen_at, reminder_lead_minutes,
                          time_zone) VALUES
                        ('\(carol.rawValue)', '\(rulesJSON)', '\(String(repeating: "e", count: 32))',
                         '2026-03-01 00:00:00.000', '2026-03-02 02:00:00.000', 60, 'Europe/Berlin');
                        INSERT INTO hook (id, url, format, secret, rules_json, events, created_at, baseline_at, profile_id)
                        VALUES (7, 'https://push.example.org/e/1', 'webpush', 'p.a', '{}', 'new',
                          '2026-03-01 00:00:00.000', '2026-03-01 00:00:00.000', '\(carol.rawValue)');
                        INSERT INTO push_device (hook_id, label, language) VALUES (7, 'Firefox on Linux', 'de');
                        """)
            }
            try pool.close()
        }

        // When this release opens it (v12, and v13: the last Nearby area)
        let database = try AppDatabase.open(path: path)

        // Then every giveaway, history row, end-date change, mark, profile setting and hook is there
        let feed = GiveawayFeedSQLRepository(database: database)
        #expect(try await feed.giveawaysInFeed().map(\.id) == [1])
        let gone = try #require(try await feed.storedGiveaway(id: 2))
        #expect(gone.history.leftAt == utc("2026-03-02T00:00:00Z") && gone.history.periods.count == 1)
        #expect(try await feed.storedGiveaway(id: 1)?.history.endDateChanges.count == 1)
        let marks = try await MarkSQLRepository(database: database).marks(of: carol)
        #expect(marks.has(.favorite, on: .giveaway(1)) && marks.has(.claimed, on: .giveaway(2)))
        #expect(marks.all.count == 2)
        let profiles = ProfileSQLRepository(database: database)
        let settings = try await profiles.settings(of: carol)
        #expect(settings.rules.noLoot)
        #expect(settings.feedToken?.rawValue == String(repeating: "e", count: 32))
        #expect(settings.nearbyArea == nil, "no area was ever searched")
        let hooks = HookSQLRepository(database: database)
        #expect(try await hooks.notificationPreferences(of: carol).reminderLead == .oneHour)
        #expect(try await hooks.hooks(of: carol).map(\.id) == [7])
        #expect(try await hooks.device(hookID: 7)?.label == "Firefox on Linux")

        // And the old profile keeps a Nearby area beside everything it had
        let area = NearbyArea(center: GeoPoint(text: "50.9375,6.9603")!, zoom: 14)!
        try await profiles.saveNearbyArea(area, for: carol, at: utc("2026-03-04T00:00:00Z"))
        let after = try await profiles.settings(of: carol)
        #expect(after.nearbyArea == area)
        #expect(after.rules.noLoot && after.feedToken == settings.feedToken)
        #expect(try await hooks.notificationPreferences(of: carol).reminderLead == .oneHour)
    }

    /// The release before this one wrote schema v13, where four text primary keys (profile, link code, RAWG answer,
    /// server secret) could hold NULL; v14 makes each table again with the key NOT NULL, as PostgreSQL has it
    /// (`PostgresSchemaParityTests`). A file of that release keeps every profile setting, link code, cached answer
    /// and secret, and what refers to a profile by id (marks, hooks) still finds it.
    @Test func thePreviousReleasesSchemaV13UpgradesToKeysThatAreNeverNullAndKeepsEverything() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-v13-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("v13.sqlite").path
        let dave = try #require(ProfileID(rawValue: String(repeating: "f", count: 32)))
        let first = utc("2026-03-01T00:00:00Z")
        let area = NearbyArea(center: GeoPoint(text: "48.2082,16.3738")!, zoom: 13)!
        let preferences = NotificationPreferences(
            reminderLead: .twelveHours,
            schedule: NotificationSchedule(
                timeZone: TimeZone(identifier: "Europe/Vienna")!, digestAt: DayTime(minutes: 480)))
        let token: ProfileToken
        let code: LinkCode
        let secret: [UInt8]
        let hookID: Int
        // Given a file as the previous release (schema v13) wrote it, through its own repositories: a profile with
        // rules, a feed token, a Nearby area and notification settings, a link code, a mark, a visitor's hook, a
        // cached RAWG answer and the server's secret; and a cached answer without a key, which SQLite let in.
        do {
            let pool = try DatabasePool(path: path)
            let old = try AppDatabase(writer: pool, migratingUpTo: "v13: the visitor's last Nearby area")
            let profiles = ProfileSQLRepository(database: old)
            try await profiles.saveRules(GiveawayRules(noLoot: true), for: dave, at: first)
            token = try await profiles.renewFeedToken(for: dave, at: first)
            try await profiles.saveNearbyArea(area, for: dave, at: first)
            code = try await profiles.createLinkCode(for: dave, at: first)
            let hooks = HookSQLRepository(database: old)
            try await hooks.saveNotificationPreferences(preferences, for: dave, at: first)
            // (The hook as that release's own SQL wrote it: today's looks at the stores' table, which came later.)
            hookID = try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO hook (url, format, rules_json, events, created_at, profile_id)
                        VALUES ('https://example.org/h', 'json', '{}', 'back,changed,ending,new,reminder', ?, ?)
                        """, arguments: [first, dave.rawValue])
                return Int(db.lastInsertedRowID)
            }
            try await MarkSQLRepository(database: old).setMark(
                .favorite, on: .giveaway(1), profile: dave, text: "keep", at: first)
            try await DiscoverCacheSQLRepository(database: old).storeAnswer(
                Data("{\"results\":[]}".utf8), for: "/games?page=1", at: first)
            secret = try old.serverSecret(named: "cookies", at: first)
            try await pool.write { db in
                try db.execute(
                    sql: "INSERT INTO discover_cache (request, body, fetched_at) VALUES (NULL, x'00', ?)",
                    arguments: [first])
            }
            try pool.close()
        }

        // When this release opens it (v14)
        let database = try AppDatabase.open(path: path)

        // Then every profile setting, link code, mark, hook, cached answer and secret is there
        let profiles = ProfileSQLRepository(database: database)
        let settings = try await profiles.settings(of: dave)
        #expect(settings.rules.noLoot && settings.feedToken == token && settings.nearbyArea == area)
        #expect(try await profiles.profile(forFeedToken: token) == dave)
        let hooks = HookSQLRepository(database: database)
        #expect(try await hooks.notificationPreferences(of: dave) == preferences)
        #expect(try await hooks.hooks(of: dave).map(\.id) == [hookID])
        #expect(try await MarkSQLRepository(database: database).marks(of: dave).all.map(\.text) == ["keep"])
        #expect(try await database.serverSecret(named: "cookies", at: Date()) == secret)
        let cache = DiscoverCacheSQLRepository(database: database)
        #expect(try await cache.cachedAnswer(for: "/games?page=1")?.body == Data("{\"results\":[]}".utf8))
        #expect(try await profiles.redeemLinkCode(code, at: first.addingTimeInterval(60)) == .success(dave))
        // The row without a key, which nothing could read, stayed behind; no key can be NULL any more, and the
        // indexes came back under their names.
        try await database.writer.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM discover_cache") == 1)
            let indexes = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('profile', 'link_code')")
            #expect(Set(indexes).isSuperset(of: ["link_code_on_profile_id", "sqlite_autoindex_profile_2"]))
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
        }
        for (table, key) in [
            ("profile", "id"), ("link_code", "code"), ("discover_cache", "request"), ("server_secret", "name"),
        ] {
            let notNull = try await database.writer.read { db in
                try Bool.fetchOne(
                    db, sql: "SELECT \"notnull\" FROM pragma_table_info(?) WHERE name = ?", arguments: [table, key])
            }
            #expect(notNull == true, "\(table).\(key)")
        }
        await #expect(throws: DatabaseError.self) {
            try await database.writer.write { db in
                try db.execute(sql: "INSERT INTO profile (id, created_at) VALUES (NULL, ?)", arguments: [first])
            }
        }
    }

    @Test func theLastReleasesDatabaseSchemaV4UpgradesAndKeepsEveryGiveawayHistoryRowAndMark() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-v4-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("v4.sqlite").path
        let alice = try #require(ProfileID(rawValue: String(repeating: "a", count: 32)))
        // Given a file as the last release (schema v4: catalog and RAWG cache) wrote it, with every kind of mark.
        do {
            let pool = try DatabasePool(path: path)
            try AppDatabase.migrator.migrate(pool, upTo: "v4: cached RAWG answers")
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO giveaway (id, title, worth_cents, thumbnail_url, image_url, description, instructions,
                          open_giveaway_url, open_giveaway, published_at, type, ends_at, users, status,
                          gamerpower_url, first_seen_at, last_seen_at, left_at, is_demo) VALUES
                        (1, 'Live game', 1999, 't1', 'i1', 'd1', 'steps', 'https://g/1', NULL, '2026-03-01 00:00:00.000',
                         'Game', '2026-04-01 00:00:00.000', 120, 'Active', 'https://gp/1', '2026-03-01 00:00:00.000',
                         '2026-03-03 00:00:00.000', NULL, 0),
                        (2, 'Gone loot', NULL, 't2', 'i2', 'd2', 'steps', 'https://g/2', NULL, '2026-03-01 00:00:00.000',
                         'DLC', NULL, 5, 'Active', 'https://gp/2', '2026-03-01 00:00:00.000',
                         '2026-03-02 00:00:00.000', '2026-03-02 00:00:00.000', 0);
                        INSERT INTO giveaway_platform (giveaway_id, position, slug, name) VALUES
                        (1, 0, 'pc', 'PC'), (1, 1, 'steam', 'Steam'), (2, 0, 'gog', 'GOG');
                        INSERT INTO feed_period (giveaway_id, appeared_at, left_at) VALUES
                        (1, '2026-03-01 00:00:00.000', NULL), (2, '2026-03-01 00:00:00.000', '2026-03-02 00:00:00.000');
                        INSERT INTO sync_run (source, at, succeeded, reason, added, updated, returned, left, total) VALUES
                        ('gamerpower', '2026-03-03 00:00:00.000', 1, NULL, 2, 0, 0, 1, 1);
                        INSERT INTO catalog_game (id, title, short_description, genre, platforms, publisher, developer,
                          rank, first_seen_at, last_seen_at) VALUES
                        (9, 'Nine', 's', 'MMORPG', 'PC (Windows)', 'P', 'D', 1, '2026-03-01 00:00:00.000',
                         '2026-03-03 00:00:00.000');
                        INSERT INTO discover_cache (request, body, fetched_at) VALUES
                        ('/genres', X'7B7D', '2026-03-03 00:00:00.000');
                        INSERT INTO mark (profile_id, subject_kind, subject_id, kind, text, created_at, updated_at) VALUES
                        ('\(alice.rawValue)', 'giveaway', 2, 'favorite', NULL, '2026-03-02 01:00:00.000', '2026-03-02 01:00:00.000'),
                        ('\(alice.rawValue)', 'game', 9, 'note', 'my note', '2026-03-02 02:00:00.000', '2026-03-02 02:00:00.000'),
                        ('\(alice.rawValue)', 'game', 9, 'hidden', NULL, '2026-03-02 03:00:00.000', '2026-03-02 03:00:00.000'),
                        ('\(alice.rawValue)', 'genre', 1, 'chosenGenre', 'action', '2026-03-02 04:00:00.000', '2026-03-02 04:00:00.000');
                        """)
            }
            try pool.close()
        }

        // When this release opens it (v5: profiles, link codes, end-date changes; v6: webhooks)
        let database = try AppDatabase.open(path: path)
        let feed = GiveawayFeedSQLRepository(database: database)

        // Then every giveaway, platform, history row, sync run, catalog game, cached answer and mark is there
        #expect(try await feed.storedGiveaway(id: 1)?.giveaway.platforms.map(\.slug) == ["pc", "steam"])
        let gone = try #require(try await feed.storedGiveaway(id: 2))
        #expect(gone.history.leftAt == utc("2026-03-02T00:00:00Z") && gone.history.periods.count == 1)
        #expect(try await feed.giveawaysInFeed().map(\.id) == [1])
        let log = try await SyncLogSQLRepository(database: database).syncLog(of: .gamerpower)
        #expect(log.lastSuccess?.changes == SyncChanges(added: 2, left: 1, total: 1))
        #expect(try await CatalogSQLRepository(database: database).allCatalogGames().map(\.game.id) == [9])
        // (but for the cached RAWG answers, which v7 clears: earlier releases stored them with the key)
        #expect(try await DiscoverCacheSQLRepository(database: database).cachedAnswer(for: "/genres") == nil)
        let marks = try await MarkSQLRepository(database: database).marks(of: alice)
        #expect(marks.all.count == 4)
        #expect(marks.has(.favorite, on: .giveaway(2)) && marks.has(.hidden, on: .game(9)))
        #expect(marks.mark(.note, on: .game(9))?.text == "my note")
        #expect(marks.mark(.chosenGenre, on: MarkSubject(kind: .genre, id: 1))?.text == "action")

        // And the new features work on the old data: visits and rules for the old profile, an end-date move, a hook
        let profiles = ProfileSQLRepository(database: database)
        let visit = try await profiles.recordVisit(of: alice, at: utc("2026-03-04T00:00:00Z"))
        #expect(visit.lastSeenAt == utc("2026-03-04T00:00:00Z"), "a profile with old marks records visits")
        let hooks = HookSQLRepository(database: database)
        _ = try await hooks.addHook(
            Hook(url: URL(string: "https://example.org/h")!, createdAt: utc("2026-03-04T00:00:00Z")))
        var moved = try #require(try await feed.storedGiveaway(id: 1)).giveaway
        moved.endsAt = utc("2026-04-05T00:00:00Z")
        let report = try await feed.saveFeed([moved], at: utc("2026-03-05T00:00:00Z"))
        #expect(report.endDateChanged == [1])
        let events = try await hooks.claimDue(now: utc("2026-03-05T00:00:00Z"), lease: 60, limit: 10)
        #expect(events.map(\.event) == [.changed])
        #expect(try await MarkSQLRepository(database: database).marks(of: alice).all.count == 4)
    }
}
