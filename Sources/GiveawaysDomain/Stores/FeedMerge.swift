import Foundation

/// GamerPower's giveaways and the stores' own offers as one feed: a giveaway both list is one giveaway, under the
/// id it was published with first, with the store's times, link, image and title, GamerPower's description and
/// instructions, and both sightings in `sources`. A pure function of what is stored, worked out on every reload:
/// which id a merged giveaway keeps depends only on when each side was first seen, so it never changes once
/// published.
///
/// Two listings are one giveaway when they are of the same store (GamerPower's platforms name it), their titles
/// normalise alike (`GameTitle`), and GamerPower listed it while the store's window was open (a day either side,
/// for GamerPower's lag). A mystery game merges with nothing until it is revealed, and a third party's "Key
/// Giveaway" never.
public struct FeedMerge: Sendable {
    /// Every giveaway, merged, by id ascending (as the stores answer).
    public let stored: [StoredGiveaway]
    /// The ids merged into another giveaway's, with the id they are published under: a link to the other one
    /// (a GamerPower id GamerPower's own pages use) still finds the giveaway.
    public let aliases: [Int: Int]

    /// How far apart GamerPower's listing and the store's window may be and still be one giveaway.
    static let slack: TimeInterval = 86_400

    public init(gamerpower: [StoredGiveaway], offers: [OfferRecord]) {
        var candidates: [String: [Int]] = [:]  // normalised title → indices into `gamerpower`
        // Only listings that could be one of the offers (`sameGiveaway`): of one of their stores, and still listed
        // a day before the earliest window opened. Years of history are not normalised on every reload.
        if let earliest = offers.map({ $0.offer.startsAt ?? $0.firstSeenAt }).min()?.addingTimeInterval(-Self.slack) {
            let slugs = Set(offers.flatMap(\.offer.store.platformSlugs))
            for (index, stored) in gamerpower.enumerated()
            where (stored.history.leftAt ?? .distantFuture) >= earliest
                && stored.giveaway.platforms.contains(where: { slugs.contains($0.slug) })
                && !Self.isThirdPartyKey(stored.giveaway)
            {
                let key = GameTitle.normalized(stored.giveaway.title)
                guard !key.isEmpty else { continue }
                candidates[key, default: []].append(index)
            }
        }
        var mergedWith: [Int: OfferRecord] = [:]  // index into `gamerpower` → the offer merged with it
        var alone: [OfferRecord] = []
        // Offers in the order they were first seen, so that the earliest window takes a GamerPower listing first.
        for offer in offers.sorted(by: { ($0.firstSeenAt, $0.id) < ($1.firstSeenAt, $1.id) }) {
            let key = GameTitle.normalized(offer.offer.title)
            let match =
                offer.offer.isMystery || key.isEmpty
                ? nil
                : candidates[key]?.first { index in
                    mergedWith[index] == nil && Self.sameGiveaway(gamerpower[index], offer)
                }
            if let match { mergedWith[match] = offer } else { alone.append(offer) }
        }
        var aliases: [Int: Int] = [:]
        var merged: [StoredGiveaway] = []
        merged.reserveCapacity(gamerpower.count + alone.count)
        for (index, stored) in gamerpower.enumerated() {
            guard let offer = mergedWith[index] else {
                merged.append(Self.gamerpowerOnly(stored))
                continue
            }
            let one = Self.merge(stored, offer)
            aliases[one.id == offer.id ? stored.id : offer.id] = one.id
            merged.append(one)
        }
        merged += alone.map(Self.storeOnly)
        merged.sort { $0.id < $1.id }
        self.stored = merged
        self.aliases = aliases
    }

    /// A "Key Giveaway" hands out keys from a third party (Alienware Arena, a newsletter), not the store's own
    /// promotion: never the same giveaway as the store's, even of the same game.
    static func isThirdPartyKey(_ giveaway: Giveaway) -> Bool {
        giveaway.title.range(of: "key giveaway", options: [.caseInsensitive]) != nil
    }

    /// Whether a GamerPower listing and a store's offer are the same giveaway (their titles already agree).
    static func sameGiveaway(_ listing: StoredGiveaway, _ offer: OfferRecord) -> Bool {
        let slugs = offer.offer.store.platformSlugs
        guard listing.giveaway.platforms.contains(where: { slugs.contains($0.slug) }) else { return false }
        // GamerPower's presence against the store's window (or, without one, the time the store listed it).
        let listedFrom = listing.history.firstSeenAt
        let listedUntil = listing.history.leftAt ?? .distantFuture
        let windowFrom = offer.offer.startsAt ?? offer.firstSeenAt
        let windowUntil = offer.offer.endsAt ?? offer.leftAt ?? .distantFuture
        return listedFrom <= windowUntil.addingTimeInterval(slack)
            && windowFrom <= listedUntil.addingTimeInterval(slack)
    }

