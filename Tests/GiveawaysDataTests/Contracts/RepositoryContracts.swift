import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData
@testable import GiveawaysUpstream

// The behaviour every implementation of the storage protocols must show. Each contract takes fresh repositories
// over one empty store; `SQLiteContractTests` runs them against SQLite in memory and in a WAL file, and
// `PostgresContractTests` against PostgreSQL.

/// The contract of `GiveawayFeedRepository`.
struct GiveawayFeedContract {
    let feed: any GiveawayFeedRepository

    /// The ids in the feed, in the order the store answers them (by id: `giveawaysInFeed`).
    func feedIDs() async throws -> [Int] {
        try await feed.giveawaysInFeed().map(\.id)
    }

    func everyFieldSurvivesTheRoundTrip() async throws {
        let sample = try GamerPowerFeedDecoder().decode(status: 200, body: Data(GamerPowerWire.sampleFeed.utf8))
            .giveaways
        var unknown = Giveaway.stub(id: 77)
        unknown.platforms = [Platform(displayName: "Dreamcast"), Platform(displayName: "Steam")]
        let report = try await feed.saveFeed(sample + [unknown], at: utc("2026-03-31T00:00:00Z"))
        #expect(report.added == (sample + [unknown]).map(\.id), "in the feed's order")
        for giveaway in sample + [unknown] {
            let stored = try #require(try await feed.storedGiveaway(id: giveaway.id))
            #expect(stored.giveaway == giveaway)
            #expect(!stored.isDemo)
        }
        // Both reads answer by id, whatever the feed's order (the sample's is not).
        let byID = (sample + [unknown]).sorted { $0.id < $1.id }
        #expect(byID.map(\.id) != (sample + [unknown]).map(\.id))
        #expect(try await feed.allStoredGiveaways().map(\.giveaway) == byID)
        #expect(try await feed.giveawaysInFeed() == byID)
    }

    func historyRecordsFirstSeenLastSeenLeavingAndComingBack() async throws {
        let day1 = utc("2026-03-01T00:00:00Z")
        let day2 = utc("2026-03-02T00:00:00Z")
        let day3 = utc("2026-03-03T00:00:00Z")
        let day4 = utc("2026-03-04T00:00:00Z")
        // Given two giveaways on day 1
        let first = try await feed.saveFeed([.stub(id: 1), .stub(id: 2)], at: day1)
        #expect(first.added == [1, 2])
        // When 2 leaves on day 2, a new one arrives and 1 changes its title
        let second = try await feed.saveFeed([.stub(id: 1, title: "Renamed"), .stub(id: 3)], at: day2)
        #expect(second.added == [3])
        #expect(second.updated == [1])
        #expect(second.left == [2])
        #expect(try await feedIDs() == [1, 3])
        // And 2 comes back on day 3 while only 1's users counter moves
        let third = try await feed.saveFeed(
            [.stub(id: 1, title: "Renamed", users: 999), .stub(id: 2), .stub(id: 3)], at: day3)
        #expect(third.returned == [2])
        #expect(third.updated.isEmpty)
        #expect(third.added.isEmpty)
        #expect(third.left.isEmpty)
        _ = try await feed.saveFeed([.stub(id: 1, title: "Renamed", users: 999), .stub(id: 3)], at: day4)

        // Then the history tells the whole story
        let two = try #require(try await feed.storedGiveaway(id: 2))
        #expect(two.history.firstSeenAt == day1)
        #expect(two.history.lastSeenAt == day3)
        #expect(two.history.leftAt == day4)
        #expect(
            two.history.periods == [
                FeedPeriod(appearedAt: day1, leftAt: day2), FeedPeriod(appearedAt: day3, leftAt: day4),
            ])
        let one = try #require(try await feed.storedGiveaway(id: 1))
        #expect(one.giveaway.title == "Renamed")
        #expect(one.giveaway.users == 999)
        #expect(one.history.isInFeed)
        #expect(one.history.periods == [FeedPeriod(appearedAt: day1, leftAt: nil)])
        // The read model's bulk read agrees with the one-by-one read.
        let all = Dictionary(uniqueKeysWithValues: try await feed.allStoredGiveaways().map { ($0.id, $0) })
        #expect(all[2] == two)
        #expect(all[1] == one)
    }

    func aChangeOfPlatformsCountsAsAnUpdate() async throws {
        var giveaway = Giveaway.stub(id: 1)
        _ = try await feed.saveFeed([giveaway], at: utc("2026-03-01T00:00:00Z"))
        giveaway.platforms = [Platform(displayName: "GOG"), Platform(displayName: "Brand New Store")]
        let report = try await feed.saveFeed([giveaway], at: utc("2026-03-02T00:00:00Z"))
        #expect(report.updated == [1])
        #expect(try await feed.storedGiveaway(id: 1)?.giveaway.platforms == giveaway.platforms)
    }

    func anEmptyFeedMarksEverythingLeftButKeepsIt() async throws {
        _ = try await feed.saveFeed([.stub(id: 1), .stub(id: 2)], at: utc("2026-03-01T00:00:00Z"))
        let report = try await feed.saveFeed([], at: utc("2026-03-02T00:00:00Z"))
        #expect(report.left == [1, 2])
        #expect(try await feedIDs().isEmpty)
        #expect(try await feed.storedGiveaway(id: 1) != nil)
    }

    func duplicatedIdsInOneFeedAreStoredOnceWithTheLastCopy() async throws {
        let report = try await feed.saveFeed(
            [.stub(id: 5, title: "First"), .stub(id: 5, title: "Second")], at: utc("2026-03-01T00:00:00Z"))
        #expect(report.added == [5])
        #expect(report.total == 1)
        #expect(try await feed.storedGiveaway(id: 5)?.giveaway.title == "Second")
    }

    func demoDataFillsOnlyAnEmptyStoreAndGivesWayToRealData() async throws {
        let now = utc("2026-03-31T12:00:00Z")
        let demo = DemoGiveaways.make(now: now)
        #expect(demo.count >= 6)
        #expect(demo.allSatisfy { DemoGiveaways.idRange.contains($0.id) && $0.isLive(at: now) })
        #expect(try await feed.seedDemoDataIfEmpty(demo, at: now))
        #expect(try await feed.holdsDemoData())
        #expect(try await feed.giveawaysInFeed().count == demo.count)
        #expect(try await !feed.seedDemoDataIfEmpty(demo, at: now))

        let report = try await feed.saveFeed([.stub(id: 1)], at: now)
        #expect(report.left.isEmpty)
        #expect(try await feedIDs() == [1])
        #expect(try await !feed.holdsDemoData())
        #expect(try await feed.storedGiveaway(id: demo[0].id) == nil)
        #expect(try await !feed.seedDemoDataIfEmpty(demo, at: now))
    }
}

