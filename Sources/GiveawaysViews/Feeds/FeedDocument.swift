import Foundation
import GiveawaysDomain
import GiveawaysHTML

/// Everything a feed says, formatted once for all three formats: absolute links, dates, plain text.
package struct FeedDocument: Sendable {
    /// One entry: a live giveaway.
    package struct Item: Sendable, Hashable {
        package let id: Int
        /// `tag:HOST,2026:giveaway/ID`: the same for this giveaway in every feed of this server.
        package let tagID: String
        /// `giveaway-ID@HOST`: the calendar event's UID.
        package let eventUID: String
        /// `giveaway-ID-start@HOST`: the calendar event at its start.
        package let startEventUID: String
        package let title: String
        /// The app's Details page.
        package let detailsURL: String
        /// The claim page (GamerPower's redirect), when it is a plain http(s) URL.
        package let claimURL: String?
        /// The picture through the app's image cache.
        package let imageURL: String
        package let publishedAt: Date
        /// The latest change the store saw: first seen, or the upstream moving its end date.
        package let updatedAt: Date
        package let endsAt: Date?
        /// When a store said the giveaway starts (its own listing, "Coming soon"); `nil` for GamerPower's.
        package let startsAt: Date?
        /// "Worth $19.99 · free until 6 Apr 2026, 15:00 UTC · PC, Steam · Game".
        package let summary: String
        /// The upstream description as plain text.
        package let text: String
    }

    /// The most entries a feed holds; the rest are left out (the Home page lists them all).
    package static let maximumItems = 100

    package let title: String
    /// The feed's own absolute URL (`rel="self"`, JSON Feed's `feed_url`), also the Atom feed's id.
    package let selfURL: String
    /// The page the feed follows (Home with the same filters).
    package let homeURL: String
    /// When anything in the feed last changed; `Last-Modified` and Atom's `updated`.
    package let updatedAt: Date
    package let items: [Item]
    /// What the stores announced that has not started yet, soonest first: only the calendar lists them (an event at
    /// each start), Atom and JSON Feed list what is free now.
    package let upcoming: [Item]

    /// - Parameters:
    ///   - giveaways: the entries in order; only the first `maximumItems` are kept.
    ///   - upcoming: the announced giveaways that have not started, soonest first; the first `maximumItems` are kept.
    ///   - lastModified: when the feed last changed (see `FeedDocument.lastModified`).
    package init(
        title: String, selfPath: String, homePath: String, giveaways: [Giveaway], upcoming: [Giveaway] = [],
        stored: [Int: StoredGiveaway], base: LinkBase, lastModified: Date
    ) {
        self.title = title
        selfURL = base.absolute(selfPath)
        homeURL = base.absolute(homePath)
        updatedAt = lastModified
        items = giveaways.prefix(Self.maximumItems).map { giveaway in
            Item(giveaway: giveaway, history: stored[giveaway.id]?.history, base: base)
        }
        self.upcoming = upcoming.prefix(Self.maximumItems).map { giveaway in
            Item(giveaway: giveaway, history: stored[giveaway.id]?.history, base: base)
        }
    }
}

extension FeedDocument.Item {
    package init(giveaway: Giveaway, history: FeedHistory?, base: LinkBase) {
        id = giveaway.id
        tagID = "tag:\(base.hostName),2026:giveaway/\(giveaway.id)"
        eventUID = "giveaway-\(giveaway.id)@\(base.hostName)"
        startEventUID = "giveaway-\(giveaway.id)-start@\(base.hostName)"
        title = giveaway.title
        detailsURL = base.absolute(SiteRoute.details(id: giveaway.id).path)
        claimURL = HTML.safeURL(giveaway.openGiveawayURL).flatMap { $0.hasPrefix("http") ? $0 : nil }
        imageURL = base.absolute(SiteRoute.image(id: giveaway.id, kind: .image).path)
        publishedAt = giveaway.publishedAt
        updatedAt = max(giveaway.publishedAt, history.map(Self.latestChange(of:)) ?? giveaway.publishedAt)
        endsAt = giveaway.endsAt
        startsAt = giveaway.startsAt
        var parts: [String] = []
        let end = giveaway.endsAt.map { "free until \(FeedDates.english($0))" } ?? "free, no end date"
        parts.append(
            giveaway.worth.map { "Worth \($0.formatted) · \(end)" } ?? end.prefix(1).uppercased() + end.dropFirst())
        let platforms = giveaway.platforms.map(\.displayName).joined(separator: ", ")
        if !platforms.isEmpty { parts.append(platforms) }
        parts.append(giveaway.type.displayName)
        summary = parts.joined(separator: " · ")
        text = UpstreamHTML.decodeEntities(UpstreamHTML.stripTags(giveaway.description))
    }

    /// The latest moment the store saw something about this giveaway change.
    package static func latestChange(of history: FeedHistory) -> Date {
        ([history.firstSeenAt] + history.periods.map(\.appearedAt) + history.endDateChanges.map(\.changedAt)).max()
            ?? history.firstSeenAt
    }
}

/// The scheme and host that absolute links in feeds start with: the request's `Host` header when it is a plain
/// host name (or address) and port, the configured address otherwise. Used for nothing but building links.
package struct LinkBase: Sendable, Hashable {
    /// `http://example.org:8080`.
    package let origin: String
    /// `example.org`: the host without the port, for tag URIs and event UIDs.
    package let hostName: String

    package init(hostHeader: String?, forwardedProto: String?, fallbackHost: String) {
        let host = hostHeader.flatMap(Self.validHost) ?? fallbackHost
        let scheme = forwardedProto?.lowercased() == "https" ? "https" : "http"
        origin = "\(scheme)://\(host)"
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            hostName = String(host[...close])
        } else {
            hostName = String(host.split(separator: ":").first ?? Substring(host))
        }
    }

    package func absolute(_ path: String) -> String { origin + path }

    /// A host header made only of letters, digits, dots, dashes, colons and IPv6 brackets, up to 255 characters.
    package static func validHost(_ text: String) -> String? {
        let host = text.lowercased()
        guard (1...255).contains(host.utf8.count),
            host.utf8.allSatisfy({
                (97...122).contains($0) || (48...57).contains($0) || [46, 45, 58, 91, 93].contains($0)
            }), host.first != ":", host.first != "."
        else { return nil }
        return host
    }
}
