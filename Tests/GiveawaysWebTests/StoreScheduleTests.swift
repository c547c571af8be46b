import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization
import Testing

@testable import GiveawaysWeb

/// A store whose answers the test queues, one per fetch (the last one repeats), counting the fetches.
final class QueuedStore: StoreOfferSource {
    let store: FirstHandStore
    private let answers: Mutex<[Result<[StoreOffer], StoreFetchFailure>]>
    let fetches = Mutex(0)

    init(_ store: FirstHandStore, _ answers: [Result<[StoreOffer], StoreFetchFailure>]) {
        self.store = store
        self.answers = Mutex(answers)
    }

    func fetchOffers(now: Date, known: [OfferRecord]) async throws(StoreFetchFailure) -> [StoreOffer] {
        fetches.withLock { $0 += 1 }
        let answer = answers.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
        return try answer.get()
    }
}

/// The stores' schedule: each store on its own interval (`--store-interval`), a run a minute after an announced
/// switch, none inside a `Retry-After` — whoever presses "Sync now" — and `/status` saying when the next one is.
@Suite struct StoreScheduleTests {
    let now = utc("2026-11-26T12:00:00Z")

    func offer(_ id: String, from: Date?, until: Date) -> StoreOffer {
        StoreOffer(
            store: .epic, storeID: id, title: id, claimURL: nil, imageURL: nil, startsAt: from, endsAt: until,
            platforms: [])
    }

    func scheduler(_ job: StoreSyncJob, store: TestStore) -> (SyncScheduler, ReadModel) {
        let logger = Logger(label: "test")
        let readModel = ReadModel(
            feed: store.feed, offers: store.repositories.offers, stores: [job.client.store], log: store.log,
            logger: logger)
        let now = self.now
        return (SyncScheduler(jobs: [job], readModel: readModel, clock: { now }, logger: logger), readModel)
    }

    /// A store that said "wait" (429, `Retry-After: 3600`) is not fetched again by any number of presses within
    /// the hour; the scheduler says until when.
    @Test func aStoreInsideItsRetryAfterIsNotAskedAgainWhoeverPresses() async throws {
        let store = try TestStore()
        let offers = try #require(store.repositories.offers)
        let gog = QueuedStore(.gog, [.failure(StoreFetchFailure("GOG answered HTTP 429", retryAfter: now + 3600))])
        let job = StoreSyncJob(client: gog, offers: offers, log: store.log, interval: .seconds(3600))
        let (scheduler, readModel) = scheduler(job, store: store)
        scheduler.trigger(.store(.gog))
        try await SyncSchedulerTests.waitUntil { gog.fetches.withLock { $0 } == 1 }
        try await SyncSchedulerTests.waitUntil {
            scheduler.trigger.waitsUntil(.store(.gog)) != nil && !readModel.isSyncing
        }
        #expect(scheduler.trigger.waitsUntil(.store(.gog)) == now + 3600)
        #expect(readModel.schedule(of: .store(.gog)).nextRunAt == now + 3600, "the next run is at the end of the wait")
        for _ in 0..<3 { scheduler.trigger(.store(.gog)) }
        try await Task.sleep(for: .milliseconds(300))
        #expect(gog.fetches.withLock { $0 } == 1, "no fetch inside the Retry-After, however often it is pressed")
        #expect(readModel.schedule(of: .store(.gog)).nextRunAt == now + 3600)
    }

