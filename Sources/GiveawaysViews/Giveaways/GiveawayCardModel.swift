import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// Everything a card shows, already formatted in the page's language.
package struct GiveawayCardModel: Sendable {
    package let strings: Strings
    package let id: Int
    package let title: String
    package let detailsPath: String
    package let thumbnailPath: String
    package let imagePath: String
    package let platformNames: [String]
    package let worthText: String?
    package let typeText: String
    package let timeLeftText: String
    /// The end the countdown counts to; `nil` for a giveaway without an end date.
    package let endsAt: Date?
    /// Highlighted: it ends within `EndingSoon.window`, the same 24 hours as the "Ending within 24 h" chip.
    package let isEndingSoon: Bool
    package let isExpired: Bool
    package let hasLeftFeed: Bool
    package let usersText: String
    package let isFavorite: Bool
    package let isClaimed: Bool
    package let isNotInterested: Bool
    /// First appeared after the visitor's previous visit.
    package let isNew: Bool

    package init(giveaway: Giveaway, now: Date, marks: CardMarks, strings: Strings, hasLeftFeed: Bool = false) {
        self.strings = strings
        id = giveaway.id
        title = giveaway.title
        detailsPath = SiteRoute.details(id: giveaway.id).path
        thumbnailPath = SiteRoute.image(id: giveaway.id, kind: .thumbnail).path
        imagePath = SiteRoute.image(id: giveaway.id, kind: .image).path
        platformNames = giveaway.platforms.map(\.displayName)
        worthText = giveaway.worth.map(strings.money)
        typeText = strings.typeName(giveaway.type)
        isExpired = !giveaway.isLive(at: now)
        timeLeftText = strings.timeLeft(until: giveaway.endsAt, now: now)
        endsAt = giveaway.endsAt
        isEndingSoon = EndingSoon.contains(giveaway, at: now)
        self.hasLeftFeed = hasLeftFeed
        usersText = strings.number(giveaway.users)
        isFavorite = marks.isFavorite
        isClaimed = marks.isClaimed
        isNotInterested = marks.isNotInterested
        isNew = marks.isNew
    }

    /// The countdown, in a `<time data-t="ends">` when there is an end to count to.
    package var timeLeft: HTML {
        guard let endsAt else { return "\(timeLeftText)" }
        return TimeTag(date: endsAt, kind: .ends, text: timeLeftText).render()
    }
}
