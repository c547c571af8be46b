import Foundation
import GiveawaysDomain
import Logging
import ServiceLifecycle
import Synchronization

/// The write side: runs each source's job at start-up, then on its interval, and on demand (Retry); at most one
/// run per source at a time. After every run it tells the read model to reload. Routes never see it: they get a
/// `SyncTrigger`. With several instances on one store, a run first takes the source's `SyncLease`: only its
/// holder calls the upstream, the others reload what it saved.
final class SyncScheduler: Service, Sendable {
    private let jobs: [any SourceSyncJob]
    private let readModel: ReadModel
    private let clock: @Sendable () -> Date
    private let logger: Logger
    private let running = Mutex<Set<SourceID>>([])
    /// Sources asked to sync (Retry, Sync now) while a run was already going: they run once more after it.
    private let pending = Mutex<Set<SourceID>>([])
    /// Called after every run, successful or not (wakes the webhook delivery).
    private let afterRun: @Sendable () -> Void
    /// Told each run this instance made, after the read model took it in (the live stream's `sync.finished`).
    private let finished: @Sendable (SourceID, _ succeeded: Bool, Date) async -> Void
    private let lease: any SyncLease
    /// Tells the other instances on a shared store that a run saved something.
    private let changes: any StoreChangeChannel
    private let metrics: AppMetrics?
    /// When each source's loop runs next, as its last run decided: the job's own plan after a run here, or the
    /// moment another instance's lease ends (a little after, so its holder goes first) after a skipped one.
    private let plannedRuns = Mutex<[SourceID: Date]>([:])
    /// How long after another instance's lease ends this one asks: its holder, waking at that moment, goes first.
    static let afterOthersLease: TimeInterval = 0.05

    init(
        jobs: [any SourceSyncJob], readModel: ReadModel, clock: @escaping @Sendable () -> Date, logger: Logger,
        lease: any SyncLease = SoleSyncLease(), changes: any StoreChangeChannel = SoleStoreChanges(),
        metrics: AppMetrics? = nil, afterRun: @escaping @Sendable () -> Void = {},
        finished: @escaping @Sendable (SourceID, _ succeeded: Bool, Date) async -> Void = { _, _, _ in }
    ) {
        self.metrics = metrics
        self.lease = lease
        self.changes = changes
        self.jobs = jobs
        self.readModel = readModel
        self.clock = clock
        self.logger = logger
        self.afterRun = afterRun
        self.finished = finished
    }

