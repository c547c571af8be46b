import Foundation
import GiveawaysDomain

/// A Telegram hook's message: `sendPhoto` with a caption when the giveaway has an image, else `sendMessage`, in
/// Telegram's HTML parse mode. Every upstream text is escaped for that HTML, and links are http(s) only, so a
/// title like `</a><script>` stays text.
enum TelegramMessage {
    /// Telegram's limits: a photo's caption and a message's text, in UTF-16 units.
    static let captionLimit = 1024
    static let textLimit = 4096

    struct Body: Encodable {
        var chatID: String
        var text: String?
        var photo: String?
        var caption: String?
        var parseMode = "HTML"

        enum CodingKeys: String, CodingKey {
            case text, photo, caption
            case chatID = "chat_id"
            case parseMode = "parse_mode"
        }
    }

    /// Why a Telegram hook cannot be sent; the texts never hold the token.
    struct Unsendable: Error, CustomStringConvertible {
        let description: String
    }

    /// The request: the Bot API method's URL (it holds the token: never log it) and the JSON body.
    static func request(
        hook: Hook, giveaway: Giveaway, event: String, change: EndDateChange?, channels: HookChannels,
        encoder: JSONEncoder
    ) throws -> (url: URL, body: Data) {
        guard let chat = hook.telegramChat else { throw Unsendable(description: "the Telegram hook has no chat") }
        guard let token = hook.secret, TelegramBot.isToken(token) else {
            throw Unsendable(description: "the Telegram hook has no valid bot token")
        }
        let text = Self.text(giveaway: giveaway, event: event, change: change, channels: channels)
        let photo = HookPayload.DiscordBody.webLink(giveaway.imageURL)
        let method = photo != nil && text.utf16.count <= captionLimit ? "sendPhoto" : "sendMessage"
        let body =
            method == "sendPhoto"
            ? Body(chatID: chat, photo: photo, caption: text)
            : Body(chatID: chat, text: text)
        let url = channels.telegramAPI.appendingPathComponent("bot\(token)").appendingPathComponent(method)
        return (url, try encoder.encode(body))
    }

    /// The message in Telegram's HTML: the headline and title in bold, worth, end and platforms, and the links —
    /// within `limit` characters, in whole lines and whole links: a text cut at the limit could end inside an entity
    /// (`&am`) or a tag (`<a href="…`), which Telegram refuses. A claim link too long to fit gives way to Details.
    static func text(
        giveaway: Giveaway, event: String, change: EndDateChange?, channels: HookChannels, limit: Int = textLimit
    ) -> String {
        // Cut before escaping, so an entity is never cut in half.
        var lines = ["<b>\(escape(HookPayload.headline(event))): \(escape(String(giveaway.title.prefix(200))))</b>"]
        lines.append(
            "Worth: \(escape(giveaway.worth?.formatted ?? "N/A")) · Ends: \(escape(HookPayload.endText(giveaway.endsAt)))"
        )
        let platforms = giveaway.platforms.map(\.displayName).joined(separator: ", ")
        if !platforms.isEmpty { lines.append("Platforms: \(escape(String(platforms.prefix(300))))") }
        if let change { lines.append("Was ending: \(escape(HookPayload.endText(change.from)))") }
        var links: [String] = []
        if let claim = HookPayload.DiscordBody.webLink(giveaway.openGiveawayURL) {
            links.append("<a href=\"\(escape(claim))\">Get it</a>")
        }
        if let details = HookPayload.DiscordBody.webLink(channels.details(of: giveaway)) {
            links.append("<a href=\"\(escape(details))\">Details</a>")
        }
        // Telegram counts UTF-16 units (an emoji is two); the escaped text is never shorter than what it shows.
        var text = ""
        for line in lines where text.utf16.count + line.utf16.count + 1 <= limit {
            text += text.isEmpty ? line : "\n" + line
        }
        while !links.isEmpty {
            let line = links.joined(separator: " · ")
            if text.utf16.count + line.utf16.count + 1 <= limit { return text + "\n" + line }
            links.removeFirst()
        }
        return text
    }

    /// Telegram's HTML escaping: `&`, `<`, `>`, and `"` (for attribute values).
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
