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
    /// When an announced giveaway starts, while it has not (the card says "Free from …" instead of the time left).
    package let startsAt: Date?
    /// Claimed only with a paid subscription.
    package let needsSubscription: Bool
    /// "In your library (Steam)" when the visitor owns the game.
    package let ownedText: String?

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
        isExpired = giveaway.status(at: now) == .ended
        startsAt = giveaway.isUpcoming(at: now) ? giveaway.startsAt : nil
        needsSubscription = giveaway.needsSubscription
        timeLeftText = strings.timeLeft(until: giveaway.endsAt, now: now)
        endsAt = giveaway.endsAt
        isEndingSoon = EndingSoon.contains(giveaway, at: now)
        self.hasLeftFeed = hasLeftFeed
        usersText = strings.number(giveaway.users)
        isFavorite = marks.isFavorite
        isClaimed = marks.isClaimed
        isNotInterested = marks.isNotInterested
        isNew = marks.isNew
        ownedText = marks.ownedOn.map {
            strings.library.inLibrary($0 == .steam ? strings.library.sourceSteam : strings.library.sourceList)
        }
    }

    /// The countdown, in a `<time data-t="ends">` when there is an end to count to; for an announced giveaway, its
    /// start, in the visitor's time zone.
    package var timeLeft: HTML {
        if let startsAt {
            return strings.firstHand.freeFrom(
                TimeTag(date: startsAt, kind: .date, text: strings.date(startsAt)).render())
        }
        guard let endsAt else { return "\(timeLeftText)" }
        return TimeTag(date: endsAt, kind: .ends, text: timeLeftText).render()
    }
}
