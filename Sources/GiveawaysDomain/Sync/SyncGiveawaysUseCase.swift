import Foundation

/// Fetches the GamerPower feed once and saves it with the webhook events it raises; every attempt is written to
/// the sync log, and a failed fetch leaves the stored giveaways untouched. The one sync rule and the only writer of
/// feed, sync log and events: `giveaways sync`, `giveaways import` and the server's job all go through it.
public struct SyncGiveawaysUseCase: Sendable {
    let source: any GiveawaySource
    let feed: any GiveawayFeedRepository
    let log: any SyncLogRepository
    let events: HookEventPlanner

    public init(
        source: any GiveawaySource, feed: any GiveawayFeedRepository, log: any SyncLogRepository,
        events: HookEventPlanner = HookEventPlanner()
    ) {
        self.source = source
        self.feed = feed
        self.log = log
        self.events = events
    }

    public func execute(now: Date) async throws -> SyncReport {
        let giveaways: [Giveaway]
        do {
            giveaways = try await source.fetchGiveaways()
        } catch {
            try await log.recordFailure(of: .gamerpower, reason: String(describing: error), at: now)
            throw error
        }
        let report = try await feed.saveFeed(giveaways, at: now, events: events)
        try await log.recordSuccess(of: .gamerpower, report: report, at: now)
        return report
    }
}

/// A feed fetched earlier (a saved answer being imported): answers it as if it were fetched now.
public struct FetchedFeed: GiveawaySource {
    let giveaways: [Giveaway]

    public init(_ giveaways: [Giveaway]) {
        self.giveaways = giveaways
    }

    public func fetchGiveaways() async throws -> [Giveaway] { giveaways }
}
