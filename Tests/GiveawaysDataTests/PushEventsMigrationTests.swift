import Foundation
import GRDB
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData

/// SQLite v12 and PostgreSQL 5: the first push subscriptions were stored with the events `new` and `ending`, so a
/// reminder never reached a phone. An upgraded database gives every push subscription `Hook.pushEvents` and leaves
/// every other hook, giveaway, history row and mark as it was.
struct PushEventsMigrationTests {
    let visitor = ProfileID(rawValue: String(repeating: "d", count: 32))!

    private func hook(_ url: String, _ format: HookFormat) -> Hook {
        Hook(
            url: URL(string: url)!, format: format, secret: format == .webpush ? "keys" : nil, events: [.new, .ending],
            createdAt: Date(timeIntervalSince1970: 1_772_000_000), profileID: visitor)
    }

    /// A hook as an old release's own SQL wrote it (today's insert looks at the stores' table, which came later).
    private func insertOld(_ hook: Hook, into pool: DatabasePool) async throws -> Int {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO hook (url, format, secret, rules_json, events, created_at, profile_id)
                    VALUES (?, ?, ?, '{}', ?, ?, ?)
                    """,
                arguments: [
                    hook.url.absoluteString, hook.format.rawValue, hook.secret,
                    hook.events.sorted().map(\.rawValue).joined(separator: ","), hook.createdAt,
                    hook.profileID?.rawValue,
                ])
            return Int(db.lastInsertedRowID)
        }
    }

    private func insertOld(_ hook: Hook, into database: PostgresDatabase) async throws -> Int {
        let events = hook.events.sorted().map(\.rawValue).joined(separator: ",")
        let rows = try await database.rows(
            """
            INSERT INTO hook (url, format, secret, rules_json, events, created_at, profile_id)
            VALUES (\(hook.url.absoluteString), \(hook.format.rawValue), \(hook.secret), '{}', \(events),
                \(hook.createdAt), \(hook.profileID?.rawValue))
            RETURNING id
            """)
        return try rows[0].decode(Int.self)
    }

    @Test func aSQLiteDatabaseAtV11GivesItsPushSubscriptionsRemindersAndKeepsEverythingElse() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-v11-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("v11.sqlite").path
        let first = Date(timeIntervalSince1970: 1_772_000_000)
        let before: [StoredGiveaway]
        let hookIDs: (push: Int, json: Int)
        // Given a file as the previous release (schema v11) wrote it, with a push subscription and a webhook.
        do {
            let pool = try DatabasePool(path: path)
            let old = try AppDatabase(writer: pool, migratingUpTo: "v11: reminders, digest and quiet hours")
            let feed = GiveawayFeedSQLRepository(database: old)
            _ = try await feed.saveFeed([.stub(id: 1), .stub(id: 2, title: "Second")], at: first)
            _ = try await feed.saveFeed([.stub(id: 2, title: "Second")], at: first.addingTimeInterval(3600))
            try await MarkSQLRepository(database: old).setMark(
                .favorite, on: .giveaway(2), profile: visitor, text: nil, at: first)
            hookIDs = (
                try await insertOld(hook("https://push.example/sub/1", .webpush), into: pool),
                try await insertOld(hook("https://example.org/h", .json), into: pool)
            )
            before = try await feed.allStoredGiveaways()
            try pool.close()
        }

        let database = try AppDatabase.open(path: path)

        let hooks = HookSQLRepository(database: database)
        #expect(try await hooks.hook(id: hookIDs.push)?.events == Hook.pushEvents)
        #expect(try await hooks.hook(id: hookIDs.json)?.events == [.new, .ending], "other hooks keep their events")
        #expect(try await GiveawayFeedSQLRepository(database: database).allStoredGiveaways() == before)
        #expect(before.first { $0.id == 1 }?.history.isInFeed == false, "the history came along")
        let marks = try await MarkSQLRepository(database: database).marks(of: visitor)
        #expect(marks.ids(.favorite, of: .giveaway) == [2])
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipped))
    func aPostgreSQLDatabaseAtMigration4GivesItsPushSubscriptionsRemindersAndKeepsEverythingElse() async throws {
        try await PostgresTestServer.withFreshPostgresURL { url in
            let old = try await PostgresDatabase.open(url, logger: PostgresTestServer.quiet, migratingUpTo: 4)
            let first = Date(timeIntervalSince1970: 1_772_000_000)
            let feed = GiveawayFeedSQLRepository(database: old)
            _ = try await feed.saveFeed([.stub(id: 1), .stub(id: 2, title: "Second")], at: first)
            _ = try await feed.saveFeed([.stub(id: 2, title: "Second")], at: first.addingTimeInterval(3600))
            try await MarkSQLRepository(database: old).setMark(
                .favorite, on: .giveaway(2), profile: visitor, text: nil, at: first)
            let push = try await insertOld(hook("https://push.example/sub/1", .webpush), into: old)
            let json = try await insertOld(hook("https://example.org/h", .json), into: old)
            let before = try await feed.allStoredGiveaways()
            await old.close()

            let new = try await PostgresDatabase.open(url, logger: PostgresTestServer.quiet)
            let hooks = HookSQLRepository(database: new)
            #expect(try await hooks.hook(id: push)?.events == Hook.pushEvents)
            #expect(try await hooks.hook(id: json)?.events == [.new, .ending], "other hooks keep their events")
            #expect(try await GiveawayFeedSQLRepository(database: new).allStoredGiveaways() == before)
            let marks = try await MarkSQLRepository(database: new).marks(of: visitor)
            #expect(marks.ids(.favorite, of: .giveaway) == [2])
            await new.close()
        }
    }
}
