import Foundation
import GiveawaysData
import GiveawaysDomain
import Logging

/// One source's sync: what the scheduler runs on its interval and on demand. One implementation per kind of
/// upstream: GamerPower, FreeToGame, and the stores' own fronts (`StoreSyncJob`).
protocol SourceSyncJob: Sendable {
    var source: SourceID { get }
    /// Time between two scheduled runs.
    var interval: Duration { get }
    /// Runs once before the first sync (e.g. installs demo data into an empty store).
    func prepare(now: Date) async
    /// Fetches and saves once. Throws when the upstream failed; the store is unchanged then.
    func run(now: Date) async throws -> SyncReport
    /// Called after a failed run.
    func recover(now: Date) async
    /// How long after start-up the first run waits: zero for a source that must be fresh at once, the rest of
    /// its interval for one whose last success is recent enough.
    func firstRunDelay(now: Date) async -> Duration
    /// How long after a run the next one starts: the interval, unless the source knows better (a store's
    /// announced switch, its `Retry-After`).
    func delayBeforeNextRun(now: Date) async -> Duration
    /// Until when the upstream asked not to be asked again (its `Retry-After`), when that is after `now`: no run,
    /// scheduled or pressed, asks it before then.
    func waitsUntil(now: Date) async -> Date?
}

extension SourceSyncJob {
    func firstRunDelay(now: Date) async -> Duration { .zero }
    func delayBeforeNextRun(now: Date) async -> Duration { interval }
    func waitsUntil(now: Date) async -> Date? { nil }
}

/// Syncs the FreeToGame catalog: at start-up only when it is empty or older than its interval (a restart must
/// not cost a 400-game download), then once per interval.
struct FreeToGameSyncJob: SourceSyncJob {
    let upstream: any CatalogSource
    let catalog: any CatalogRepository
    let log: any SyncLogRepository
    let interval: Duration

    var source: SourceID { .freetogame }

    func prepare(now: Date) async {}

    func run(now: Date) async throws -> SyncReport {
        try await SyncCatalogUseCase(source: upstream, catalog: catalog, log: log).execute(now: now)
    }

    func recover(now: Date) async {}

    func firstRunDelay(now: Date) async -> Duration {
        guard let lastSuccess = try? await log.syncLog(of: .freetogame).lastSuccess?.at,
            let games = try? await catalog.allCatalogGames(), !games.isEmpty
        else { return .zero }
        let due = lastSuccess.addingTimeInterval(interval.timeInterval)
        return due > now ? .seconds(due.timeIntervalSince(now)) : .zero
    }
}

extension Duration {
    /// The duration in seconds, as Foundation counts time.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

/// Syncs the GamerPower giveaway feed; on a machine that never synced, installs labelled demo data so the very
/// first page is a working app rather than a blank one.
struct GamerPowerSyncJob: SourceSyncJob {
    let upstream: any GiveawaySource
    let feed: any GiveawayFeedRepository
    let log: any SyncLogRepository
    let interval: Duration
    let logger: Logger

    var source: SourceID { .gamerpower }

    func prepare(now: Date) async {
        await seedDemoDataIfEmpty(now: now)
    }

    func run(now: Date) async throws -> SyncReport {
        try await SyncGiveawaysUseCase(source: upstream, feed: feed, log: log).execute(now: now)
    }

    func recover(now: Date) async {
        await seedDemoDataIfEmpty(now: now)
    }

    private func seedDemoDataIfEmpty(now: Date) async {
        do {
            if try await feed.seedDemoDataIfEmpty(DemoGiveaways.make(now: now), at: now) {
                logger.notice("empty store: showing the built-in demo data until a sync succeeds")
            }
        } catch {
            logger.error("could not install demo data", metadata: ["reason": "\(error)"])
        }
    }
}
