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
    /// When an announced giveaway starts; `null` for one that started before anyone said.
    @Nullable public var startDate: String?
    public var users: Int
    /// `live`, `upcoming` or `ended` (`Giveaway.status(at:)`).
    public var status: String
    public var expired: Bool
    public var gamerpowerUrl: String
    public var demo: Bool
    /// Claimed only with a paid subscription (Prime Gaming, Game Pass…).
    public var needsSubscription: Bool
    /// Where it was seen: the store itself, GamerPower, or both.
    public var sources: [SourceJSON]

    /// One source that listed it: `epic`, `epic-mobile`, `steam`, `gog` or `gamerpower`, its page, its own id when
    /// it has a number for it (GamerPower's), and when this server first saw it there.
    public struct SourceJSON: Codable, Sendable, Hashable {
        public var name: String
        @Nullable public var url: String?
        @Nullable public var id: Int?
        public var firstSeen: String

        public init(_ sighting: GiveawaySighting) {
            name = sighting.source
            url = sighting.url
            id = sighting.id
            firstSeen = Timestamp.format(sighting.firstSeenAt)
        }
    }

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
        startDate = giveaway.startsAt.map(Timestamp.format)
        users = giveaway.users
        status = giveaway.status(at: now).rawValue
        expired = giveaway.status(at: now) == .ended
        gamerpowerUrl = giveaway.gamerpowerURL
        demo = isDemo
        needsSubscription = giveaway.needsSubscription
        sources = giveaway.sources.map(SourceJSON.init)
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