/// The contract of `SyncLogRepository`.
struct SyncLogContract {
    let feed: any GiveawayFeedRepository
    let log: any SyncLogRepository

    func aFailedSyncChangesNothingAndIsReported() async throws {
        let time = utc("2026-03-01T00:00:00Z")
        #expect(try await log.syncLog(of: .gamerpower) == SyncLog())
        let sync = { (source: StubSource) in SyncGiveawaysUseCase(source: source, feed: feed, log: log) }
        _ = try await sync(StubSource(result: .success([.stub(id: 1), .stub(id: 2)]))).execute(now: time)
        await #expect(throws: GamerPowerError.self) {
            try await sync(StubSource(result: .failure(GamerPowerError.badStatus(500, "down"))))
                .execute(now: utc("2026-03-02T00:00:00Z"))
        }
        #expect(try await feed.giveawaysInFeed().map(\.id) == [1, 2])
        let failed = try await log.syncLog(of: .gamerpower)
        #expect(failed.lastSuccess?.at == time)
        #expect(failed.lastSuccess?.changes == SyncChanges(added: 2, total: 2))
        #expect(failed.lastFailure?.at == utc("2026-03-02T00:00:00Z"))
        #expect(failed.lastFailure?.failureReason == "GamerPower answered HTTP 500: down")
        #expect(failed.isStale)

        _ = try await sync(StubSource(result: .success([.stub(id: 1)]))).execute(now: utc("2026-03-03T00:00:00Z"))
        let recovered = try await log.syncLog(of: .gamerpower)
        #expect(!recovered.isStale)
        #expect(recovered.lastFailure == nil)
        #expect(recovered.lastAttempt == recovered.lastSuccess)
        #expect(recovered.lastSuccess?.at == utc("2026-03-03T00:00:00Z"))
        #expect(recovered.lastSuccess?.changes == SyncChanges(left: 1, total: 1))
    }

    func aSourceThatNeverSucceededHasOnlyItsFailure() async throws {
        try await log.recordFailure(of: .gamerpower, reason: "refused", at: utc("2026-03-01T00:00:00Z"))
        let entry = try await log.syncLog(of: .gamerpower)
        #expect(entry.lastSuccess == nil)
        #expect(entry.lastFailure?.failureReason == "refused")
        #expect(entry.isStale)
    }
}

