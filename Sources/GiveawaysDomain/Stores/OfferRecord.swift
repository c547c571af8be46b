import Foundation

/// A first-hand offer as the store keeps it: the offer as last listed, the giveaway id it is published under (never
/// changed once given), and when its store listed it.
public struct OfferRecord: Hashable, Sendable, Identifiable {
    /// The giveaway id it is published under: from `firstID` up, so never one of GamerPower's.
    public var id: Int
    public var offer: StoreOffer
    public var firstSeenAt: Date
    public var lastSeenAt: Date
    /// When a sync of its store last found it gone; `nil` while listed.
    public var leftAt: Date?

    /// First-hand giveaways are numbered from here: GamerPower's ids (about 3,500 in 2026) never come near it.
    public static let firstID = 1_000_000_000

    public init(id: Int, offer: StoreOffer, firstSeenAt: Date, lastSeenAt: Date, leftAt: Date? = nil) {
        self.id = id
        self.offer = offer
        self.firstSeenAt = firstSeenAt
        self.lastSeenAt = lastSeenAt
        self.leftAt = leftAt
    }

    /// The key one offer keeps across syncs: its store's id and its window's start. The same offer coming back in
    /// a new window is a new giveaway of the same game.
    public var key: OfferKey { OfferKey(offer) }
}

/// One offer's identity across syncs (`OfferRecord.key`).
public struct OfferKey: Hashable, Sendable {
    public let store: FirstHandStore
    public let storeID: String
    public let startsAt: Date?

    public init(_ offer: StoreOffer) {
        store = offer.store
        storeID = offer.storeID
        startsAt = offer.startsAt
    }
}

/// What one sync of a store changes in the offers kept for it: a pure decision, the same for every database.
public struct OfferDiff: Sendable, Equatable {
    /// Offers seen for the first time, each with the id it is published under.
    public var inserted: [OfferRecord] = []
    /// Offers seen again (their fields as listed now; a mystery game that was revealed keeps its id).
    public var updated: [OfferRecord] = []
    /// Ids of offers no longer listed, that were until now.
    public var left: [Int] = []
    /// Ids of the offers seen again whose fields changed (a new end, a revealed title), or that were gone and are
    /// back: what a sync reports as updated.
    public var changed: [Int] = []

    /// Compares a store's fresh answer with what is kept for it. `nextID` is the first id free for new offers.
    /// Listed twice in one answer (the same key), an offer counts once, as listed first. A mystery game kept
    /// and not listed any more is the one revealed by a new offer of the same store and window: that offer takes
    /// its row and id, so the card keeps its place and marks and gets its title.
    public init(kept: [OfferRecord], fresh: [StoreOffer], nextID: Int, at time: Date) {
        var byKey: [OfferKey: OfferRecord] = [:]
        // An offer with no known window (Steam, GOG) that left and is listed again is a new giveaway, its old row
        // history, unless it was gone for a day at most or its end is still ahead: one answer that missed it (an
        // empty page, a front that changed for an hour) does not give a giveaway a new id. The newest row of a key
        // first.
        for stored in kept.reversed()
        where stored.leftAt == nil || stored.offer.startsAt != nil
            || Self.isBlip(stored, at: time)
        {
            byKey[stored.key] = byKey[stored.key] ?? stored
        }
        var seen: Set<OfferKey> = []
        var unique: [StoreOffer] = []
        for offer in fresh where seen.insert(OfferKey(offer)).inserted { unique.append(offer) }
        var mysteries = kept.filter { $0.offer.isMystery && !seen.contains($0.key) }
        var id = max(nextID, OfferRecord.firstID)
        var touched: Set<Int> = []
        for offer in unique {
            if var stored = byKey[OfferKey(offer)] {
                if stored.offer != offer || stored.leftAt != nil { changed.append(stored.id) }
                stored.offer = offer
                stored.lastSeenAt = time
                stored.leftAt = nil
                updated.append(stored)
                touched.insert(stored.id)
            } else if !offer.isMystery,
                let index = mysteries.firstIndex(where: {
                    $0.offer.startsAt == offer.startsAt && $0.offer.endsAt == offer.endsAt
                })
            {
                var stored = mysteries.remove(at: index)
                changed.append(stored.id)
                stored.offer = offer
                stored.lastSeenAt = time
                stored.leftAt = nil
                updated.append(stored)
                touched.insert(stored.id)
            } else {
                inserted.append(OfferRecord(id: id, offer: offer, firstSeenAt: time, lastSeenAt: time))
                id += 1
            }
        }
        left = kept.filter { $0.leftAt == nil && !touched.contains($0.id) }.map(\.id)
    }

    /// Whether an offer without a window that left is still the same giveaway when listed again at `time`.
    static func isBlip(_ stored: OfferRecord, at time: Date) -> Bool {
        guard let left = stored.leftAt else { return true }
        if let end = stored.offer.endsAt, end > time { return true }
        return time.timeIntervalSince(left) <= 86_400
    }

    /// How the sync reads in the log: new offers added, offers gone removed, the rest updated.
    public var counts: (added: Int, updated: Int, removed: Int) { (inserted.count, updated.count, left.count) }
}
