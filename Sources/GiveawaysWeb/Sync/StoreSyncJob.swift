import Foundation
import GiveawaysDomain
import Synchronization

/// Syncs one store's own front (Epic, Epic mobile, Steam, GOG): once per interval, and, for a store that announces
/// its next giveaway (Epic), a minute after the announced start, so a new free game is on Home within a minute of
/// going free. A store that answered `Retry-After` is not asked again before then, whatever the interval says or
/// whoever presses "Sync now". A failed or malformed answer keeps the last good offers and is logged on `/status`
/// for this store alone.
struct StoreSyncJob: SourceSyncJob {
    let client: any StoreOfferSource
    let offers: any StoreOfferRepository
    let log: any SyncLogRepository
    let interval: Duration
    private let timing = Timing()

    /// What the last run learnt of when to ask next: the store's next announced switch, its `Retry-After`.
    private final class Timing: Sendable {
        private let state = Mutex<(nextSwitch: Date?, retryAfter: Date?, failures: Int)>((nil, nil, 0))

        func withLock<Result>(_ body: (inout (nextSwitch: Date?, retryAfter: Date?, failures: Int)) -> Result) -> Result
        {
            state.withLock { body(&$0) }
        }
    }

    /// How long after an announced switch the store is asked (its front turns over at the exact minute).
    static let afterSwitch: TimeInterval = 60

    init(client: any StoreOfferSource, offers: any StoreOfferRepository, log: any SyncLogRepository, interval: Duration)
    {
        self.client = client
        self.offers = offers
        self.log = log
        self.interval = interval
    }

    var source: SourceID { SourceID(client.store) }

    func prepare(now: Date) async {
        // A restart learns the next switch from what is kept, so the poll at the switch is not lost.
        if let kept = try? await offers.allOffers().filter({ $0.offer.store == client.store && $0.leftAt == nil }) {
            timing.withLock { $0.nextSwitch = Self.nextSwitch(after: now, in: kept.map(\.offer)) }
        }
    }

    func run(now: Date) async throws -> SyncReport {
        let known = try await offers.allOffers().filter { $0.offer.store == client.store }
        do {
            let fresh = try await client.fetchOffers(now: now, known: known)
            let report = try await offers.saveOffers(fresh, of: client.store, at: now)
            timing.withLock { $0 = (Self.nextSwitch(after: now, in: fresh), nil, 0) }
            try await log.recordSuccess(of: source, report: report, at: now)
            return report
        } catch let failure as StoreFetchFailure {
            timing.withLock {
                $0.retryAfter = failure.retryAfter
                $0.failures += 1
            }
            try await log.recordFailure(of: source, reason: failure.reason, at: now)
            throw failure
        }
    }

    func recover(now: Date) async {}

    /// The interval, cut short by an announced switch still ahead; after failures, a back-off of 2, 4, 8… minutes
    /// (at most the interval); never before a `Retry-After`. A switch already past never makes it shorter: a store
    /// that failed at its switch is not asked again every second.
    func delayBeforeNextRun(now: Date) async -> Duration {
        let (nextSwitch, retryAfter, failures) = timing.withLock { ($0.nextSwitch, $0.retryAfter, $0.failures) }
        var next = now.addingTimeInterval(interval.timeInterval)
        if failures > 0 {
            let backOff = Self.firstBackOff * pow(2, Double(min(failures - 1, 16)))
            next = now.addingTimeInterval(min(interval.timeInterval, backOff))
        } else if let nextSwitch, nextSwitch.addingTimeInterval(Self.afterSwitch) > now {
            next = min(next, nextSwitch.addingTimeInterval(Self.afterSwitch))
        }
        if let retryAfter { next = max(next, retryAfter) }
        return .seconds(max(1, next.timeIntervalSince(now)))
    }

    func waitsUntil(now: Date) async -> Date? {
        timing.withLock { $0.retryAfter }.flatMap { $0 > now ? $0 : nil }
    }

    /// The wait after the first failure in a row; each failure after it doubles it.
    static let firstBackOff: TimeInterval = 120

    /// A restart does not ask the store again before its interval is over (or its next switch).
    func firstRunDelay(now: Date) async -> Duration {
        guard let lastSuccess = try? await log.syncLog(of: source).lastSuccess?.at else { return .zero }
        let due = lastSuccess.addingTimeInterval(interval.timeInterval)
        guard due > now else { return .zero }
        return await delayBeforeNextRun(now: lastSuccess)
            - .seconds(now.timeIntervalSince(lastSuccess))
    }

    /// The first moment after `now` the store said its front turns over: an announced window's start, or a
    /// window's end.
    static func nextSwitch(after now: Date, in offers: [StoreOffer]) -> Date? {
        offers.flatMap { [$0.startsAt, $0.endsAt] }.compactMap { $0 }.filter { $0 > now }.min()
    }
}