/// The contract of `MarkRepository`.
struct MarkContract {
    let marks: any MarkRepository
    let alice = ProfileID(rawValue: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")!
    let bob = ProfileID(rawValue: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb")!

    func marksBelongToOneProfileNewestFirst() async throws {
        try await marks.setMark(.favorite, on: .giveaway(1), profile: alice, text: nil, at: utc("2026-03-01T01:00:00Z"))
        try await marks.setMark(.favorite, on: .giveaway(3), profile: alice, text: nil, at: utc("2026-03-01T02:00:00Z"))
        // Setting a mark again keeps it once, with its first time.
        try await marks.setMark(.favorite, on: .giveaway(3), profile: alice, text: nil, at: utc("2026-03-01T03:00:00Z"))
        try await marks.setMark(.favorite, on: .giveaway(2), profile: bob, text: nil, at: utc("2026-03-01T01:00:00Z"))

        let aliceMarks = try await marks.marks(of: alice)
        #expect(aliceMarks.ids(.favorite, of: .giveaway) == [3, 1])
        #expect(aliceMarks.all.first?.createdAt == utc("2026-03-01T02:00:00Z"))
        #expect(aliceMarks.has(.favorite, on: .giveaway(1)))
        #expect(!aliceMarks.has(.favorite, on: .giveaway(2)))
        #expect(try await marks.marks(of: bob).ids(.favorite, of: .giveaway) == [2])

        try await marks.removeMark(.favorite, on: .giveaway(3), profile: alice)
        try await marks.removeMark(.favorite, on: .giveaway(3), profile: alice)
        #expect(try await marks.marks(of: alice).ids(.favorite, of: .giveaway) == [1])
        #expect(try await marks.marks(of: bob).ids(.favorite, of: .giveaway) == [2])
    }

    func aMarksTextIsReplacedInPlace() async throws {
        let created = utc("2026-03-01T01:00:00Z")
        try await marks.setMark(.favorite, on: .giveaway(9), profile: alice, text: "first", at: created)
        try await marks.setMark(
            .favorite, on: .giveaway(9), profile: alice, text: "second", at: utc("2026-03-02T00:00:00Z"))
        let mark = try #require(try await marks.marks(of: alice).all.first)
        #expect(mark.text == "second")
        #expect(mark.createdAt == created)
        #expect(mark.updatedAt == utc("2026-03-02T00:00:00Z"))
    }

    func aProfileWithoutMarksHasNone() async throws {
        #expect(try await marks.marks(of: alice).isEmpty)
    }
}

/// The contract of `CatalogRepository`.
struct CatalogContract {
    let catalog: any CatalogRepository
    let day1 = Date(timeIntervalSince1970: 1_774_000_000)
    var day2: Date { day1.addingTimeInterval(86_400) }
    var day3: Date { day1.addingTimeInterval(2 * 86_400) }

    static func game(_ id: Int, title: String? = nil, genre: String = "Shooter") -> CatalogGame {
        CatalogGame(
            id: id, title: title ?? "Game \(id)", thumbnailURL: URL(string: "https://example.com/\(id).jpg"),
            shortDescription: "About \(id).", gameURL: URL(string: "https://example.com/play/\(id)"), genre: genre,
            platforms: [.pc, .browser], publisher: "Pub", developer: "Dev",
            releaseDate: CatalogDate("2014-03-00"), profileURL: URL(string: "https://example.com/\(id)"))
    }

    func everyFieldSurvivesAndTheUpstreamOrderIsKept() async throws {
        let games = [Self.game(3), Self.game(1), Self.game(2)]
        let report = try await catalog.saveCatalog(games, at: day1)
        #expect(report.added == [1, 2, 3] && report.total == 3)
        let stored = try await catalog.allCatalogGames()
        #expect(stored.map(\.game) == games)
        #expect(stored.map(\.rank) == [0, 1, 2])
        #expect(stored.allSatisfy { $0.firstSeenAt == day1 && !$0.isRemoved && $0.detail == nil })
    }

    func gamesThatLeaveAreKeptAsRemovedAndComeBackWithTheirDetail() async throws {
        _ = try await catalog.saveCatalog([Self.game(1), Self.game(2)], at: day1)
        let detail = CatalogGameDetail(
            status: "Live", description: "Long.", requirements: SystemRequirements(os: "Windows 10", memory: "4 GB"),
            screenshots: [URL(string: "https://example.com/s1.jpg")!])
        try await catalog.saveDetail(detail, of: 2, at: day1)
        let left = try await catalog.saveCatalog([Self.game(1, title: "Game One")], at: day2)
        #expect(left.updated == [1] && left.left == [2] && left.total == 1)
        var stored = try await catalog.allCatalogGames()
        #expect(stored.map(\.id) == [1, 2])  // removed ones last
        #expect(stored[1].removedAt == day2)
        #expect(stored[1].detail == detail)
        let back = try await catalog.saveCatalog([Self.game(2), Self.game(1, title: "Game One")], at: day3)
        #expect(back.returned == [2] && back.updated.isEmpty && back.added.isEmpty)
        stored = try await catalog.allCatalogGames()
        #expect(stored.map(\.id) == [2, 1])
        #expect(stored[0].removedAt == nil && stored[0].firstSeenAt == day1)
        #expect(stored[0].detail == detail && stored[0].detailFetchedAt == day1)
    }

    func duplicatedIdsAreStoredOnceWithTheFirstCopy() async throws {
        let report = try await catalog.saveCatalog([Self.game(1), Self.game(1, title: "Again")], at: day1)
        #expect(report.added == [1] && report.total == 1)
        #expect(try await catalog.allCatalogGames().map(\.game.title) == ["Game 1"])
    }
}
