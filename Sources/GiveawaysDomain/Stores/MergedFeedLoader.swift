import Foundation

/// Reads the one feed every face of the product shows — the pages, the API, the feeds and the CLI's `list` and
/// `show` — from what is stored: GamerPower's giveaways and the stores' own offers, merged (`FeedMerge`).
///
/// Two rules make what is stored into what is shown, and both live here so that no face can forget one:
/// - the open offers of a store this instance does not read (turned off by `--sources`) count as gone since they were
///   last seen, rather than live for ever;
/// - demo data stands in for a feed that is not there yet: once a store's own giveaways are, they are the feed, and
///   the examples are not shown beside them (GamerPower's first answer deletes them).
public struct MergedFeedLoader: Sendable {
    public let feed: any GiveawayFeedRepository
    /// `nil`: this store keeps no offers (GamerPower alone).
    public let offers: (any StoreOfferRepository)?
    /// The stores this instance reads.
    public let readStores: Set<FirstHandStore>

    public init(
        feed: any GiveawayFeedRepository, offers: (any StoreOfferRepository)?, readStores: Set<FirstHandStore>
    ) {
        self.feed = feed
        self.offers = offers
        self.readStores = readStores
    }

    /// The merged feed as it is stored now.
    public func load() async throws -> FeedMerge {
        let offers = try await offers?.allOffers() ?? []
        let gamerpower = try await feed.allStoredGiveaways()
        return Self.merge(gamerpower: gamerpower, offers: offers, readStores: readStores)
    }

    /// The two rules above, then the merge: a pure function of what is stored.
    public static func merge(
        gamerpower: [StoredGiveaway], offers: [OfferRecord], readStores: Set<FirstHandStore>
    ) -> FeedMerge {
        let offers = offers.map { stored -> OfferRecord in
            guard stored.leftAt == nil, !readStores.contains(stored.offer.store) else { return stored }
            var gone = stored
            gone.leftAt = stored.lastSeenAt
            return gone
        }
        var gamerpower = gamerpower
        if offers.contains(where: { $0.leftAt == nil }), gamerpower.contains(where: \.isDemo) {
            gamerpower.removeAll(where: \.isDemo)
        }
        return FeedMerge(gamerpower: gamerpower, offers: offers)
    }
}
