import Foundation
import GiveawaysUpstream
import Logging
import ServiceLifecycle
import Synchronization

/// Runs the webhook outbox while the server runs: a pass every `pollInterval` (which also raises `ending` for
/// giveaways that entered the 24-hour window between syncs), and one right after each sync (`wake`). Events left
/// by `giveaways sync` from the command line are sent by the next pass.
final class HookDeliveryService: Service, Sendable {
    private let worker: HookDeliveryWorker
    private let pollInterval: Duration
    private let logger: Logger
    private let woken = Mutex(false)

    init(worker: HookDeliveryWorker, pollInterval: Duration = .seconds(5), logger: Logger) {
        self.worker = worker
        self.pollInterval = pollInterval
        self.logger = logger
    }

    /// Asks for a pass now (after a sync wrote events).
    func wake() {
        woken.withLock { $0 = true }
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var lastPrune: ContinuousClock.Instant?
            while !Task.isCancelled {
                do {
                    try await self.worker.runOnce()
                    if lastPrune.map({ ContinuousClock().now - $0 > .seconds(3600) }) ?? true {
                        try await self.worker.pruneLog()
                        lastPrune = ContinuousClock().now
                    }
                } catch {
                    self.logger.error("hook delivery pass failed", metadata: ["reason": "\(error)"])
                }
                await self.waitForWakeOrPoll()
            }
        }
    }

    /// Sleeps until the poll interval passes or `wake` is called, checking in short steps.
    private func waitForWakeOrPoll() async {
        let deadline = ContinuousClock().now + pollInterval
        while ContinuousClock().now < deadline, !Task.isCancelled {
            if woken.withLock({ flag in
                defer { flag = false }
                return flag
            }) {
                return
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        woken.withLock { $0 = false }
    }
}
