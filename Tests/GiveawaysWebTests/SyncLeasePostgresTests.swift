import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import Logging
import Synchronization
import Testing

@testable import GiveawaysWeb

/// A source that answers at once and counts its fetches: the upstream every instance would call.
final class CountingSource: GiveawaySource {
    let fetches = Mutex(0)

    func fetchGiveaways() async throws -> [Giveaway] {
        fetches.withLock { $0 += 1 }
        return [.stub(id: 1)]
    }
}

/// Several instances' schedulers on one PostgreSQL database: one fetch of a source per interval among them all,
/// and another instance takes over when the holder of the lease dies. The clock is a shared manual one, so the
/// intervals are steps of it rather than waits.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipped))
struct SyncLeasePostgresTests {
    let interval = Duration.seconds(3)

    /// One instance: its own pool, its own lease holder name, its own read model and scheduler.
    struct Instance {
        let name: String
        let database: PostgresDatabase
        let scheduler: SyncScheduler
        let job: GamerPowerSyncJob
    }

    func instance(
        _ name: String, url: String, source: CountingSource, clock: @escaping @Sendable () -> Date
    ) async throws -> Instance {
        let database = try await PostgresDatabase.open(PostgresURL(url), logger: PostgresTestServer.quiet)
        let repositories = AppRepositories.postgres(database)
        let logger = PostgresTestServer.quiet
        let readModel = ReadModel(feed: repositories.feed, log: repositories.syncLog, logger: logger)
        let job = GamerPowerSyncJob(
            upstream: source, feed: repositories.feed, log: repositories.syncLog, interval: interval, logger: logger)
        let scheduler = SyncScheduler(
            jobs: [job], readModel: readModel, clock: clock, logger: logger,
            lease: PostgresSyncLease(database: database, holder: name))
        return Instance(name: name, database: database, scheduler: scheduler, job: job)
    }

    /// Every instance's scheduled run at once, as their timers would fire in the same interval.
    func tick(_ instances: [Instance]) async {
        await withTaskGroup(of: Void.self) { group in
            for instance in instances {
                group.addTask { await instance.scheduler.runOnce(instance.job) }
            }
        }
    }

    @Test func threeInstancesFetchOncePerIntervalAndAnotherTakesOverWhenTheHolderDies() async throws {
        try await PostgresTestServer.withFreshDatabaseURL { url in
            let source = CountingSource()
            let start = Date(timeIntervalSince1970: 1_780_000_000)
            let now = Mutex(start)
            let clock: @Sendable () -> Date = { now.withLock { $0 } }
            var instances: [Instance] = []
            for name in ["A", "B", "C"] {
                instances.append(try await instance(name, url: url, source: source, clock: clock))
            }
            for step in 1...3 {
                await tick(instances)
                #expect(source.fetches.withLock { $0 } == step, "interval \(step)")
                // Half an interval on: every instance's timer again, and nobody fetches.
                now.withLock { $0 += interval.timeInterval / 2 }
                await tick(instances)
                #expect(source.fetches.withLock { $0 } == step, "half-way through interval \(step)")
                now.withLock { $0 += interval.timeInterval / 2 }
            }

            await tick(instances)
            #expect(source.fetches.withLock { $0 } == 4)
            // The holder dies: its connections drop, its lease row stays until it expires.
            let lease = PostgresSyncLease(database: instances[0].database, holder: "observer")
            let holder = try #require(try await lease.currentHolder(of: .gamerpower))
            let dead = try #require(instances.firstIndex { $0.name == holder })
            await instances[dead].database.close()
            instances.remove(at: dead)
            // Before the lease ends nobody fetches; once it has ended, one of the others does, once.
            now.withLock { $0 += interval.timeInterval / 2 }
            await tick(instances)
            #expect(source.fetches.withLock { $0 } == 4)
            now.withLock { $0 += interval.timeInterval / 2 }
            await tick(instances)
            #expect(source.fetches.withLock { $0 } == 5)
            let next = PostgresSyncLease(database: instances[0].database, holder: "observer")
            #expect(try await next.currentHolder(of: .gamerpower) != holder)
            for instance in instances { await instance.database.close() }
        }
    }

