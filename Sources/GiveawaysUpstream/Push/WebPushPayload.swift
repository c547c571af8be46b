import Foundation

/// What a push notification carries: the JSON the service worker reads, all of it plain text and URLs (upstream
/// text is never markup here; the service worker hands it to `showNotification` as text).
public struct WebPushPayload: Codable, Hashable, Sendable {
    /// "Free on Epic Games Store: Game name", in the device's language.
    public var title: String
    /// Worth and time left, e.g. "Worth $19.99 · 2 days left".
    public var body: String
    /// `new`, `ending`, `changed`, `reminder`, `back`, `test`, or `digest` (the daily summary).
    public var event: String
    public var giveawayID: Int
    public var worth: String?
    /// The end date (ISO 8601), if announced.
    public var endsAt: String?
    /// Same-origin path of the giveaway's Details page.
    public var detailsURL: String
    /// The claim page ("Get it"), http(s) only.
    public var claimURL: String?
    /// Same-origin path the "Claimed" action POSTs to; none for the daily summary (no action then).
    public var claimedURL: String?
    /// Same-origin path of the giveaway's image (through the app's image cache), if any.
    public var image: String?
    /// Same-origin path of the app's icon.
    public var icon: String
    /// Labels of the notification's actions, in the device's language.
    public var getIt: String
    public var claimed: String
    /// `tag`: one notification per giveaway (and one for the daily summary); a newer one replaces it.
    public var tag: String

    public init(
        title: String, body: String, event: String, giveawayID: Int, worth: String?, endsAt: String?,
        detailsURL: String, claimURL: String?, claimedURL: String?, image: String?, icon: String, getIt: String,
        claimed: String
    ) {
        self.title = title
        self.body = body
        self.event = event
        self.giveawayID = giveawayID
        self.worth = worth
        self.endsAt = endsAt
        self.detailsURL = detailsURL
        self.claimURL = claimURL
        self.claimedURL = claimedURL
        self.image = image
        self.icon = icon
        self.getIt = getIt
        self.claimed = claimed
        self.tag = "giveaway-\(giveawayID)"
    }

    /// The daily summary's notification: what the visitor's summary time released, in one notification that
    /// opens `detailsURL` (Home); no giveaway, no actions, and the tag `digest`.
    public static func summary(title: String, body: String, detailsURL: String, icon: String) -> WebPushPayload {
        var payload = WebPushPayload(
            title: title, body: body, event: "digest", giveawayID: 0, worth: nil, endsAt: nil, detailsURL: detailsURL,
            claimURL: nil, claimedURL: nil, image: nil, icon: icon, getIt: "", claimed: "")
        payload.tag = WebPush.summaryTopic
        return payload
    }

    /// The JSON, at most `WebPushEncryption.maximumPlaintext` bytes: an overlong one loses its image, then its
    /// claim URL, then title and body are shortened.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var payload = self
        var data = try encoder.encode(payload)
        let steps: [(inout WebPushPayload) -> Void] = [
            { $0.image = nil }, { $0.claimURL = nil },
            {
                $0.title = String($0.title.prefix(200))
                $0.body = String($0.body.prefix(300))
            },
        ]
        for step in steps where data.count > WebPushEncryption.maximumPlaintext {
            step(&payload)
            data = try encoder.encode(payload)
        }
        return data
    }
}
