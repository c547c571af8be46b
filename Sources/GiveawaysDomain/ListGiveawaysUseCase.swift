import Foundation

/// Applies the product's list rules to the giveaways in the feed: expiry, platform, type, search and order.
public struct ListGiveawaysUseCase: Sendable {
    public init() {}

    public func execute(_ giveaways: [Giveaway], query: GiveawayQuery, now: Date) -> [Giveaway] {
        let search = SearchText(query: query.search)
        let matching = giveaways.filter { giveaway in
            if !query.includeExpired, giveaway.isExpired(at: now) { return false }
            if let platform = query.platform, !giveaway.isOn(platformSlug: platform) { return false }
            if let type = query.type, !type.matches(giveaway.type) { return false }
            if !search.isEmpty, !search.matches(folded: SearchText.haystack(for: giveaway)) { return false }
            return true
        }
        return matching.sorted(by: query.sort.areInIncreasingOrder)
    }
}

extension GiveawaySort {
    /// The order of two giveaways under this sort; ties fall back to newest first, then id, so lists are stable.
    public func areInIncreasingOrder(_ lhs: Giveaway, _ rhs: Giveaway) -> Bool {
        switch self {
        case .date:
            break
        case .value:
            if lhs.worth != rhs.worth { return Self.descendingNilsLast(lhs.worth, rhs.worth) }
        case .popularity:
            if lhs.users != rhs.users { return lhs.users > rhs.users }
        case .ending:
            if lhs.endsAt != rhs.endsAt {
                guard let left = lhs.endsAt else { return false }
                guard let right = rhs.endsAt else { return true }
                return left < right
            }
        }
        if lhs.publishedAt != rhs.publishedAt { return lhs.publishedAt > rhs.publishedAt }
        return lhs.id > rhs.id
    }

    private static func descendingNilsLast(_ lhs: Worth?, _ rhs: Worth?) -> Bool {
        guard let lhs else { return false }
        guard let rhs else { return true }
        return lhs > rhs
    }
}
