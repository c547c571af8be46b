import Foundation
import GiveawaysDomain

/// Everything a card shows, already formatted.
struct GiveawayCardModel: Sendable {
    let id: Int
    let title: String
    let detailsPath: String
    let thumbnailPath: String
    let imagePath: String
    let platformNames: [String]
    let worthText: String?
    let typeText: String
    let timeLeftText: String
    let isEndingSoon: Bool
    let isExpired: Bool
    let hasLeftFeed: Bool
    let usersText: String
    let isFavorite: Bool
    let isClaimed: Bool
    let isNotInterested: Bool
    /// First appeared after the visitor's previous visit.
    let isNew: Bool

    init(giveaway: Giveaway, now: Date, marks: CardMarks, hasLeftFeed: Bool = false) {
        id = giveaway.id
        title = giveaway.title
        detailsPath = SiteRoute.details(id: giveaway.id).path
        thumbnailPath = SiteRoute.image(id: giveaway.id, kind: .thumbnail).path
        imagePath = SiteRoute.image(id: giveaway.id, kind: .image).path
        platformNames = giveaway.platforms.map(\.displayName)
        worthText = giveaway.worth?.formatted
        typeText = giveaway.type.displayName
        isExpired = !giveaway.isLive(at: now)
        timeLeftText = DisplayText.timeLeft(until: giveaway.endsAt, now: now)
        isEndingSoon = DisplayText.isEndingSoon(giveaway.endsAt, now: now)
        self.hasLeftFeed = hasLeftFeed
        usersText = DisplayText.count(giveaway.users)
        isFavorite = marks.isFavorite
        isClaimed = marks.isClaimed
        isNotInterested = marks.isNotInterested
        isNew = marks.isNew
    }
}