    /// A skipped instance learns when the holder's lease ends, and the holder keeps its lease until its own next
    /// run: a holder killed mid-run is replaced as soon as the lease it took runs out, not an interval later.
    @Test func aSkippedInstanceAsksAgainTheMomentTheLeaseEnds() async throws {
        try await PostgresTestServer.withFreshDatabaseURL { url in
            let database = try await PostgresDatabase.open(PostgresURL(url), logger: PostgresTestServer.quiet)
            let a = PostgresSyncLease(database: database, holder: "A")
            let b = PostgresSyncLease(database: database, holder: "B")
            let start = Date(timeIntervalSince1970: 1_780_000_000)
            #expect(try await a.take(.gamerpower, now: start, for: .seconds(3), force: false) == .taken)
            let during = start.addingTimeInterval(1)
            #expect(
                try await b.take(.gamerpower, now: during, for: .seconds(3), force: false)
                    == .heldElsewhere(until: start.addingTimeInterval(3)))
            // The holder's run ends at 2 s: it keeps the lease until its next run, an interval later.
            try await a.keep(.gamerpower, until: start.addingTimeInterval(5))
            #expect(
                try await b.take(.gamerpower, now: start.addingTimeInterval(3.05), for: .seconds(3), force: false)
                    == .heldElsewhere(until: start.addingTimeInterval(5)))
            // Another holder's `keep` moves nothing.
            try await b.keep(.gamerpower, until: start.addingTimeInterval(60))
            #expect(
                try await b.take(.gamerpower, now: start.addingTimeInterval(5), for: .seconds(3), force: false)
                    == .taken)
            await database.close()
        }
    }

    /// The scheduler's own loop, on real time: after a skipped run it wakes when the lease ends, not an interval
    /// after it skipped.
    @Test func theSchedulerOfASkippedInstanceWakesWhenTheLeaseEnds() async throws {
        try await PostgresTestServer.withFreshDatabaseURL { url in
            let source = CountingSource()
            let clock: @Sendable () -> Date = { Date() }
            let b = try await instance("B", url: url, source: source, clock: clock)
            // A dead holder's lease, ending in 1 s; B's interval is 3 s.
            let dead = PostgresSyncLease(database: b.database, holder: "dead")
            #expect(try await dead.take(.gamerpower, now: Date(), for: .seconds(1), force: false) == .taken)
            let started = Date()
            let running = Task { try await b.scheduler.run() }
            while source.fetches.withLock({ $0 }) == 0, Date().timeIntervalSince(started) < 10 {
                try await Task.sleep(for: .milliseconds(20))
            }
            let tookOver = Date().timeIntervalSince(started)
            running.cancel()
            _ = await running.result
            #expect(source.fetches.withLock { $0 } == 1)
            #expect(tookOver < 2.5, "took over after \(tookOver) s; the lease ended after 1 s, the interval is 3 s")
            await b.database.close()
        }
    }

    @Test func aPressOfRetryFetchesEvenWhileAnotherInstanceHoldsTheLease() async throws {
        try await PostgresTestServer.withFreshDatabaseURL { url in
            let source = CountingSource()
            let now = Mutex(Date(timeIntervalSince1970: 1_780_000_000))
            let clock: @Sendable () -> Date = { now.withLock { $0 } }
            let a = try await instance("A", url: url, source: source, clock: clock)
            let b = try await instance("B", url: url, source: source, clock: clock)
            await a.scheduler.runOnce(a.job)
            await b.scheduler.runOnce(b.job)
            #expect(source.fetches.withLock { $0 } == 1)
            await b.scheduler.runOnce(b.job, forced: true)
            #expect(source.fetches.withLock { $0 } == 2)
            // The press took the lease: A's next timer within the interval leaves the upstream alone.
            await a.scheduler.runOnce(a.job)
            #expect(source.fetches.withLock { $0 } == 2)
            await a.database.close()
            await b.database.close()
        }
    }
}
