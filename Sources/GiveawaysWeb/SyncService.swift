import Foundation
import GiveawaysDomain
import Logging
import ServiceLifecycle

/// Runs a sync at start-up and then every `interval`, in the background; stops on graceful shutdown.
struct SyncService<Repository: GiveawayRepository, Source: GiveawaySource>: Service {
    let store: FeedStore<Repository, Source>
    let interval: Duration

    func run() async throws {
        await store.prepare()
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await store.sync()
                try? await Task.sleep(for: interval)
            }
        }
    }
}
