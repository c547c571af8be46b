import Foundation
import GiveawaysDomain

/// An Apprise hook's message: `POST {base}/notify/{key}` (a configuration kept on the Apprise server) or the
/// stateless `POST {base}/notify` with the target URLs (the hook's secret: they hold the services' credentials).
/// The body is Markdown; upstream text is escaped so it never becomes markup or a link.
enum AppriseMessage {
    struct Body: Encodable {
        /// The stateless endpoint's targets; left out for a stateful key.
        var urls: String?
        var title: String
        var body: String
        var type = "info"
        var format = "markdown"
    }

    static func body(
        hook: Hook, giveaway: Giveaway, event: String, change: EndDateChange?, channels: HookChannels
    )
        -> Body
    {
        // With `format: markdown` Apprise may render the title as markup too (an HTML e-mail): escaped like the body.
        let title = "\(HookPayload.headline(event)): \(escape(String(giveaway.title.prefix(200))))"
        var lines = [
            "**\(escape(String(giveaway.title.prefix(200))))**",
            "Worth: \(escape(giveaway.worth?.formatted ?? "N/A")) · Ends: \(escape(HookPayload.endText(giveaway.endsAt)))",
        ]
        let platforms = giveaway.platforms.map(\.displayName).joined(separator: ", ")
        if !platforms.isEmpty { lines.append("Platforms: \(escape(platforms))") }
        if let change { lines.append("Was ending: \(escape(HookPayload.endText(change.from)))") }
        var links: [String] = []
        if let claim = HookPayload.DiscordBody.webLink(giveaway.openGiveawayURL) {
            links.append("[Get it](\(link(claim)))")
        }
        if let details = HookPayload.DiscordBody.webLink(channels.details(of: giveaway)) {
            links.append("[Details](\(link(details)))")
        }
        if !links.isEmpty { lines.append(links.joined(separator: " · ")) }
        let stateless = AppriseAddress.isStateless(hook.url)
        return Body(
            urls: stateless ? hook.secret : nil, title: title,
            body: lines.joined(separator: "\n\n"))
    }

    /// Markdown-escapes `text`: HTML's `&`, `<`, `>` as entities (Markdown passes raw HTML through), and every
    /// Markdown punctuation character with a backslash.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\\", "`", "*", "_", "{", "}", "[", "]", "(", ")", "#", "+", "-", ".", "!", "|", "~":
                escaped += "\\\(character)"
            case "\n", "\r": escaped += " "
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A link target that cannot close the Markdown link early: spaces, parentheses and angle brackets encoded.
    static func link(_ url: String) -> String {
        url.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "(", with: "%28")
            .replacingOccurrences(of: ")", with: "%29").replacingOccurrences(of: "<", with: "%3C")
            .replacingOccurrences(of: ">", with: "%3E")
    }
}
