import Crypto
import Foundation
import GiveawaysDomain

/// One HTTP request to a hook: where, which headers, which body.
public struct HookMessage: Sendable {
    public var url: URL
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// Texts an error about this request must never show (a Telegram bot token, which is in the URL's path).
    public var secrets: [String] = []
}

/// Builds what a hook is sent, in its format. Every format carries the same headers: `X-Giveaways-Event`,
/// `X-Giveaways-Delivery` (stable across retries: receivers de-duplicate on it) and, when the hook has a secret,
/// `X-Giveaways-Signature: sha256=<hex HMAC-SHA256 of the body>`.
public enum HookPayload {
    /// - Parameters:
    ///   - event: `new`, `ending`, `changed` or `test`.
    ///   - deliveryID: the outbox event's id (`test-…` for samples).
    public static func message(
        hook: Hook, giveaway: Giveaway, event: String, deliveryID: String, change: EndDateChange? = nil, now: Date,
        channels: HookChannels = HookChannels()
    ) throws -> HookMessage {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var url = hook.url
        let body: Data
        switch hook.format {
        case .json:
            body = try encoder.encode(
                GenericBody(
                    event: event, delivery: deliveryID, sentAt: Timestamp.format(now),
                    giveaway: GiveawayJSON(giveaway: giveaway, now: now),
                    previousEndDate: change?.from.map(Timestamp.format)))
        case .discord:
            body = try encoder.encode(DiscordBody(giveaway: giveaway, event: event, change: change))
        case .ntfy:
            // ntfy's JSON publishing: POST to the server's root with the topic in the body (the hook URL is the
            // topic's URL, e.g. https://ntfy.sh/my-giveaways).
            let topic = hook.url.lastPathComponent
            url = hook.url.deletingLastPathComponent()
            body = try encoder.encode(NtfyBody(topic: topic, giveaway: giveaway, event: event, change: change))
        case .telegram:
            (url, body) = try TelegramMessage.request(
                hook: hook, giveaway: giveaway, event: event, change: change, channels: channels, encoder: encoder)
        case .apprise:
            body = try encoder.encode(
                AppriseMessage.body(hook: hook, giveaway: giveaway, event: event, change: change, channels: channels))
        case .webpush:
            // Encrypted per subscription with the server's VAPID keys: `WebPush.message`, not here.
            throw WebPush.Refusal.noKeys
        }
        var headers: [(name: String, value: String)] = [
            ("Content-Type", "application/json"), ("User-Agent", "GameGiveaways/1.0 (+self-hosted)"),
            ("X-Giveaways-Event", event), ("X-Giveaways-Delivery", deliveryID),
        ]
        // A Telegram token or Apprise targets are credentials for the channel, not a key to sign with.
        if let secret = hook.secret, !secret.isEmpty, hook.format != .telegram, hook.format != .apprise {
            headers.append(("X-Giveaways-Signature", "sha256=" + signature(of: body, secret: secret)))
        }
        let secrets = HookPayload.secrets(of: hook)
        return HookMessage(url: url, headers: headers, body: body, secrets: secrets)
    }

    /// What an error about a request to `hook` must never show: a Telegram token, and Apprise targets (an Apprise
    /// server could quote them back in its answer), each target on its own too.
    static func secrets(of hook: Hook) -> [String] {
        guard let secret = hook.secret, !secret.isEmpty else { return [] }
        switch hook.format {
        case .telegram: return [secret]
        case .apprise:
            let targets = secret.split(whereSeparator: { $0 == " " || $0 == "," || $0.isNewline }).map(String.init)
            return [secret] + targets.filter { $0.count >= 4 }
        default: return []
        }
    }

    /// Hex HMAC-SHA256 of `body` keyed with `secret`.
    public static func signature(of body: Data, secret: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Data(secret.utf8)))
        return code.map { String(format: "%02x", $0) }.joined()
    }

    static func headline(_ event: String) -> String {
        switch event {
        case "new": "New giveaway"
        case "ending": "Ending within 24 hours"
        case "changed": "End date changed"
        case "reminder": "Ending soon, and you hearted it"
        case "back": "Back in the feed"
        case "started": "Free now, and you hearted it"
        default: "Test delivery"
        }
    }

    static func endText(_ date: Date?) -> String {
        date.map(Timestamp.format) ?? "no end date announced"
    }

    // MARK: - Bodies

    struct GenericBody: Encodable {
        var event: String
        var delivery: String
        var sentAt: String
        var giveaway: GiveawayJSON
        var previousEndDate: String?
    }

    struct DiscordBody: Encodable {
        struct Embed: Encodable {
            struct Field: Encodable {
                var name: String
                var value: String
                var inline: Bool
            }
            struct Image: Encodable { var url: String }
            var title: String
            var url: String?
            var description: String
            var fields: [Field]
            var image: Image?
        }
        /// Which mentions Discord may turn into pings: none. A title saying "@everyone" stays text.
        struct AllowedMentions: Encodable { var parse: [String] = [] }
        var content: String
        var embeds: [Embed]
        var allowedMentions = AllowedMentions()

        enum CodingKeys: String, CodingKey {
            case content, embeds
            case allowedMentions = "allowed_mentions"
        }

        /// Discord's limits: a message's content, an embed's title, description and field values.
        static let contentLimit = 2000
        static let fieldLimit = 1024

        /// An http(s) link, or nothing: Discord refuses the whole message over any other URL.
        static func webLink(_ text: String) -> String? {
            let lower = text.lowercased()
            return lower.hasPrefix("https://") || lower.hasPrefix("http://") ? text : nil
        }

        init(giveaway: Giveaway, event: String, change: EndDateChange?) {
            var fields = [
                Embed.Field(name: "Worth", value: giveaway.worth?.formatted ?? "N/A", inline: true),
                Embed.Field(name: "Ends", value: HookPayload.endText(giveaway.endsAt), inline: true),
            ]
            let platforms = giveaway.platforms.map(\.displayName).joined(separator: ", ")
            if !platforms.isEmpty {  // Discord refuses an empty field value
                fields.append(.init(name: "Platforms", value: String(platforms.prefix(Self.fieldLimit)), inline: false))
            }
            if let change {
                fields.append(.init(name: "Was ending", value: HookPayload.endText(change.from), inline: true))
            }
            content = String("\(HookPayload.headline(event)): \(giveaway.title)".prefix(Self.contentLimit))
            embeds = [
                Embed(
                    title: String(giveaway.title.prefix(256)), url: Self.webLink(giveaway.openGiveawayURL),
                    description: String(giveaway.description.prefix(300)), fields: fields,
                    image: Self.webLink(giveaway.imageURL).map { Embed.Image(url: $0) })
            ]
        }
    }

    struct NtfyBody: Encodable {
        var topic: String
        var title: String
        var message: String
        var click: String
        var tags: [String]

        init(topic: String, giveaway: Giveaway, event: String, change: EndDateChange?) {
            self.topic = topic
            title = "\(HookPayload.headline(event)): \(giveaway.title)"
            var lines = [
                "Worth: \(giveaway.worth?.formatted ?? "N/A")", "Ends: \(HookPayload.endText(giveaway.endsAt))",
                "Platforms: \(giveaway.platforms.map(\.displayName).joined(separator: ", "))",
            ]
            if let change { lines.append("Was ending: \(HookPayload.endText(change.from))") }
            message = lines.joined(separator: "\n")
            click = giveaway.openGiveawayURL
            tags = ["video_game", event]
        }
    }
}