    static func gamerpowerSighting(_ stored: StoredGiveaway) -> GiveawaySighting {
        GiveawaySighting(
            source: GiveawaySighting.gamerpower,
            url: stored.giveaway.gamerpowerURL.isEmpty
                ? nil : stored.giveaway.gamerpowerURL,
            id: stored.id, firstSeenAt: stored.history.firstSeenAt)
    }

    static func storeSighting(_ offer: OfferRecord) -> GiveawaySighting {
        GiveawaySighting(source: offer.offer.store.rawValue, url: offer.offer.claimURL, firstSeenAt: offer.firstSeenAt)
    }

    static func gamerpowerOnly(_ stored: StoredGiveaway) -> StoredGiveaway {
        var stored = stored
        stored.giveaway.sources = [gamerpowerSighting(stored)]
        stored.giveaway.needsSubscription = SubscriptionNeed.detected(in: stored.giveaway)
        return stored
    }

    /// A giveaway only its store lists.
    static func storeOnly(_ stored: OfferRecord) -> StoredGiveaway {
        let offer = stored.offer
        let giveaway = Giveaway(
            id: stored.id, title: offer.title, worth: offer.worth, thumbnailURL: offer.imageURL ?? "",
            imageURL: offer.imageURL ?? "", description: "", instructions: "",
            openGiveawayURL: offer.claimURL ?? "", openGiveaway: nil, publishedAt: stored.firstSeenAt,
            type: offer.type, platforms: offer.platforms, endsAt: offer.endsAt, users: 0, status: "Active",
            gamerpowerURL: "", startsAt: offer.startsAt, sources: [storeSighting(stored)])
        let history = FeedHistory(
            firstSeenAt: stored.firstSeenAt, lastSeenAt: stored.lastSeenAt, leftAt: stored.leftAt,
            periods: [FeedPeriod(appearedAt: stored.firstSeenAt, leftAt: stored.leftAt)])
        return StoredGiveaway(giveaway: giveaway, history: history)
    }

    /// One giveaway of both: the id first published, the store's title, times, link and image, GamerPower's
    /// texts, both platforms' lists, and its history from whichever saw it first to whichever lists it last.
    static func merge(_ listing: StoredGiveaway, _ stored: OfferRecord) -> StoredGiveaway {
        let offer = stored.offer
        // Seen at the same moment (one start-up syncing both), GamerPower's id: the one older links use.
        let storeFirst = stored.firstSeenAt < listing.history.firstSeenAt
        var giveaway = listing.giveaway.withID(storeFirst ? stored.id : listing.id)
        giveaway.title = offer.title
        if let worth = offer.worth { giveaway.worth = worth }
        if let image = offer.imageURL {
            giveaway.imageURL = image
            giveaway.thumbnailURL = image
        }
        if let link = offer.claimURL { giveaway.openGiveawayURL = link }
        giveaway.startsAt = offer.startsAt
        giveaway.endsAt = offer.endsAt ?? listing.giveaway.endsAt
        for platform in offer.platforms where !giveaway.platforms.contains(platform) {
            giveaway.platforms.append(platform)
        }
        giveaway.publishedAt = min(listing.giveaway.publishedAt, stored.firstSeenAt)
        giveaway.sources = [storeSighting(stored), gamerpowerSighting(listing)]
        giveaway.needsSubscription = SubscriptionNeed.detected(in: listing.giveaway)
        var history = listing.history
        history.firstSeenAt = min(history.firstSeenAt, stored.firstSeenAt)
        history.lastSeenAt = max(history.lastSeenAt, stored.lastSeenAt)
        if let left = history.leftAt {
            // In the feed while either lists it.
            history.leftAt = stored.leftAt.map { max($0, left) }
            if history.leftAt == nil, let last = history.periods.indices.last {
                history.periods[last].leftAt = nil
            }
        }
        return StoredGiveaway(giveaway: giveaway, history: history, isDemo: listing.isDemo)
    }
}

extension Giveaway {
    /// The same giveaway under another id (a merge publishes it under the id it was first seen with).
    public func withID(_ id: Int) -> Giveaway {
        var giveaway = self
        giveaway.id = id
        return giveaway
    }
}
