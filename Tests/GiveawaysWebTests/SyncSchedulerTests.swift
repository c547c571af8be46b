import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Logging
import Synchronization
import Testing

@testable import GiveawaysWeb

/// A source whose fetches wait until released, and are counted.
final class GatedSource: GiveawaySource {
    let fetches = Mutex(0)
    let gate = Mutex<[CheckedContinuation<Void, Never>]>([])

    func fetchGiveaways() async throws -> [Giveaway] {
        fetches.withLock { $0 += 1 }
        await withCheckedContinuation { continuation in gate.withLock { $0.append(continuation) } }
        return [.stub(id: 1)]
    }

    func releaseAll() {
        for continuation in gate.withLock({ gate in
            defer { gate.removeAll() }; return gate
        }) { continuation.resume() }
    }
}

@Suite struct SyncSchedulerTests {
    @Test func aPressDuringARunIsAnsweredByOneMoreRunAfterIt() async throws {
        let store = try TestStore()
        let source = GatedSource()
        let logger = Logger(label: "test")
        let readModel = ReadModel(feed: store.feed, log: store.log, logger: logger)
        let job = GamerPowerSyncJob(
            upstream: source, feed: store.feed, log: store.log, interval: .seconds(3600), logger: logger)
        let scheduler = SyncScheduler(jobs: [job], readModel: readModel, clock: { Date() }, logger: logger)
        scheduler.trigger(.gamerpower)
        try await Self.waitUntil { source.fetches.withLock { $0 } == 1 }
        // Two presses while the first run waits: kept as one more run, not two.
        scheduler.trigger(.gamerpower)
        scheduler.trigger(.gamerpower)
        try await Task.sleep(for: .milliseconds(200))
        #expect(source.fetches.withLock { $0 } == 1)
        source.releaseAll()
        try await Self.waitUntil { source.fetches.withLock { $0 } == 2 }
        source.releaseAll()
        try await Self.waitUntil { !readModel.isSyncing }
        try await Task.sleep(for: .milliseconds(300))  // room for a wrong third run to start
        source.releaseAll()
        #expect(source.fetches.withLock { $0 } == 2)
    }

    /// Polls `condition` for up to 5 s; records a failure instead of hanging.
    static func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock().now + .seconds(5)
        while !condition() {
            guard ContinuousClock().now < deadline else {
                Issue.record("condition not met within 5 s")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
