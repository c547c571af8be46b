import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import GiveawaysWeb

/// The stores' own offers beside GamerPower, as a visitor and an API client see them: one card for a giveaway both
/// list, "Coming soon" for next week's, where each was seen, and `?status=upcoming`.
@Suite struct FirstHandStoresTests {
    /// GamerPower's sample feed (seen at 06:00) and, first seen at 12:00: Epic's own listing of GamerPower's "Lantern
    /// Drift", next week's "Tidewater Keep", and a GOG giveaway GamerPower does not list.
    static func harness() async throws -> WebHarness {
        let harness = try await WebHarness()
        let offers = try #require(harness.repository.repositories.offers)
        let epic = [
            StoreOffer(
                store: .epic, storeID: "ns:lantern", title: "Lantern Drift™",
                claimURL: "https://store.epicgames.com/en-US/p/lantern-drift",
                imageURL: "https://cdn1.epicgames.com/lantern.jpg", startsAt: utc("2026-03-26T15:00:00Z"),
                endsAt: utc("2026-04-02T15:00:00Z"), platforms: Platform.parseList("PC, Epic Games Store"),
                worth: Worth(cents: 2499)),
            StoreOffer(
                store: .epic, storeID: "ns:tidewater", title: "Tidewater Keep",
                claimURL: "https://store.epicgames.com/en-US/p/tidewater",
                imageURL: nil, startsAt: utc("2026-04-02T15:00:00Z"), endsAt: utc("2026-04-09T15:00:00Z"),
                platforms: Platform.parseList("PC, Epic Games Store")),
        ]
        _ = try await offers.saveOffers(epic, of: .epic, at: harness.now)
        let gog = StoreOffer(
            store: .gog, storeID: "/en/game/quiet_orchard", title: "Quiet <Orchard>",
            claimURL: "https://www.gog.com/en/game/quiet_orchard",
            imageURL: nil, startsAt: nil, endsAt: utc("2026-04-01T12:00:00Z"), platforms: Platform.parseList("PC, GOG"))
        _ = try await offers.saveOffers([gog], of: .gog, at: harness.now)
        return harness
    }

    static func configuration(_ harness: WebHarness) -> WebConfiguration {
        var configuration = harness.configuration
        // Never asked: the harness runs no sync.
        configuration.firstHandStores = [
            .epic: URL(string: "http://127.0.0.1:9")!, .gog: URL(string: "http://127.0.0.1:9")!,
        ]
        return configuration
    }

    @Test func homeShowsOneCardPerGiveawayAndNextWeeksInComingSoon() async throws {
        let harness = try await Self.harness()
        try await harness.app(configuration: Self.configuration(harness)).test(.router) { client in
            let home = try await client.execute(uri: "/", method: .get) { $0.text }
            #expect(
                home.components(separatedBy: "data-giveaway-id=\"3101\"").count - 1 == 1, "one card, GamerPower's id")
            #expect(home.contains("Lantern Drift™"), "the store's title")
            #expect(!home.contains("Lantern Drift (Epic Games) Giveaway"))
            #expect(home.contains("Quiet &lt;Orchard&gt;"), "a store's text escaped")
            let soon = try #require(home.range(of: "id=\"coming-soon\""))
            let results = try #require(home.range(of: "results__count"))
            #expect(soon.lowerBound < results.lowerBound, "Coming soon comes before what is free now")
            let row = home[soon.lowerBound..<results.lowerBound]
            #expect(row.contains("Tidewater Keep") && row.contains("datetime=\"2026-04-02T15:00:00Z\""))
            #expect(!row.contains("Lantern Drift"))

            let details = try await client.execute(uri: "/giveaways/3101", method: .get) { $0.text }
            #expect(details.contains("Epic Games Store</a> · <a"), "seen on the store, then GamerPower")
            #expect(details.contains("https://store.epicgames.com/en-US/p/lantern-drift"))
            #expect(details.contains("2026-04-02T15:00:00Z"), "the store's end")

            let status = try await client.execute(uri: "/status", method: .get) { $0.text }
            #expect(status.contains("Epic Games Store") && status.contains("GOG"))
            #expect(!status.contains("Steam"), "a store not read has no row")
        }
    }

    @Test func theAPISaysWhereEachWasSeenAndListsTheUpcoming() async throws {
        let harness = try await Self.harness()
        try await harness.app(configuration: Self.configuration(harness)).test(.router) { client in
            let merged = try await client.execute(uri: "/api/v1/giveaways/3101", method: .get) { $0 }
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: merged.body)) as? [String: Any])
            #expect(object["status"] as? String == "live")
            #expect(object["endDate"] as? String == "2026-04-02T15:00:00Z")
            let sources = try #require(object["sources"] as? [[String: Any]])
            #expect(sources.map { $0["name"] as? String } == ["epic", "gamerpower"])
            #expect(sources[1]["id"] as? Int == 3101)
            #expect(sources[0]["id"] is NSNull)

            let upcoming = try await client.execute(uri: "/api/v1/giveaways?status=upcoming", method: .get) { $0 }
            let list = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: upcoming.body)) as? [[String: Any]])
            #expect(list.map { $0["title"] as? String } == ["Tidewater Keep"])
            #expect(list.first?["startDate"] as? String == "2026-04-02T15:00:00Z")
            #expect(list.first?["status"] as? String == "upcoming")
            #expect((list.first?["id"] as? Int ?? 0) >= OfferRecord.firstID)

            let live = try await client.execute(uri: "/api/v1/giveaways", method: .get) { $0 }
            let titles = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: live.body)) as? [[String: Any]]
            )
            .compactMap { $0["title"] as? String }
            #expect(titles.contains("Quiet <Orchard>") && !titles.contains("Tidewater Keep"))
            let bad = try await client.execute(uri: "/api/v1/giveaways?status=soon", method: .get) { $0.status }
            #expect(bad == .badRequest)
        }
    }
}

