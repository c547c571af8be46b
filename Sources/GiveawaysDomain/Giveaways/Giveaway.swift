import Foundation

/// One giveaway as GamerPower describes it, with every upstream field mapped to a domain value.
public struct Giveaway: Hashable, Sendable, Identifiable {
    public let id: Int
    public var title: String
    /// `nil` when the upstream says `N/A`.
    public var worth: Worth?
    public var thumbnailURL: String
    public var imageURL: String
    /// Plain text; line breaks normalized to `\n`.
    public var description: String
    /// Claim steps as sent. May contain raw HTML: it is data, never markup to trust.
    public var instructions: String
    /// GamerPower's redirect to the claim page: the target of "Get it".
    public var openGiveawayURL: String
    /// The second copy of the claim URL; the single-item endpoint may leave it out.
    public var openGiveaway: String?
    public var publishedAt: Date
    public var type: GiveawayType
    public var platforms: [Platform]
    /// `nil` when the upstream says `N/A` (no announced end).
    public var endsAt: Date?
    /// The claim counter, rounded to tens upstream; the popularity signal.
    public var users: Int
    /// The upstream status text: `Active` even for long-expired items, so expiry is judged from `endsAt`.
    public var status: String
    public var gamerpowerURL: String

    public init(
        id: Int, title: String, worth: Worth?, thumbnailURL: String, imageURL: String, description: String,
        instructions: String, openGiveawayURL: String, openGiveaway: String?, publishedAt: Date, type: GiveawayType,
        platforms: [Platform], endsAt: Date?, users: Int, status: String, gamerpowerURL: String
    ) {
        self.id = id
        self.title = title
        self.worth = worth
        self.thumbnailURL = thumbnailURL
        self.imageURL = imageURL
        self.description = description
        self.instructions = instructions
        self.openGiveawayURL = openGiveawayURL
        self.openGiveaway = openGiveaway
        self.publishedAt = publishedAt
        self.type = type
        self.platforms = platforms
        self.endsAt = endsAt
        self.users = users
        self.status = status
        self.gamerpowerURL = gamerpowerURL
    }

    /// Live means claimable now: the end date, if any, is still ahead. This is the one definition of "live";
    /// the upstream `status` says "Active" for long-expired items and cannot be trusted for it.
    public func isLive(at now: Date) -> Bool {
        guard let endsAt else { return true }
        return endsAt > now
    }

    /// Expired means the end date has passed: the opposite of live.
    public func isExpired(at now: Date) -> Bool { !isLive(at: now) }

    /// Whether the giveaway is on a platform with this slug.
    public func isOn(platformSlug slug: String) -> Bool {
        platforms.contains { $0.slug == slug }
    }
}
