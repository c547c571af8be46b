import Foundation
import GRDB
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData

@Suite struct GiveawaySQLiteRepositoryTests {
    let repository: GiveawaySQLiteRepository
    let alice = ProfileID(rawValue: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")!
    let bob = ProfileID(rawValue: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb")!

    init() throws {
        repository = GiveawaySQLiteRepository(database: try AppDatabase.inMemory())
    }

    func feedIDs() async throws -> [Int] {
        try await repository.giveawaysInFeed().map(\.id).sorted()
    }

    @Test func everyFieldSurvivesTheRoundTrip() async throws {
        let sample = try GamerPowerFeedDecoder().decode(status: 200, body: Data(GamerPowerWire.sampleFeed.utf8))
            .giveaways
        _ = try await repository.saveSync(sample, at: utc("2026-03-31T00:00:00Z"))
        for giveaway in sample {
            let stored = try #require(try await repository.storedGiveaway(id: giveaway.id))
            #expect(stored.giveaway == giveaway)
            #expect(!stored.isDemo)
        }
    }

    @Test func historyRecordsFirstSeenLastSeenLeavingAndComingBack() async throws {
        let day1 = utc("2026-03-01T00:00:00Z")
        let day2 = utc("2026-03-02T00:00:00Z")
        let day3 = utc("2026-03-03T00:00:00Z")
        let day4 = utc("2026-03-04T00:00:00Z")
        // Given two giveaways on day 1
        let first = try await repository.saveSync([.stub(id: 1), .stub(id: 2)], at: day1)
        #expect(first.added == [1, 2] || first.added == [2, 1])
        // When 2 leaves on day 2, a new one arrives and 1 changes its title
        let second = try await repository.saveSync([.stub(id: 1, title: "Renamed"), .stub(id: 3)], at: day2)
        #expect(second.added == [3])
        #expect(second.updated == [1])
        #expect(second.left == [2])
        #expect(try await feedIDs() == [1, 3])
        // And 2 comes back on day 3 while only 1's users counter moves
        let third = try await repository.saveSync(
            [.stub(id: 1, title: "Renamed", users: 999), .stub(id: 2), .stub(id: 3)], at: day3)
        #expect(third.returned == [2])
        #expect(third.updated.isEmpty)
        #expect(third.added.isEmpty)
        #expect(third.left.isEmpty)
        _ = try await repository.saveSync([.stub(id: 1, title: "Renamed", users: 999), .stub(id: 3)], at: day4)

        // Then the history tells the whole story
        let two = try #require(try await repository.storedGiveaway(id: 2))
        #expect(two.history.firstSeenAt == day1)
        #expect(two.history.lastSeenAt == day3)
        #expect(two.history.leftAt == day4)
        #expect(
            two.history.periods == [
                FeedPeriod(appearedAt: day1, leftAt: day2), FeedPeriod(appearedAt: day3, leftAt: day4),
            ])
        let one = try #require(try await repository.storedGiveaway(id: 1))
        #expect(one.giveaway.title == "Renamed")
        #expect(one.giveaway.users == 999)
        #expect(one.history.isInFeed)
        #expect(one.history.periods == [FeedPeriod(appearedAt: day1, leftAt: nil)])
    }

    @Test func anEmptyFeedMarksEverythingLeftButKeepsIt() async throws {
        _ = try await repository.saveSync([.stub(id: 1), .stub(id: 2)], at: utc("2026-03-01T00:00:00Z"))
        let report = try await repository.saveSync([], at: utc("2026-03-02T00:00:00Z"))
        #expect(report.left == [1, 2])
        #expect(try await feedIDs().isEmpty)
        #expect(try await repository.storedGiveaway(id: 1) != nil)
    }

    @Test func duplicatedIdsInOneFeedAreStoredOnceWithTheLastCopy() async throws {
        let report = try await repository.saveSync(
            [.stub(id: 5, title: "First"), .stub(id: 5, title: "Second")], at: utc("2026-03-01T00:00:00Z"))
        #expect(report.added == [5])
        #expect(report.total == 1)
        #expect(try await repository.storedGiveaway(id: 5)?.giveaway.title == "Second")
    }

    @Test func aFailedSyncChangesNothingAndIsReported() async throws {
        let time = utc("2026-03-01T00:00:00Z")
        _ = try await repository.saveSync([.stub(id: 1), .stub(id: 2)], at: time)
        let source = StubSource(result: .failure(GamerPowerError.badStatus(500, "down")))
        await #expect(throws: GamerPowerError.self) {
            try await SyncGiveawaysUseCase(source: source, repository: repository).execute(
                now: utc("2026-03-02T00:00:00Z"))
        }
        #expect(try await feedIDs() == [1, 2])
        let status = try await repository.syncStatus()
        #expect(status.lastSuccessAt == time)
        #expect(status.lastFailureAt == utc("2026-03-02T00:00:00Z"))
        #expect(status.lastFailureReason == "GamerPower answered HTTP 500: down")
        #expect(status.isStale)

        _ = try await SyncGiveawaysUseCase(source: StubSource(result: .success([.stub(id: 1)])), repository: repository)
            .execute(now: utc("2026-03-03T00:00:00Z"))
        let recovered = try await repository.syncStatus()
        #expect(!recovered.isStale)
        #expect(recovered.lastSuccessAt == utc("2026-03-03T00:00:00Z"))
    }

