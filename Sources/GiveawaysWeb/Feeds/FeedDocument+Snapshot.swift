import Foundation
import GiveawaysDomain
import GiveawaysViews

extension FeedDocument {
    /// When a feed over `giveaways` last changed: the last successful sync of any giveaway source, the latest end
    /// date that has passed (an expired giveaway drops out between syncs), the latest announced start that has passed
    /// (it comes in between syncs), the latest change of any entry, and for a personal feed its
    /// latest mark. Whole seconds, as HTTP dates have. `nil` for a store that has never synced or held anything.
    static func lastModified(
        of giveaways: [Giveaway], snapshot: ReadModelSnapshot, marks: VisitorMarks = .none, now: Date
    ) -> Date? {
        var candidates: [Date] = []
        // Every giveaway source's last success (a store's sync brings giveaways too).
        candidates += SourceID.giveawaySources.compactMap { snapshot.logs[$0]?.lastSuccess?.at }
        candidates += snapshot.giveaways.compactMap { $0.endsAt.flatMap { $0 <= now ? $0 : nil } }
        // An announced giveaway enters the feed at its start, between syncs.
        candidates += snapshot.giveaways.compactMap { $0.startsAt.flatMap { $0 <= now ? $0 : nil } }
        candidates += giveaways.compactMap { snapshot.stored[$0.id].map { Item.latestChange(of: $0.history) } }
        candidates += marks.all.map(\.updatedAt)
        return candidates.max().map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
    }
}
