import Foundation

/// Applies the product's list rules to the giveaways in the feed: expiry, platform, type, search and order.
public struct ListGiveawaysUseCase: Sendable {
    public init() {}

    /// - Parameter index: a `SearchIndex` built over exactly `giveaways`, for large lists; without one, each
    ///   giveaway's words are computed on the spot (fine for the ~100 items of a live feed).
    public func execute(
        _ giveaways: [Giveaway], query: GiveawayQuery, now: Date, index: SearchIndex? = nil
    )
        -> [Giveaway]
    {
        let search = SearchQuery(query: query.search)
        let candidates: [Giveaway]
        if let index, index.count == giveaways.count {
            candidates = index.positions(matching: search).map { giveaways[$0] }
        } else if search.isEmpty {
            candidates = giveaways
        } else {
            candidates = giveaways.filter { search.matches(words: SearchQuery.words(of: $0)) }
        }
        let matching = candidates.filter { giveaway in
            if !query.includeExpired, !giveaway.isLive(at: now) { return false }
            if let platform = query.platform, !giveaway.isOn(platformSlug: platform) { return false }
            if let type = query.type, !type.matches(giveaway.type) { return false }
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