extension FirstHandStoresTests {
    /// Claimed on Epic, the same game on GOG is hidden by "hide games I already claimed anywhere", and its Details
    /// says where it was claimed.
    @Test func aGameClaimedOnOneStoreIsHiddenOnTheOthers() async throws {
        let harness = try await Self.harness()
        let offers = try #require(harness.repository.repositories.offers)
        let gog = StoreOffer(
            store: .gog, storeID: "/en/game/lantern_drift", title: "Lantern Drift",
            claimURL: "https://www.gog.com/en/game/lantern_drift", imageURL: nil, startsAt: nil,
            endsAt: utc("2026-04-01T12:00:00Z"), platforms: Platform.parseList("PC, GOG"))
        _ = try await offers.saveOffers([gog], of: .gog, at: harness.now)
        let gogID = try #require(try await offers.allOffers().first { $0.offer.storeID == gog.storeID }?.id)
        try await harness.app(configuration: Self.configuration(harness)).test(.router) { client in
            var browser = Browser()
            _ = try await browser.post("/giveaways/3101/mark", "kind=claimed&on=1", client: client)
            let details = try await browser.get("/giveaways/\(gogID)", client: client).text
            #expect(details.contains("You claimed this on Epic Games Store in Mar 2026"))
            #expect(try await browser.get("/", client: client).text.contains("data-giveaway-id=\"\(gogID)\""))
            _ = try await browser.post("/settings", "hide_claimed_anywhere=1", client: client)
            let home = try await browser.get("/", client: client).text
            #expect(!home.contains("data-giveaway-id=\"\(gogID)\""), "the same game on GOG is hidden")
            #expect(!home.contains("data-giveaway-id=\"3101\""), "and the claimed one itself: the game is claimed")
            #expect(home.contains("data-giveaway-id=\"3102\""), "other games stay")
            let settings = try await browser.get("/settings", client: client).text
            #expect(settings.contains("name=\"hide_claimed_anywhere\" value=\"1\" checked"))
        }
    }
}

extension FirstHandStoresTests {
    /// The id a merged giveaway is not published under leads to it; a store turned off keeps its giveaways' ids, and
    /// its open offers count as gone rather than live for ever.
    @Test func anAliasLeadsToTheGiveawayAndAStoreTurnedOffKeepsItsIds() async throws {
        let harness = try await Self.harness()
        let offers = try #require(try await harness.repository.repositories.offers?.allOffers())
        let epicLantern = try #require(offers.first { $0.offer.storeID == "ns:lantern" }?.id)
        let gogOrchard = try #require(offers.first { $0.offer.store == .gog }?.id)
        var epicOnly = Self.configuration(harness)
        epicOnly.firstHandStores = [.epic: URL(string: "http://127.0.0.1:9")!]
        try await harness.app(configuration: epicOnly).test(.router) { client in
            let alias = try await client.execute(uri: "/giveaways/\(epicLantern)", method: .get) { $0 }
            #expect(alias.status == .found)
            #expect(alias.headers[.location] == "/giveaways/3101")
            let home = try await client.execute(uri: "/", method: .get) { $0.text }
            #expect(!home.contains("data-giveaway-id=\"\(gogOrchard)\""), "GOG is not read: its offer is not live")
            let gog = try await client.execute(uri: "/giveaways/\(gogOrchard)", method: .get) { $0 }
            #expect(gog.status == .ok, "but its giveaway keeps its id and page")
        }
    }
}