    /// What `/status` says of a store is what the scheduler will do: the store's own interval (not GamerPower's),
    /// a minute after an announced switch, a press's new plan, the end of a `Retry-After`.
    @Test func statusShowsEachStoresTrueNextRun() async throws {
        let store = try TestStore()
        let offers = try #require(store.repositories.offers)
        let switchTime = now + 5 * 60
        let epic = QueuedStore(
            .epic,
            [
                .success([offer("now", from: nil, until: switchTime)]),
                .failure(StoreFetchFailure("Epic answered HTTP 429", retryAfter: now + 7_200)),
            ])
        let job = StoreSyncJob(client: epic, offers: offers, log: store.log, interval: .seconds(15 * 60))
        let (scheduler, readModel) = scheduler(job, store: store)
        let loop = Task { try await scheduler.run() }
        defer { loop.cancel() }
        try await SyncSchedulerTests.waitUntil { epic.fetches.withLock { $0 } == 1 }
        try await SyncSchedulerTests.waitUntil { readModel.schedule(of: .store(.epic)).nextRunAt != nil }
        #expect(readModel.schedule(of: .store(.epic)).nextRunAt == switchTime + 60, "a minute after the switch")
        // A press that meets a 429: the next run is the store's Retry-After, and the timer follows it.
        scheduler.trigger(.store(.epic))
        try await SyncSchedulerTests.waitUntil { epic.fetches.withLock { $0 } == 2 }
        try await SyncSchedulerTests.waitUntil {
            !readModel.isSyncing && readModel.schedule(of: .store(.epic)).nextRunAt != switchTime + 60
        }
        #expect(readModel.schedule(of: .store(.epic)).nextRunAt == now + 7_200)
        #expect(
            readModel.health(try await readModel.snapshot()).first { $0.source == .store(.epic) }?.nextRunAt == now
                + 7_200)
    }

    @Test func aStoreWithoutASwitchRunsOnTheStoreInterval() async throws {
        let store = try TestStore()
        let offers = try #require(store.repositories.offers)
        let steam = QueuedStore(.steam, [.success([])])
        let job = StoreSyncJob(client: steam, offers: offers, log: store.log, interval: .seconds(25 * 60))
        let (scheduler, readModel) = scheduler(job, store: store)
        let loop = Task { try await scheduler.run() }
        defer { loop.cancel() }
        try await SyncSchedulerTests.waitUntil { readModel.schedule(of: .store(.steam)).nextRunAt != nil }
        #expect(readModel.schedule(of: .store(.steam)).nextRunAt == now + 25 * 60)
    }

    /// The server's stores follow `storeSyncInterval` (`--store-interval`), GamerPower `syncInterval`.
    @Test func theServersStoresFollowTheStoreInterval() throws {
        var configuration = WebConfiguration()
        #expect(configuration.storeSyncInterval == .seconds(3600), "hourly by default")
        configuration.storeSyncInterval = .seconds(600)
        configuration.firstHandStores = [.gog: URL(string: "http://127.0.0.1:9")!]
        let store = try TestStore()
        let parts = AppServices(
            configuration, repositories: store.repositories, connections: .forTests,
            source: StubSource(result: .failure(Down())), catalogSource: nil, logger: Logger(label: "test"))
        let jobs = parts.scheduler.jobs
        #expect(jobs.first { $0.source == .store(.gog) }?.interval == .seconds(600))
        #expect(jobs.first { $0.source == .gamerpower }?.interval == configuration.syncInterval)
    }

    /// End to end: GOG answers 429 with `Retry-After: 3600`; a visitor's second "Sync now" on `/status` fetches
    /// nothing, and the page says until when instead of offering the button.
    @Test func statusPagePressInsideGOGsRetryAfterFetchesNothingAndSaysUntilWhen() async throws {
        let harness = try await WebHarness()
        let front = FakeStoreFront()
        front.answer("/en/", .init(status: 429, headers: ["Retry-After": "3600"], "slow down"))
        try await front.withServer { url in
            var configuration = harness.configuration
            configuration.firstHandStores = [.gog: url]
            try await harness.app(configuration: configuration).test(.router) { client in
                let headers: HTTPFields = [
                    .contentType: "application/x-www-form-urlencoded", .init("Sec-Fetch-Site")!: "same-origin",
                ]
                for press in 1...2 {
                    try await client.execute(
                        uri: "/sync", method: .post, headers: headers,
                        body: ByteBuffer(string: "source=gog&back=%2Fstatus")
                    ) { #expect($0.status == .seeOther) }
                    if press == 1 {
                        try await SyncSchedulerTests.waitUntil { front.requests.count == 1 }
                        try await Task.sleep(for: .milliseconds(200))
                    }
                }
                try await Task.sleep(for: .milliseconds(300))
                #expect(front.requests.count == 1, "the press inside the Retry-After asked GOG nothing")
                let page = try await client.execute(uri: "/status", method: .get) { String(buffer: $0.body) }
                let card = try #require(page.components(separatedBy: "id=\"status-gog\"").last)
                #expect(card.contains("Asked to wait until"))
                #expect(card.contains("datetime=\"2026-03-31T13:00:00Z\""), "an hour after the press")
                #expect(card.contains("whoever presses Sync now"))
                #expect(!card.contains("name=\"source\" value=\"gog\""), "no button that would do nothing")
            }
        }
    }
}
