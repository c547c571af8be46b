import Foundation
import GiveawaysDomain

extension Giveaway {
    /// A plausible giveaway for tests; override only what the test is about.
    public static func stub(
        id: Int = 1, title: String = "Test Game Giveaway", worth: Worth? = Worth(cents: 999),
        description: String = "A test giveaway.", type: GiveawayType = .game, platforms: String = "PC, Steam",
        publishedAt: Date = Date(timeIntervalSince1970: 1_774_000_000), endsAt: Date? = nil, users: Int = 100
    ) -> Giveaway {
        Giveaway(
            id: id, title: title, worth: worth, thumbnailURL: "https://www.gamerpower.com/offers/1/\(id).jpg",
            imageURL: "https://www.gamerpower.com/offers/1b/\(id).jpg", description: description,
            instructions: "1. Claim it.", openGiveawayURL: "https://www.gamerpower.com/open/\(id)",
            openGiveaway: "https://www.gamerpower.com/open/\(id)", publishedAt: publishedAt, type: type,
            platforms: Platform.parseList(platforms), endsAt: endsAt, users: users, status: "Active",
            gamerpowerURL: "https://www.gamerpower.com/\(id)")
    }
}

/// Dates for tests, written the way people read them.
public func utc(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = .withInternetDateTime
    guard let date = formatter.date(from: text) else { fatalError("bad test date \(text)") }
    return date
}
