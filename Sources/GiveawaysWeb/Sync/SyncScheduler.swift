import Foundation
import GiveawaysDomain
import Logging
import ServiceLifecycle
import Synchronization

/// The write side: runs each source's job at start-up, then on its interval, and on demand (Retry); at most one
/// run per source at a time. After every run it tells the read model to reload. Routes never see it: they get a
/// `SyncTrigger`. With several instances on one store, a run first takes the source's `SyncLease`: only its
/// holder calls the upstream, the others reload what it saved. A source inside its `Retry-After` is not asked,
/// on its schedule or at a press; a press's run plans the next one, and the source's timer follows that plan, so
/// the "next run" `/status` shows is the one that happens.
final class SyncScheduler: Service, Sendable {
    /// Each source's job, in the order the loops start.
    let jobs: [any SourceSyncJob]
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
    /// Plans made by a press's run while the source's timer slept: the timer wakes and sleeps until this instead.
    private let replanned = Mutex<[SourceID: Date]>([:])
    /// Each source's timer, while it sleeps: a press's run cancels it so the loop reads the new plan.
    private let sleepers = Mutex<[SourceID: Task<Void, Never>]>([:])
    /// Until when each source asked not to be asked (its `Retry-After`), as its last run here learnt.
    private let waits = Mutex<[SourceID: Date]>([:])
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
            replanned.withLock { _ = $0.removeValue(forKey: job.source) }
            let ran = await runOnce(job)
            let now = clock()
            let planned = ran ? plannedRuns.withLock { $0[job.source] } : nil
            var next = planned ?? now.addingTimeInterval(job.interval.timeInterval)
            readModel.setSchedule(SourceSchedule(isRunning: false, nextRunAt: next), for: job.source)
            // Sleeps until the plan; a press's run meanwhile makes a new one (an interval after it, or a store's
            // Retry-After), and this follows it rather than asking at the old time.
            while !Task.isCancelled {
                await sleep(job.source, for: .seconds(max(0, next.timeIntervalSince(clock()))))
                guard let newer = replanned.withLock({ $0.removeValue(forKey: job.source) }) else { break }
                next = newer
            }
        }
    }

    /// Sleeps `duration`, or until a press's run wakes the source's timer (`replan`), or the task is cancelled.
    private func sleep(_ source: SourceID, for duration: Duration) async {
        let timer = Task<Void, Never> { try? await Task.sleep(for: duration) }
        sleepers.withLock { $0[source] = timer }
        await withTaskCancellationHandler {
            await timer.value
        } onCancel: {
            timer.cancel()
        }
        sleepers.withLock { if $0[source] == timer { $0[source] = nil } }
    }

    /// Tells the source's sleeping timer that a press's run planned its next run anew.
    private func replan(_ source: SourceID, at next: Date) {
        replanned.withLock { $0[source] = next }
        sleepers.withLock { $0[source] }?.cancel()
    }

    /// Until when `source` asked not to be asked, when that is still ahead.
    func waitsUntil(_ source: SourceID) -> Date? {
        let now = clock()
        return waits.withLock { $0[source] }.flatMap { $0 > now ? $0 : nil }
    }

    /// A trigger for on-demand runs, for the routes' Retry button.
    var trigger: SyncTrigger {
        SyncTrigger(waitsUntil: { [self] in waitsUntil($0) }) { [self] source in
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
    /// the source's lease, only reloads the read model; `forced` (a press of Retry) takes the lease regardless. A
    /// source inside its `Retry-After` is not asked, forced or not: its next run stays at the end of that wait.
    @discardableResult
    func runOnce(_ job: any SourceSyncJob, forced: Bool = false) async -> Bool {
        guard running.withLock({ $0.insert(job.source).inserted }) else { return false }
        let now = clock()
        if let until = await job.waitsUntil(now: now) {
            if !forced {
                plannedRuns.withLock { $0[job.source] = until }
            }
            metrics?.syncRun(job.source, outcome: "skipped")
            logger.info(
                "sync not asked: the source said to wait",
                metadata: ["source": "\(job.source.rawValue)", "until": "\(until)", "pressed": "\(forced)"])
            running.withLock { _ = $0.remove(job.source) }
            return true
        }
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
        let wait = await job.waitsUntil(now: ended)
        waits.withLock { $0[job.source] = wait }
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
        schedule.nextRunAt = next
        readModel.setSchedule(schedule, for: job.source)
        // A press's run planned anew: the source's timer, asleep since its own run, follows the plan.
        if forced { replan(job.source, at: next) }
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

/// Asks for a sync of one source now (the Retry button); returns at once. A source inside its `Retry-After` is
/// not asked: `waitsUntil` says until when.
struct SyncTrigger: Sendable {
    let waitsUntil: @Sendable (SourceID) -> Date?
    let request: @Sendable (SourceID) -> Void

    init(
        waitsUntil: @escaping @Sendable (SourceID) -> Date? = { _ in nil },
        request: @escaping @Sendable (SourceID) -> Void
    ) {
        self.waitsUntil = waitsUntil
        self.request = request
    }

    func callAsFunction(_ source: SourceID) { request(source) }
}
