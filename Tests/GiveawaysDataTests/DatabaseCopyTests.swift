import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData

/// `giveaways db copy`: a SQLite store arrives in PostgreSQL whole, read back the same through the repositories.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipped))
struct DatabaseCopyTests {
    let day1 = utc("2026-03-01T00:00:00Z")
    let day2 = utc("2026-03-02T00:00:00Z")
    let alice = ProfileID(rawValue: String(repeating: "a", count: 32))!
    static let preferences = NotificationPreferences(
        reminderLead: .day,
        schedule: NotificationSchedule(
            timeZone: TimeZone(identifier: "America/Los_Angeles")!, digestAt: DayTime(text: "18:00"),
            quietHours: .init(start: DayTime(text: "23:00")!, end: DayTime(text: "07:00")!)))
    static let nearbyArea = NearbyArea(center: GeoPoint(latitude: 53.551086, longitude: 9.993682)!, zoom: 15)!

    /// A SQLite store holding something of every kind.
    func filledSQLiteStore() async throws -> AppDatabase {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("gg-copy-\(UUID().uuidString)/store.sqlite").path
        let database = try AppDatabase.open(path: path)
        let feed = GiveawayFeedSQLRepository(database: database)
        let hooks = HookSQLRepository(database: database)
        _ = try await feed.saveFeed([.stub(id: 1), .stub(id: 2, endsAt: day2)], at: day1)
        _ = try await hooks.addHook(Hook(url: URL(string: "https://example.org/h")!, secret: "s", createdAt: day1))
        _ = try await feed.saveFeed([.stub(id: 2, endsAt: utc("2026-03-05T00:00:00Z")), .stub(id: 3)], at: day2)
        let claimed = try #require(try await hooks.claimDue(now: day2, lease: 60, limit: 1).first)
        try await hooks.recordOutcome(of: claimed, status: 500, error: nil, at: day2)
        let log = SyncLogSQLRepository(database: database)
        try await log.recordSuccess(of: .gamerpower, report: SyncReport(added: [1], total: 1), at: day1)
        try await log.recordFailure(of: .freetogame, reason: "down", at: day2)
        let marks = MarkSQLRepository(database: database)
        try await marks.setMark(.favorite, on: .giveaway(1), profile: alice, text: nil, at: day1)
        try await marks.setMark(.claimed, on: .giveaway(2), profile: alice, text: nil, at: day1)
        try await marks.setMark(.note, on: .game(7), profile: alice, text: "good", at: day2)
        let profiles = ProfileSQLRepository(database: database)
        try await profiles.saveRules(GiveawayRules(noLoot: true), for: alice, at: day1)
        _ = try await profiles.renewFeedToken(for: alice, at: day1)
        _ = try await profiles.createLinkCode(for: alice, at: day2)
        try await profiles.saveNearbyArea(Self.nearbyArea, for: alice, at: day2)
        let catalog = CatalogSQLRepository(database: database)
        _ = try await catalog.saveCatalog([CatalogContract.game(7), CatalogContract.game(8)], at: day1)
        try await catalog.saveDetail(CatalogGameDetail(description: "Long."), of: 7, at: day2)
        try await DiscoverCacheSQLRepository(database: database).storeAnswer(
            Data([0, 1, 0xFF]), for: "genres", at: day1)
        let push = try await hooks.addHook(
            Hook(
                url: URL(string: "https://push.example.org/e/1")!, format: .webpush, secret: "p.a", createdAt: day2,
                profileID: alice))
        try await hooks.saveDevice(PushDevice(hookID: push.id, label: "Firefox on Linux", language: "de"))
        _ = try database.serverSecret(named: "profile-cookie", at: day1)
        try await hooks.saveNotificationPreferences(Self.preferences, for: alice, at: day2)
        return database
    }