    @Test func aWriteThatFailsHalfwayRollsBackEntirely() async throws {
        _ = try await repository.saveSync([.stub(id: 1)], at: utc("2026-03-01T00:00:00Z"))
        // A feed whose second item violates NOT NULL (via a trigger) fails inside the transaction.
        let database = try AppDatabase.inMemory()
        let guarded = GiveawaySQLiteRepository(database: database)
        _ = try await guarded.saveSync([.stub(id: 1)], at: utc("2026-03-01T00:00:00Z"))
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER reject_666 BEFORE INSERT ON giveaway WHEN NEW.id = 666
                    BEGIN SELECT RAISE(ABORT, 'boom'); END
                    """)
        }
        await #expect(throws: DatabaseError.self) {
            try await guarded.saveSync([.stub(id: 2), .stub(id: 666)], at: utc("2026-03-02T00:00:00Z"))
        }
        #expect(try await guarded.giveawaysInFeed().map(\.id) == [1])
        #expect(try await guarded.storedGiveaway(id: 2) == nil)
    }

    @Test func demoDataFillsOnlyAnEmptyStoreAndGivesWayToRealData() async throws {
        let now = utc("2026-03-31T12:00:00Z")
        let demo = DemoGiveaways.make(now: now)
        #expect(demo.count >= 6)
        #expect(demo.allSatisfy { DemoGiveaways.idRange.contains($0.id) && !$0.isExpired(at: now) })
        #expect(try await repository.seedDemoDataIfEmpty(demo, at: now))
        #expect(try await repository.syncStatus().isDemoData)
        #expect(try await repository.giveawaysInFeed().count == demo.count)
        #expect(try await !repository.seedDemoDataIfEmpty(demo, at: now))

        let report = try await repository.saveSync([.stub(id: 1)], at: now)
        #expect(report.left.isEmpty)
        #expect(try await feedIDs() == [1])
        #expect(try await !repository.syncStatus().isDemoData)
        #expect(try await repository.storedGiveaway(id: demo[0].id) == nil)
        #expect(try await !repository.seedDemoDataIfEmpty(demo, at: now))
    }

    @Test func favoritesBelongToOneProfileAndOutliveTheFeed() async throws {
        _ = try await repository.saveSync([.stub(id: 1), .stub(id: 2), .stub(id: 3)], at: utc("2026-03-01T00:00:00Z"))
        try await repository.setFavorite(true, giveawayID: 1, profile: alice, at: utc("2026-03-01T01:00:00Z"))
        try await repository.setFavorite(true, giveawayID: 3, profile: alice, at: utc("2026-03-01T02:00:00Z"))
        try await repository.setFavorite(true, giveawayID: 3, profile: alice, at: utc("2026-03-01T03:00:00Z"))
        try await repository.setFavorite(true, giveawayID: 2, profile: bob, at: utc("2026-03-01T01:00:00Z"))

        #expect(try await repository.favorites(profile: alice).map(\.id) == [3, 1])
        #expect(try await repository.favoriteIDs(profile: bob) == [2])

        _ = try await repository.saveSync([.stub(id: 2)], at: utc("2026-03-02T00:00:00Z"))
        let favorites = try await repository.favorites(profile: alice)
        #expect(favorites.map(\.id) == [3, 1])
        #expect(favorites.allSatisfy { !$0.history.isInFeed })

        try await repository.setFavorite(false, giveawayID: 3, profile: alice, at: utc("2026-03-02T01:00:00Z"))
        try await repository.setFavorite(false, giveawayID: 3, profile: alice, at: utc("2026-03-02T01:00:00Z"))
        #expect(try await repository.favoriteIDs(profile: alice) == [1])
        #expect(try await repository.favoriteIDs(profile: bob) == [2])

        await #expect(throws: GiveawayNotFound(id: 42)) {
            try await repository.setFavorite(true, giveawayID: 42, profile: alice, at: .now)
        }
    }

    @Test func aDatabaseFileUsesWALAndKeepsDataAcrossReopening() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("nested/store.sqlite").path
        do {
            let database = try AppDatabase.open(path: path)
            let store = GiveawaySQLiteRepository(database: database)
            _ = try await store.saveSync([.stub(id: 1)], at: utc("2026-03-01T00:00:00Z"))
            try await store.setFavorite(true, giveawayID: 1, profile: alice, at: utc("2026-03-01T00:00:00Z"))
            let mode = try await database.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
            #expect(mode == "wal")
        }
        let reopened = GiveawaySQLiteRepository(database: try AppDatabase.open(path: path))
        #expect(try await reopened.giveawaysInFeed().map(\.id) == [1])
        #expect(try await reopened.favoriteIDs(profile: alice) == [1])
    }
}
