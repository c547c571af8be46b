import Foundation
import GiveawaysDomain
import Logging
import ServiceLifecycle
import Synchronization

/// The write side: runs each source's job at start-up, then on its interval, and on demand (Retry); at most one
/// run per source at a time. After every run it tells the read model to reload. Routes never see it: they get a
/// `SyncTrigger`.
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

    init(
        jobs: [any SourceSyncJob], readModel: ReadModel, clock: @escaping @Sendable () -> Date, logger: Logger,
        afterRun: @escaping @Sendable () -> Void = {}
    ) {
        self.jobs = jobs
        self.readModel = readModel
        self.clock = clock
        self.logger = logger
        self.afterRun = afterRun
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
            await runOnce(job)
            readModel.setSchedule(
                SourceSchedule(isRunning: false, nextRunAt: clock().addingTimeInterval(job.interval.timeInterval)),
                for: job.source)
            try? await Task.sleep(for: job.interval)
        }
    }

    /// A trigger for on-demand runs, for the routes' Retry button.
    var trigger: SyncTrigger {
        SyncTrigger { [self] source in
            guard let job = jobs.first(where: { $0.source == source }) else { return }
            Task {
                // A run already going may have started before the press (and be failing on an outage that is
                // over now): the press is kept and answered by one more run right after it.
                if await !self.runOnce(job) {
                    self.pending.withLock { _ = $0.insert(source) }
                    if !self.running.withLock({ $0.contains(source) }),
                        self.pending.withLock({ $0.remove(source) != nil })
                    {
                        await self.runOnce(job)
                    }
                }
            }
        }
    }

    /// Runs `job` now unless it is already running. Returns `false` when it was.
    @discardableResult
    func runOnce(_ job: any SourceSyncJob) async -> Bool {
        guard running.withLock({ $0.insert(job.source).inserted }) else { return false }
        var schedule = readModel.schedule(of: job.source)
        schedule.isRunning = true
        readModel.setSchedule(schedule, for: job.source)
        let now = clock()
        do {
            let report = try await job.run(now: now)
            logger.info(
                "sync finished",
                metadata: [
                    "source": "\(job.source.rawValue)", "total": "\(report.total)", "new": "\(report.added.count)",
                    "updated": "\(report.updated.count)", "back": "\(report.returned.count)",
                    "left": "\(report.left.count)",
                ])
        } catch {
            logger.warning(
                "sync failed; keeping the stored data",
                metadata: ["source": "\(job.source.rawValue)", "reason": "\(error)"])
            await job.recover(now: now)
        }
        await readModel.reload()
        afterRun()
        running.withLock { _ = $0.remove(job.source) }
        schedule.isRunning = false
        readModel.setSchedule(schedule, for: job.source)
        if pending.withLock({ $0.remove(job.source) != nil }) { await runOnce(job) }
        return true
    }
}

/// Asks for a sync of one source now (the Retry button); returns at once.
struct SyncTrigger: Sendable {
    let request: @Sendable (SourceID) -> Void

    func callAsFunction(_ source: SourceID) { request(source) }
}
