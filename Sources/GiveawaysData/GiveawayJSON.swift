import Foundation
import GiveawaysDomain

/// The project's own JSON shape for a giveaway, shared by `giveaways list --json`, `show --json` and the API.
/// Optional values are written as `null`, never left out, so consumers see every key.
public struct GiveawayJSON: Encodable, Sendable {
    public var giveaway: Giveaway
    public var expired: Bool
    public var history: FeedHistory?
    public var isDemo: Bool

    public init(giveaway: Giveaway, now: Date, history: FeedHistory? = nil, isDemo: Bool = false) {
        self.giveaway = giveaway
        self.expired = giveaway.isExpired(at: now)
        self.history = history
        self.isDemo = isDemo
    }

    enum Keys: String, CodingKey {
        case id, title, worth, worthText, thumbnail, image, description, instructions, openGiveawayUrl, publishedDate
        case type, typeName, platforms, platformSlugs, endDate, users, status, expired, gamerpowerUrl, demo
        case firstSeen, lastSeen, leftFeed, inFeed, feedPeriods
    }

    enum PeriodKeys: String, CodingKey {
        case appeared, left
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(giveaway.id, forKey: .id)
        try container.encode(giveaway.title, forKey: .title)
        try container.encode(giveaway.worth?.amount, forKey: .worth)
        try container.encode(giveaway.worth?.formatted, forKey: .worthText)
        try container.encode(giveaway.thumbnailURL, forKey: .thumbnail)
        try container.encode(giveaway.imageURL, forKey: .image)
        try container.encode(giveaway.description, forKey: .description)
        try container.encode(giveaway.instructions, forKey: .instructions)
        try container.encode(giveaway.openGiveawayURL, forKey: .openGiveawayUrl)
        try container.encode(Timestamp.format(giveaway.publishedAt), forKey: .publishedDate)
        try container.encode(giveaway.type.rawValue, forKey: .type)
        try container.encode(giveaway.type.displayName, forKey: .typeName)
        try container.encode(giveaway.platforms.map(\.displayName), forKey: .platforms)
        try container.encode(giveaway.platforms.map(\.slug), forKey: .platformSlugs)
        try container.encode(giveaway.endsAt.map(Timestamp.format), forKey: .endDate)
        try container.encode(giveaway.users, forKey: .users)
        try container.encode(giveaway.status, forKey: .status)
        try container.encode(expired, forKey: .expired)
        try container.encode(giveaway.gamerpowerURL, forKey: .gamerpowerUrl)
        try container.encode(isDemo, forKey: .demo)
        guard let history else { return }
        try container.encode(Timestamp.format(history.firstSeenAt), forKey: .firstSeen)
        try container.encode(Timestamp.format(history.lastSeenAt), forKey: .lastSeen)
        try container.encode(history.leftAt.map(Timestamp.format), forKey: .leftFeed)
        try container.encode(history.isInFeed, forKey: .inFeed)
        var periods = container.nestedUnkeyedContainer(forKey: .feedPeriods)
        for period in history.periods {
            var item = periods.nestedContainer(keyedBy: PeriodKeys.self)
            try item.encode(Timestamp.format(period.appearedAt), forKey: .appeared)
            try item.encode(period.leftAt.map(Timestamp.format), forKey: .left)
        }
    }

    /// Pretty, stable JSON: sorted keys, unescaped slashes.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
