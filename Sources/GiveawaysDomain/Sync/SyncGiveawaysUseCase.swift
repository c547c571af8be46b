import Foundation

/// Fetches the GamerPower feed once and saves it; every attempt is written to the sync log, and a failed fetch
/// leaves the stored giveaways untouched. The one sync rule, used by `giveaways sync` and the server's job alike.
public struct SyncGiveawaysUseCase: Sendable {
    let source: any GiveawaySource
    let feed: any GiveawayFeedRepository
    let log: any SyncLogRepository

    public init(source: any GiveawaySource, feed: any GiveawayFeedRepository, log: any SyncLogRepository) {
        self.source = source
        self.feed = feed
        self.log = log
    }

    public func execute(now: Date) async throws -> SyncReport {
        let giveaways: [Giveaway]
        do {
            giveaways = try await source.fetchGiveaways()
        } catch {
            try await log.recordFailure(of: .gamerpower, reason: String(describing: error), at: now)
            throw error
        }
        let report = try await feed.saveFeed(giveaways, at: now)
        try await log.recordSuccess(of: .gamerpower, report: report, at: now)
        return report
    }
}