    /// Prepares every job, then runs each on its own schedule until graceful shutdown.
    func run() async throws {
        for job in jobs { await job.prepare(now: clock()) }
        await readModel.reload()
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                for job in self.jobs {
                    group.addTask { await self.loop(job) }
                }
            }
        }
    }

    private func loop(_ job: any SourceSyncJob) async {
        let delay = await job.firstRunDelay(now: clock())
        if delay > .zero {
            readModel.setSchedule(
                SourceSchedule(isRunning: false, nextRunAt: clock().addingTimeInterval(delay.timeInterval)),
                for: job.source)
            try? await Task.sleep(for: delay)
        }
        while !Task.isCancelled {
            // A run already going here (a press of Retry) plans the next one itself; this timer waits an interval.
            let ran = await runOnce(job)
            let now = clock()
            let planned = ran ? plannedRuns.withLock { $0[job.source] } : nil
            let next = planned ?? now.addingTimeInterval(job.interval.timeInterval)
            readModel.setSchedule(SourceSchedule(isRunning: false, nextRunAt: next), for: job.source)
            try? await Task.sleep(for: .seconds(max(0, next.timeIntervalSince(now))))
        }
    }

    /// A trigger for on-demand runs, for the routes' Retry button.
    var trigger: SyncTrigger {
        SyncTrigger { [self] source in
            guard let job = jobs.first(where: { $0.source == source }) else { return }
            Task {
                // A run already going may have started before the press (and be failing on an outage that is
                // over now): the press is kept and answered by one more run right after it.
                if await !self.runOnce(job, forced: true) {
                    self.pending.withLock { _ = $0.insert(source) }
                    if !self.running.withLock({ $0.contains(source) }),
                        self.pending.withLock({ $0.remove(source) != nil })
                    {
                        await self.runOnce(job, forced: true)
                    }
                }
            }
        }
    }

    /// Runs `job` now unless it is already running here. Returns `false` when it was. When another instance holds
    /// the source's lease, only reloads the read model; `forced` (a press of Retry) takes the lease regardless.
    @discardableResult
    func runOnce(_ job: any SourceSyncJob, forced: Bool = false) async -> Bool {
        guard running.withLock({ $0.insert(job.source).inserted }) else { return false }
        let now = clock()
        let lease = await takesLease(job, now: now, forced: forced)
        guard lease == .taken else {
            let retry: Date
            if case .heldElsewhere(let until) = lease {
                retry = max(until, now).addingTimeInterval(Self.afterOthersLease)
            } else {
                retry = now.addingTimeInterval(job.interval.timeInterval)
            }
            plannedRuns.withLock { $0[job.source] = retry }
            metrics?.syncRun(job.source, outcome: "skipped")
            await readModel.reload()
            running.withLock { _ = $0.remove(job.source) }
            return true
        }
        var schedule = readModel.schedule(of: job.source)
        schedule.isRunning = true
        readModel.setSchedule(schedule, for: job.source)
        var succeeded = false
        do {
            let report = try await job.run(now: now)
            succeeded = true
            metrics?.syncRun(job.source, outcome: "succeeded")
            logger.info(
                "sync finished",
                metadata: [
                    "source": "\(job.source.rawValue)", "total": "\(report.total)", "new": "\(report.added.count)",
                    "updated": "\(report.updated.count)", "back": "\(report.returned.count)",
                    "left": "\(report.left.count)",
                ])
        } catch {
            metrics?.syncRun(job.source, outcome: "failed")
            logger.warning(
                "sync failed; keeping the stored data",
                metadata: ["source": "\(job.source.rawValue)", "reason": "\(error)"])
            await job.recover(now: now)
        }
        // The lease is kept until this instance's next planned run, so the others ask exactly then.
        let ended = clock()
        let next = ended.addingTimeInterval(await job.delayBeforeNextRun(now: ended).timeInterval)
        plannedRuns.withLock { $0[job.source] = next }
        do {
            try await self.lease.keep(job.source, until: next)
        } catch {
            logger.warning(
                "the sync lease could not be kept until the next run",
                metadata: ["source": "\(job.source.rawValue)", "reason": "\(error)"])
        }
        await readModel.reload()
        // A failed run is news too: the freshness banner and /status read the sync log on every instance.
        await changes.announce(.synced(job.source))
        afterRun()
        await finished(job.source, succeeded, now)
        running.withLock { _ = $0.remove(job.source) }
        schedule.isRunning = false
        readModel.setSchedule(schedule, for: job.source)
        if pending.withLock({ $0.remove(job.source) != nil }) { await runOnce(job, forced: true) }
        return true
    }

    /// Whether this instance may fetch `job`'s source now. A store that cannot be asked answers no: the upstream's
    /// data could not be saved anyway.
    /// `nil` when the lease could not be asked for (the store is down): skipped, and asked again in an interval.
    private func takesLease(_ job: any SourceSyncJob, now: Date, forced: Bool) async -> SyncLeaseAnswer? {
        do {
            return try await lease.take(job.source, now: now, for: job.interval, force: forced)
        } catch {
            logger.warning(
                "sync skipped: the sync lease could not be taken",
                metadata: ["source": "\(job.source.rawValue)", "reason": "\(error)"])
            return nil
        }
    }
}

/// Asks for a sync of one source now (the Retry button); returns at once.
struct SyncTrigger: Sendable {
    let request: @Sendable (SourceID) -> Void

    func callAsFunction(_ source: SourceID) { request(source) }
}
