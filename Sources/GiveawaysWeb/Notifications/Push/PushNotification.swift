import Foundation
import GiveawaysDomain
import GiveawaysLocalization
import GiveawaysUpstream
import GiveawaysViews

/// The words and links of one push notification, in the device's language: "Free on Steam: Game", the worth and
/// the time left, the giveaway's image, Details, the claim page and the "Claimed" action's same-origin route.
enum PushNotification {
    static func payload(_ giveaway: Giveaway, event: String, language: String, now: Date) -> WebPushPayload {
        let strings = (Language(rawValue: language) ?? .standard).strings
        let text = strings.push
        // "Free on Steam: Game" for news; a reminder and a return say why this one comes again.
        let title =
            switch event {
            case "reminder": text.reminderTitle(giveaway.title)
            case "back": text.backTitle(giveaway.title)
            case "started": text.startedTitle(giveaway.title)
            default: store(of: giveaway).map { text.title($0, giveaway.title) } ?? text.titleNoStore(giveaway.title)
            }
        let worth = giveaway.worth.map(strings.money)
        let body = [worth.map(text.worth), strings.timeLeft(until: giveaway.endsAt, now: now)]
            .compactMap { $0 }.joined(separator: " · ")
        let claim = giveaway.openGiveawayURL.lowercased().hasPrefix("https://") ? giveaway.openGiveawayURL : nil
        return WebPushPayload(
            title: title, body: body, event: event, giveawayID: giveaway.id, worth: worth,
            endsAt: giveaway.endsAt.map(Timestamp.format), detailsURL: SiteRoute.details(id: giveaway.id).path,
            claimURL: claim, claimedURL: SiteRoute.mark(id: giveaway.id).path,
            image: giveaway.imageURL.isEmpty ? nil : SiteRoute.image(id: giveaway.id, kind: .image).path,
            icon: StaticAssets.path("icon-192.png"), getIt: text.getIt, claimed: text.claimed)
    }

    /// The daily summary's notification: how many, and the games' names (as many as fit; upstream text, shown as
    /// text); a tap opens Home.
    static func summary(_ giveaways: [Giveaway], language: String) -> WebPushPayload {
        let text = (Language(rawValue: language) ?? .standard).strings.push
        var body = ""
        for giveaway in giveaways {
            let name = String(giveaway.title.prefix(80))
            guard body.count + name.count + 3 <= 240 else {
                body += " …"
                break
            }
            body += body.isEmpty ? name : " · " + name
        }
        return WebPushPayload.summary(
            title: text.summaryTitle(giveaways.count), body: body, detailsURL: SiteRoute.homePath,
            icon: StaticAssets.path("icon-192.png"))
    }

    /// The store a giveaway is on ("Steam", "Epic Games Store"), not the bare "PC".
    static func store(of giveaway: Giveaway) -> String? {
        (giveaway.platforms.first { $0.slug != "pc" } ?? giveaway.platforms.first)?.displayName
    }
}