    @Test func everythingArrivesAndReadsBackTheSame() async throws {
        let source = try await filledSQLiteStore()
        try await PostgresTestServer.withFreshDatabase { target in
            let counts = try await DatabaseCopy.copy(from: source, to: target, replace: false)
            #expect(counts.allSatisfy { $0.source == $0.target }, "\(counts)")
            #expect(counts.first { $0.table == "giveaway" }?.target == 3)
            #expect(counts.first { $0.table == "hook_delivery" }?.target == 1)

            let from = StoreReading(
                feed: GiveawayFeedSQLRepository(database: source), log: SyncLogSQLRepository(database: source),
                marks: MarkSQLRepository(database: source), profiles: ProfileSQLRepository(database: source),
                catalog: CatalogSQLRepository(database: source), hooks: HookSQLRepository(database: source),
                cache: DiscoverCacheSQLRepository(database: source), secrets: source)
            let to = StoreReading(
                feed: GiveawayFeedSQLRepository(database: target),
                log: SyncLogSQLRepository(database: target), marks: MarkSQLRepository(database: target),
                profiles: ProfileSQLRepository(database: target),
                catalog: CatalogSQLRepository(database: target), hooks: HookSQLRepository(database: target),
                cache: DiscoverCacheSQLRepository(database: target), secrets: target)
            try await from.expectSame(as: to, profile: alice)
            #expect(
                try await ProfileSQLRepository(database: target).settings(of: alice).nearbyArea
                    == Self.nearbyArea, "the last Nearby area came along")
            #expect(
                try await HookSQLRepository(database: target).notificationPreferences(of: alice)
                    == Self.preferences)

            #expect(
                try await HookSQLRepository(database: target).device(hookID: 2)
                    == PushDevice(hookID: 2, label: "Firefox on Linux", language: "de"))

            // Ids go on after the copied ones.
            let hook = try await HookSQLRepository(database: target).addHook(
                Hook(url: URL(string: "https://example.org/new")!, createdAt: day2))
            #expect(hook.id == 3)
        }
    }

    @Test func aTargetHoldingDataIsRefusedUnlessReplaced() async throws {
        let source = try await filledSQLiteStore()
        try await PostgresTestServer.withFreshDatabase { target in
            try await MarkSQLRepository(database: target).setMark(
                .favorite, on: .giveaway(99), profile: alice, text: nil, at: day1)
            await #expect(throws: DatabaseCopy.Refusal.targetNotEmpty(["mark"])) {
                try await DatabaseCopy.copy(from: source, to: target, replace: false)
            }
            #expect(try await GiveawayFeedSQLRepository(database: target).allStoredGiveaways().isEmpty)
            _ = try await DatabaseCopy.copy(from: source, to: target, replace: true)
            let marks = try await MarkSQLRepository(database: target).marks(of: alice)
            #expect(marks.all.count == 3 && !marks.has(.favorite, on: .giveaway(99)))
        }
    }
}

/// Everything a store answers, read through its repositories.
private struct StoreReading {
    let feed: any GiveawayFeedRepository
    let log: any SyncLogRepository
    let marks: any MarkRepository
    let profiles: any ProfileRepository
    let catalog: any CatalogRepository
    let hooks: any HookRepository
    let cache: any DiscoverCacheRepository
    let secrets: any ServerSecretStore

    func expectSame(as other: StoreReading, profile: ProfileID) async throws {
        #expect(try await feed.allStoredGiveaways() == other.feed.allStoredGiveaways())
        for source in SourceID.allCases {
            #expect(try await log.syncLog(of: source) == other.log.syncLog(of: source))
        }
        #expect(try await marks.marks(of: profile) == other.marks.marks(of: profile))
        #expect(try await profiles.settings(of: profile) == other.profiles.settings(of: profile))
        #expect(try await catalog.allCatalogGames() == other.catalog.allCatalogGames())
        #expect(try await hooks.hooks() == other.hooks.hooks())
        #expect(try await hooks.eventCounts() == other.hooks.eventCounts())
        #expect(try await hooks.deliveries() == other.hooks.deliveries())
        #expect(try await cache.cachedAnswer(for: "genres")?.body == other.cache.cachedAnswer(for: "genres")?.body)
        #expect(
            try await secrets.serverSecret(named: "profile-cookie", at: Date())
                == other.secrets.serverSecret(named: "profile-cookie", at: Date()))
    }
}
