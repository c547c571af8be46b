import Foundation

/// One giveaway as a store's own front lists it: free now, or free in a window that has not started yet.
public struct StoreOffer: Hashable, Sendable {
    /// Where a giveaway stands at one moment: the status every giveaway has.
    public typealias Status = GiveawayStatus

    public var store: FirstHandStore
    /// The store's own id for the offer: Epic's `namespace:id`, Steam's app id, GOG's product path. Two offers of one
    /// store with the same id in different windows are two giveaways of one game.
    public var storeID: String
    /// The title as the store writes it; "Mystery game" for one not revealed yet (`isMystery`).
    public var title: String
    public var type: GiveawayType
    /// The store page where it is claimed (http or https, on the store's own host); `nil` when there is none yet
    /// (a mystery game).
    public var claimURL: String?
    public var imageURL: String?
    public var startsAt: Date?
    /// `nil` when the store says no end.
    public var endsAt: Date?
    /// A game the store keeps secret until its window starts ("Mystery Game"): no title and no page yet.
    public var isMystery: Bool
    public var platforms: [Platform]
    /// What it costs outside the giveaway, as the store writes it (`$19.99`); `nil` when unknown.
    public var worth: Worth?

    public init(
        store: FirstHandStore, storeID: String, title: String, type: GiveawayType = .game, claimURL: String?,
        imageURL: String?, startsAt: Date?, endsAt: Date?, isMystery: Bool = false, platforms: [Platform],
        worth: Worth? = nil
    ) {
        self.store = store
        self.storeID = storeID
        self.title = title
        self.type = type
        self.claimURL = claimURL
        self.imageURL = imageURL
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.isMystery = isMystery
        self.platforms = platforms
        self.worth = worth
    }

    /// Live when the window contains `now` (a missing start is taken as started, a missing end as open); upcoming
    /// when it starts later; ended when it is over.
    public func status(at now: Date) -> Status {
        if let startsAt, startsAt > now { return .upcoming }
        if let endsAt, endsAt <= now { return .ended }
        return .live
    }
}
