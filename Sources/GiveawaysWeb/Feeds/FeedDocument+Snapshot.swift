import Foundation
import GiveawaysDomain
import GiveawaysViews

extension FeedDocument {
    /// When a feed over `giveaways` last changed: the last successful sync, the latest end date that has passed
    /// (an expired giveaway drops out between syncs), the latest change of any entry, and for a personal feed its
    /// latest mark. Whole seconds, as HTTP dates have. `nil` for a store that has never synced or held anything.
    static func lastModified(
        of giveaways: [Giveaway], snapshot: ReadModelSnapshot, marks: VisitorMarks = .none, now: Date
    ) -> Date? {
        var candidates: [Date] = []
        if let success = snapshot.logs[.gamerpower]?.lastSuccess { candidates.append(success.at) }
        candidates += snapshot.giveaways.compactMap { $0.endsAt.flatMap { $0 <= now ? $0 : nil } }
        candidates += giveaways.compactMap { snapshot.stored[$0.id].map { Item.latestChange(of: $0.history) } }
        candidates += marks.all.map(\.updatedAt)
        return candidates.max().map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
    }
}