extension FirstHandStoresTests {
    /// An announced giveaway comes into the feed at its start, between syncs: the feed's Last-Modified moves then,
    /// so a reader that asks with If-Modified-Since does not get a 304 and miss it.
    @Test func aFeedIsModifiedWhenAnAnnouncedGiveawayStarts() async throws {
        let harness = try await WebHarness()
        let offers = try #require(harness.repository.repositories.offers)
        let announced = StoreOffer(
            store: .epic, storeID: "ns:dawn", title: "Dawn Ferry", claimURL: "https://store.epicgames.com/en-US/p/dawn",
            imageURL: nil, startsAt: utc("2026-03-31T11:00:00Z"), endsAt: utc("2026-04-07T11:00:00Z"),
            platforms: Platform.parseList("PC, Epic Games Store"))
        // Seen the day before, as next week's game; GamerPower's last sync was at 06:00.
        _ = try await offers.saveOffers([announced], of: .epic, at: utc("2026-03-30T16:00:00Z"))
        try await harness.app(configuration: Self.configuration(harness)).test(.router) { client in
            let feed = try await client.execute(uri: "/feeds/giveaways.atom", method: .get) { $0 }
            #expect(feed.text.contains("Dawn Ferry"))
            #expect(feed.headers[.lastModified] == "Tue, 31 Mar 2026 11:00:00 GMT")
        }
    }
}

/// A store's sync job: a good answer saves and logs, a failure keeps the offers and logs that store alone, the next
/// run comes a minute after an announced switch and never before a `Retry-After`.
@Suite struct StoreSyncJobTests {
    struct StubStore: StoreOfferSource {
        let store: FirstHandStore
        let result: Result<[StoreOffer], StoreFetchFailure>

        func fetchOffers(now: Date, known: [OfferRecord]) async throws(StoreFetchFailure) -> [StoreOffer] {
            try result.get()
        }
    }

    let now = utc("2026-11-26T12:00:00Z")
    let switchTime = utc("2026-11-26T16:00:00Z")

    func offer(_ id: String, from: Date, until: Date) -> StoreOffer {
        StoreOffer(
            store: .epic, storeID: id, title: id, claimURL: nil, imageURL: nil, startsAt: from, endsAt: until,
            platforms: [])
    }

    @Test func aGoodAnswerIsSavedAndTheNextRunComesAMinuteAfterTheSwitch() async throws {
        let store = try TestStore()
        let offers = try #require(store.repositories.offers)
        let fresh = [
            offer("now", from: now - 3 * 86_400, until: switchTime),
            offer("next", from: switchTime, until: switchTime + 7 * 86_400),
        ]
        let job = StoreSyncJob(
            client: StubStore(store: .epic, result: .success(fresh)), offers: offers, log: store.log,
            interval: .seconds(3600))
        let report = try await job.run(now: now)
        #expect(report.added.count == 2)
        #expect(try await offers.allOffers().count == 2)
        #expect(try await store.log.syncLog(of: .store(.epic)).lastSuccess?.at == now)
        #expect(await job.delayBeforeNextRun(now: now) == .seconds(3600), "the switch is four hours away")
        let late = switchTime - 600
        #expect(await job.delayBeforeNextRun(now: late) == .seconds(660), "a minute after the switch")
    }

    @Test func aFailureKeepsTheOffersAndWaitsForTheStoresRetryAfter() async throws {
        let store = try TestStore()
        let offers = try #require(store.repositories.offers)
        _ = try await offers.saveOffers([offer("kept", from: now, until: now + 86_400)], of: .epic, at: now)
        let job = StoreSyncJob(
            client: StubStore(
                store: .epic,
                result: .failure(StoreFetchFailure("Epic answered HTTP 429", retryAfter: now + 7_200))),
            offers: offers, log: store.log, interval: .seconds(3600))
        await #expect(throws: StoreFetchFailure.self) { _ = try await job.run(now: now) }
        #expect(try await offers.allOffers().map(\.offer.storeID) == ["kept"])
        #expect(try await offers.allOffers().first?.leftAt == nil, "a failure marks nothing as gone")
        #expect(try await store.log.syncLog(of: .store(.epic)).lastAttempt?.succeeded == false)
        #expect(try await store.log.syncLog(of: .gamerpower).lastAttempt == nil, "no other source's log")
        #expect(await job.delayBeforeNextRun(now: now) == .seconds(7_200), "the store's Retry-After, not the hour")
    }

