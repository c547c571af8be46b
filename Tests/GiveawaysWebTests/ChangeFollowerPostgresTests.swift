import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import Logging
import Synchronization
import Testing

@testable import GiveawaysData
@testable import GiveawaysWeb

/// A source whose answer the test changes between syncs.
final class SettableSource: GiveawaySource {
    let giveaways: Mutex<[Giveaway]>

    init(_ giveaways: [Giveaway]) {
        self.giveaways = Mutex(giveaways)
    }

    func fetchGiveaways() async throws -> [Giveaway] { giveaways.withLock { $0 } }
}

/// Changes as a store would tell them, but never delivered: a notification lost on the way.
struct DeafChanges: StoreChangeChannel {
    let inner: any StoreChangeChannel
    var isShared: Bool { true }
    func announce(_ change: StoreChange) async { await inner.announce(change) }
    func follow(_ received: @escaping @Sendable (StoreChange?) async -> Void) async {
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
    }
    func fingerprint() async -> String? { await inner.fingerprint() }
}

/// Several instances on one PostgreSQL database: what one saves reaches every other's read model at once, through
/// LISTEN/NOTIFY — the periodic fingerprint check is set to an hour in these tests, so only a notification explains
/// a reload — and through the fingerprint check when a notification is lost.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipped))
struct ChangeFollowerPostgresTests {
    struct Instance {
        let database: PostgresDatabase
        let readModel: ReadModel
        let scheduler: SyncScheduler
        let job: GamerPowerSyncJob
        let changes: any StoreChangeChannel
    }

    func instance(url: String, source: any GiveawaySource, deaf: Bool = false) async throws -> Instance {
        let database = try await PostgresDatabase.open(PostgresURL(url), logger: PostgresTestServer.quiet)
        let repositories = AppRepositories.postgres(database)
        let logger = PostgresTestServer.quiet
        let readModel = ReadModel(feed: repositories.feed, log: repositories.syncLog, logger: logger)
        let job = GamerPowerSyncJob(
            upstream: source, feed: repositories.feed, log: repositories.syncLog, interval: .seconds(3600),
            logger: logger)
        let changes: any StoreChangeChannel = deaf ? DeafChanges(inner: repositories.changes) : repositories.changes
        let scheduler = SyncScheduler(
            jobs: [job], readModel: readModel, clock: { Date() }, logger: logger, lease: repositories.syncLease,
            changes: changes)
        return Instance(database: database, readModel: readModel, scheduler: scheduler, job: job, changes: changes)
    }

    /// How many sessions listen on the change channel now.
    func listeners(_ database: PostgresDatabase) async throws -> Int {
        let rows = try await database.rows(
            "SELECT count(*)::bigint FROM pg_stat_activity WHERE query ILIKE 'LISTEN%giveaways_changes%'")
        return Int(try rows.first!.decode(Int64.self))
    }

    /// Polls `condition` every 20 ms for up to `seconds`: a check that the thing happens, not a timing measure.
    func eventually(_ seconds: Double = 10, _ condition: () async throws -> Bool) async throws -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return try await condition()
    }

    func ids(_ instance: Instance) async throws -> Set<Int> {
        Set(try await instance.readModel.snapshot().giveaways.map(\.id))
    }

    @Test func aSyncOnOneInstanceReachesTheOthersReadModelThroughANotification() async throws {
        try await PostgresTestServer.withFreshDatabaseURL { url in
            let source = SettableSource([.stub(id: 1)])
            let a = try await instance(url: url, source: source)
            let b = try await instance(url: url, source: source)
            await a.scheduler.runOnce(a.job)
            #expect(try await ids(b) == [1])
            let follower = ChangeFollower(
                changes: b.changes, readModel: b.readModel, checkInterval: .seconds(3600),
                logger: PostgresTestServer.quiet)
            let following = Task { try await follower.run() }
            #expect(try await eventually { try await listeners(a.database) == 1 })

            source.giveaways.withLock { $0 = [.stub(id: 1), .stub(id: 2, title: "Second")] }
            // A's lease is for an hour: a forced run, as a press of Retry would make.
            await a.scheduler.runOnce(a.job, forced: true)
            #expect(try await eventually { try await ids(b) == [1, 2] })

            // The listening connection dies (a restarted PostgreSQL, a dropped network): the follower listens
            // again, reloads once for what it may have missed, and hears the next change.
            _ = try await a.database.rows(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN%giveaways_changes%'")
            #expect(try await eventually { try await listeners(a.database) == 1 })
            source.giveaways.withLock { $0 = [.stub(id: 3, title: "Third")] }
            await a.scheduler.runOnce(a.job, forced: true)
            #expect(try await eventually { try await ids(b) == [3] })

            following.cancel()
            _ = await following.result
            await a.database.close()
            await b.database.close()
        }
    }

    @Test func aLostNotificationIsMadeUpByTheFingerprintCheck() async throws {
        try await PostgresTestServer.withFreshDatabaseURL { url in
            let source = SettableSource([.stub(id: 1)])
            let a = try await instance(url: url, source: source)
            let b = try await instance(url: url, source: source, deaf: true)
            await a.scheduler.runOnce(a.job)
            #expect(try await ids(b) == [1])
            let follower = ChangeFollower(
                changes: b.changes, readModel: b.readModel, checkInterval: .milliseconds(200),
                logger: PostgresTestServer.quiet)
            let following = Task { try await follower.run() }
            // Let the follower take its first fingerprint before the change.
            try await Task.sleep(for: .milliseconds(300))
            source.giveaways.withLock { $0 = [.stub(id: 1), .stub(id: 2, title: "Second")] }
            await a.scheduler.runOnce(a.job, forced: true)
            #expect(try await eventually { try await ids(b) == [1, 2] })
            following.cancel()
            _ = await following.result
            await a.database.close()
            await b.database.close()
        }
    }

    @Test func anInstanceSkipsItsOwnAnnouncementsAndUnknownOnes() async throws {
        try await PostgresTestServer.withFreshDatabaseURL { url in
            let database = try await PostgresDatabase.open(PostgresURL(url), logger: PostgresTestServer.quiet)
            let changes = PostgresStoreChanges(database: database, origin: "me")
            #expect(changes.change(in: "me synced:gamerpower") == nil)
            #expect(changes.change(in: "other synced:gamerpower") == .synced(.gamerpower))
            #expect(changes.change(in: "other detail:540") == .catalogDetail(gameID: 540))
            #expect(changes.change(in: "other detail:-1") == nil)
            #expect(changes.change(in: "other teleported:3") == nil)
            #expect(changes.change(in: "no-space") == nil)
            #expect(await changes.fingerprint() == "0/-")
            await database.close()
        }
    }
}
