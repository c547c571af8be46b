import Foundation
import GiveawaysDomain

/// The daily summary: the events a visitor's schedule held, in one message to their hook, each giveaway one line
/// (upstream text escaped as in the single messages). `X-Giveaways-Event: digest`; the delivery id names the first and
/// last event, and each event is recorded delivered (or retried) with the summary's outcome.
public enum HookSummary {
    /// One summarised event.
    public struct Item: Sendable {
        public var event: HookEvent
        public var giveaway: Giveaway

        public init(event: HookEvent, giveaway: Giveaway) {
            self.event = event
            self.giveaway = giveaway
        }
    }

    /// The summary's message; `nil` for a format without a summary shape (its events then go one by one).
    public static func message(
        hook: Hook, items: [Item], deliveryID: String, now: Date, channels: HookChannels = HookChannels()
    ) throws -> HookMessage? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let heading = "Daily summary: \(items.count) giveaway\(items.count == 1 ? "" : "s")"
        var url = hook.url
        let body: Data
        if hook.format == .json {
            body = try encoder.encode(
                JSONSummary(
                    delivery: deliveryID, sentAt: Timestamp.format(now),
                    items: items.map {
                        .init(event: $0.event.rawValue, giveaway: GiveawayJSON(giveaway: $0.giveaway, now: now))
                    }))
        } else if hook.format == .discord {
            let lines = items.map { "\(HookPayload.headline($0.event.rawValue)): \($0.giveaway.title)" }
            body = try encoder.encode(
                DiscordSummary(
                    content: String(
                        ([heading] + lines).joined(separator: "\n").prefix(HookPayload.DiscordBody.contentLimit))))
        } else if hook.format == .ntfy {
            let lines = items.map {
                "\(HookPayload.headline($0.event.rawValue)): \($0.giveaway.title) — \($0.giveaway.openGiveawayURL)"
            }
            url = hook.url.deletingLastPathComponent()
            body = try encoder.encode(
                NtfySummary(topic: hook.url.lastPathComponent, title: heading, message: lines.joined(separator: "\n")))
        } else if hook.format == .telegram {
            let lines = items.map { item in
                let title = TelegramMessage.escape(String(item.giveaway.title.prefix(200)))
                let linked = HookPayload.DiscordBody.webLink(item.giveaway.openGiveawayURL).map {
                    "<a href=\"\(TelegramMessage.escape($0))\">\(title)</a>"
                }
                return "• \(TelegramMessage.escape(HookPayload.headline(item.event.rawValue))): \(linked ?? title)"
            }
            var text = "<b>\(heading)</b>"
            // Whole lines only, within Telegram's limit: a cut line could break an entity or a tag.
            for line in lines where text.count + line.count + 1 <= TelegramMessage.textLimit { text += "\n" + line }
            guard let chat = hook.telegramChat, let token = hook.secret, TelegramBot.isToken(token) else {
                throw TelegramMessage.Unsendable(description: "the Telegram hook has no chat or no valid bot token")
            }
            url = channels.telegramAPI.appendingPathComponent("bot\(token)").appendingPathComponent("sendMessage")
            body = try encoder.encode(TelegramMessage.Body(chatID: chat, text: text))
        } else if hook.format == .apprise {
            let lines = items.map { item in
                let title = AppriseMessage.escape(String(item.giveaway.title.prefix(200)))
                let linked = HookPayload.DiscordBody.webLink(item.giveaway.openGiveawayURL).map {
                    "[\(title)](\(AppriseMessage.link($0)))"
                }
                return "\\- \(AppriseMessage.escape(HookPayload.headline(item.event.rawValue))): \(linked ?? title)"
            }
            body = try encoder.encode(
                AppriseMessage.Body(
                    urls: AppriseAddress.isStateless(hook.url) ? hook.secret : nil, title: heading,
                    body: lines.joined(separator: "\n\n")))
        } else {
            return nil
        }
        var headers: [(name: String, value: String)] = [
            ("Content-Type", "application/json"), ("User-Agent", "GameGiveaways/1.0 (+self-hosted)"),
            ("X-Giveaways-Event", "digest"), ("X-Giveaways-Delivery", deliveryID),
        ]
        if let secret = hook.secret, !secret.isEmpty, [.json, .discord, .ntfy].contains(hook.format) {
            headers.append(("X-Giveaways-Signature", "sha256=" + HookPayload.signature(of: body, secret: secret)))
        }
        let secrets = HookPayload.secrets(of: hook)
        return HookMessage(url: url, headers: headers, body: body, secrets: secrets)
    }

    // MARK: - Bodies

    struct JSONSummary: Encodable {
        struct Entry: Encodable {
            var event: String
            var giveaway: GiveawayJSON
        }
        var event = "digest"
        var delivery: String
        var sentAt: String
        var items: [Entry]

        init(delivery: String, sentAt: String, items: [Entry]) {
            self.delivery = delivery
            self.sentAt = sentAt
            self.items = items
        }
    }

    struct DiscordSummary: Encodable {
        var content: String
        var allowedMentions = HookPayload.DiscordBody.AllowedMentions()

        enum CodingKeys: String, CodingKey {
            case content
            case allowedMentions = "allowed_mentions"
        }
    }

    struct NtfySummary: Encodable {
        var topic: String
        var title: String
        var message: String
        var tags = ["video_game", "digest"]
    }
}