    /// A store that fails at its announced switch, without a Retry-After, is asked again after 2, then 4 minutes,
    /// never every second; a switch already past shortens nothing.
    @Test func aFailureAtTheSwitchBacksOffInsteadOfAskingEverySecond() async throws {
        let store = try TestStore()
        let offers = try #require(store.repositories.offers)
        let fresh = [offer("next", from: switchTime, until: switchTime + 7 * 86_400)]
        let good = StoreSyncJob(
            client: StubStore(store: .epic, result: .success(fresh)), offers: offers, log: store.log,
            interval: .seconds(3600))
        _ = try await good.run(now: now)
        let afterSwitch = switchTime + 120
        #expect(await good.delayBeforeNextRun(now: afterSwitch) == .seconds(3600), "the switch is past")
        let failing = StoreSyncJob(
            client: StubStore(store: .epic, result: .failure(StoreFetchFailure("Epic answered HTTP 503"))),
            offers: offers, log: store.log, interval: .seconds(3600))
        await failing.prepare(now: now)
        #expect(await failing.delayBeforeNextRun(now: switchTime - 60) == .seconds(120), "a minute after the switch")
        #expect(await failing.delayBeforeNextRun(now: switchTime + 61) == .seconds(3600), "a past switch: the interval")
        await #expect(throws: StoreFetchFailure.self) { _ = try await failing.run(now: afterSwitch) }
        #expect(await failing.delayBeforeNextRun(now: afterSwitch) == .seconds(120))
        await #expect(throws: StoreFetchFailure.self) { _ = try await failing.run(now: afterSwitch + 120) }
        #expect(await failing.delayBeforeNextRun(now: afterSwitch + 120) == .seconds(240))
    }

}

extension FirstHandStoresTests {
    /// The server's delivery pass, end to end: a visitor hearted next week's Epic game; a few seconds after it starts
    /// the pass raises "free now" (not at the next sync: no sync runs here) and sends it, with the store's giveaway.
    @Test func aHeartedComingGameBringsFreeNowWithinSecondsOfItsStart() async throws {
        let harness = try await Self.harness()
        let hooks = try #require(harness.repository.repositories.hooks)
        let alice = ProfileID.random()
        let tidewater = try #require(
            try await harness.repository.repositories.offers?.allOffers().first { $0.offer.title == "Tidewater Keep" })
        try await harness.repository.marks.setMark(
            .favorite, on: .giveaway(tidewater.id), profile: alice, text: nil, at: harness.now)
        let hook = try await hooks.addHook(
            Hook(
                url: URL(string: "http://127.0.0.1:9/hook")!, events: [.new, .back, .started], createdAt: harness.now,
                profileID: alice))
        let start = try #require(tidewater.offer.startsAt)
        for (now, raised) in [(start.addingTimeInterval(-5), false), (start.addingTimeInterval(3), true)] {
            var configuration = Self.configuration(harness)
            configuration.fixedNow = now
            configuration.allowPrivateHooks = true
            let parts = AppServices(
                configuration, repositories: harness.repository.repositories, connections: .forTests,
                source: StubSource(result: .failure(Down())), catalogSource: nil, logger: Logger(label: "test"))
            try await #require(parts.hookWorker).runOnce()
            let sent = try await hooks.deliveries(hook: hook.id, limit: 10)
            #expect(sent.map(\.event) == (raised ? ["started"] : []), "at \(now)")
            #expect(sent.allSatisfy { $0.giveawayID == tidewater.id })
        }
    }
}

extension FirstHandStoresTests {
    /// A first start with GamerPower down and a store up: the store's own giveaways are the feed, without the demo
    /// examples beside them, and the page does not say it shows examples.
    @Test func aStoresOwnGiveawaysReplaceTheDemoDataOnAFirstStart() async throws {
        let harness = try await WebHarness(seed: false)
        let demo = DemoGiveaways.make(now: harness.now)
        #expect(try await harness.repository.feed.seedDemoDataIfEmpty(demo, at: harness.now))
        try await harness.app(configuration: Self.configuration(harness)).test(.router) { client in
            let before = try await client.execute(uri: "/", method: .get) { $0.text }
            #expect(before.contains(demo[0].title), "demo data while nothing real is there")
        }
        let offers = try #require(harness.repository.repositories.offers)
        _ = try await offers.saveOffers(
            [
                StoreOffer(
                    store: .gog, storeID: "/en/game/quiet_orchard", title: "Quiet Orchard",
                    claimURL: "https://www.gog.com/en/game/quiet_orchard", imageURL: nil, startsAt: nil,
                    endsAt: utc("2026-04-01T12:00:00Z"), platforms: Platform.parseList("PC, GOG"))
            ], of: .gog, at: harness.now)
        try await harness.app(configuration: Self.configuration(harness)).test(.router) { client in
            let after = try await client.execute(uri: "/", method: .get) { $0.text }
            #expect(after.contains("Quiet Orchard"))
            #expect(!after.contains(demo[0].title), "no examples beside a store's real giveaway")
            let status = try await client.execute(uri: "/api/v1/status", method: .get) { $0.text }
            #expect(status.contains("\"demo\":false"))
        }
    }
}
