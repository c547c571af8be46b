import Foundation
import GiveawaysDomain

/// The project's own JSON shape for a giveaway, shared by `giveaways list --json` and the API's list.
/// Optional values are written as `null`, never left out, so consumers see every key.
public struct GiveawayJSON: Codable, Sendable, Hashable {
    public var id: Int
    public var title: String
    @Nullable public var worth: Decimal?
    @Nullable public var worthText: String?
    public var thumbnail: String
    public var image: String
    public var description: String
    public var instructions: String
    public var openGiveawayUrl: String
    public var publishedDate: String
    public var type: String
    public var typeName: String
    public var platforms: [String]
    public var platformSlugs: [String]
    @Nullable public var endDate: String?
    public var users: Int
    public var status: String
    public var expired: Bool
    public var gamerpowerUrl: String
    public var demo: Bool

    public init(giveaway: Giveaway, now: Date, isDemo: Bool = false) {
        id = giveaway.id
        title = giveaway.title
        worth = giveaway.worth?.amount
        worthText = giveaway.worth?.formatted
        thumbnail = giveaway.thumbnailURL
        image = giveaway.imageURL
        description = giveaway.description
        instructions = giveaway.instructions
        openGiveawayUrl = giveaway.openGiveawayURL
        publishedDate = Timestamp.format(giveaway.publishedAt)
        type = giveaway.type.rawValue
        typeName = giveaway.type.displayName
        platforms = giveaway.platforms.map(\.displayName)
        platformSlugs = giveaway.platforms.map(\.slug)
        endDate = giveaway.endsAt.map(Timestamp.format)
        users = giveaway.users
        status = giveaway.status
        expired = !giveaway.isLive(at: now)
        gamerpowerUrl = giveaway.gamerpowerURL
        demo = isDemo
    }

    /// Pretty, stable JSON: sorted keys, unescaped slashes.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

/// One giveaway with its history in the feed: `giveaways show --json` and `GET /api/v1/giveaways/{id}`. The same
/// keys as `GiveawayJSON`, plus the history's, in one flat object.
public struct GiveawayDetailJSON: Codable, Sendable, Hashable {
    public var giveaway: GiveawayJSON
    public var history: HistoryJSON

    /// The history keys.
    public struct HistoryJSON: Codable, Sendable, Hashable {
        public var firstSeen: String
        public var lastSeen: String
        @Nullable public var leftFeed: String?
        public var inFeed: Bool
        public var feedPeriods: [PeriodJSON]
    }

    /// One stretch of time in the feed; `left` is `null` while it lasts.
    public struct PeriodJSON: Codable, Sendable, Hashable {
        public var appeared: String
        @Nullable public var left: String?
    }

    public init(stored: StoredGiveaway, now: Date) {
        giveaway = GiveawayJSON(giveaway: stored.giveaway, now: now, isDemo: stored.isDemo)
        let history = stored.history
        self.history = HistoryJSON(
            firstSeen: Timestamp.format(history.firstSeenAt), lastSeen: Timestamp.format(history.lastSeenAt),
            leftFeed: history.leftAt.map(Timestamp.format), inFeed: history.isInFeed,
            feedPeriods: history.periods.map {
                PeriodJSON(appeared: Timestamp.format($0.appearedAt), left: $0.leftAt.map(Timestamp.format))
            })
    }

    // Both parts write into the same JSON object.
    public init(from decoder: any Decoder) throws {
        giveaway = try GiveawayJSON(from: decoder)
        history = try HistoryJSON(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try giveaway.encode(to: encoder)
        try history.encode(to: encoder)
    }
}
