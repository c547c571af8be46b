import Foundation
import GiveawaysDomain
import Logging
import ServiceLifecycle
import Synchronization

/// Keeps this instance's read model (and so its kept pages) in step with what other instances save to a shared
/// store: reloads on each change they announce, and — a safety net for a lost notification — whenever the store's
/// fingerprint moved since it last looked. Runs only on a shared store (PostgreSQL).
final class ChangeFollower: Service, Sendable {
    let changes: any StoreChangeChannel
    let readModel: ReadModel
    /// How often the fingerprint is compared.
    let checkInterval: Duration
    let logger: Logger
    private let seen = Mutex<String?>(nil)
    /// The live stream's engine, told when another instance logged events.
    let live: LiveEvents?

    init(
        changes: any StoreChangeChannel, readModel: ReadModel, checkInterval: Duration, logger: Logger,
        live: LiveEvents? = nil
    ) {
        self.changes = changes
        self.readModel = readModel
        self.checkInterval = checkInterval
        self.logger = logger
        self.live = live
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.changes.follow { change in await self.apply(change) } }
                group.addTask { await self.checkPeriodically() }
            }
        }
    }

    /// Brings in one announced change; `nil` (changes may have been missed) reloads everything.
    func apply(_ change: StoreChange?) async {
        switch change {
        case .liveEvents:
            await live?.catchUp()
            return
        case .catalogDetail(let id): await readModel.followDetail(of: id)
        case .synced, nil: await readModel.reload()
        }
        logger.debug("followed a change of another instance", metadata: ["change": "\(change?.payload ?? "missed")"])
        let fingerprint = await changes.fingerprint()
        seen.withLock { $0 = fingerprint }
    }

    private func checkPeriodically() async {
        let first = await changes.fingerprint()
        seen.withLock { $0 = first }
        while !Task.isCancelled {
            try? await Task.sleep(for: checkInterval)
            guard !Task.isCancelled, let now = await changes.fingerprint() else { continue }
            let moved = seen.withLock { seen in
                defer { seen = now }
                return seen != nil && seen != now
            }
            if moved {
                logger.info("the store changed without a notification reaching this instance; reloading")
                await readModel.reload()
            }
        }
    }
}
