import Foundation
import GiveawaysDomain

/// An Apprise hook's message: `POST {base}/notify/{key}` (a configuration kept on the Apprise server) or the
/// stateless `POST {base}/notify` with the target URLs (the hook's secret: they hold the services' credentials).
/// The body is Markdown; upstream text is escaped with backslashes (`escape`) so that it reads as written and never
/// becomes markup or a link.
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

    /// Escapes `text` for the middle of a Markdown line with CommonMark's backslash escapes, so that a CommonMark
    /// renderer and the chat apps' dialects (Discord, Telegram, Mattermost: strikethrough and spoilers, no HTML, no
    /// entities) show it as written and none turns any of it into markup or a link. Nothing invisible is added: what
    /// a reader copies or searches for is the title.
    ///
    /// Only what could start markup there is escaped, so an ordinary title ("Carlos & the Taco", "Half-Life 2:
    /// Episode One", "x < y") reaches every target as written: emphasis, code and link characters and every `>`
    /// always; a `<` that could open a tag, a comment or an autolink; an `&` that would read as an entity; runs of
    /// `~` and `|` (strikethrough, spoilers). Line breaks become spaces.
    ///
    /// Apprise's own Markdown (Python-Markdown, for HTML targets such as e-mail) honours the backslash before
    /// `` \ ` * _ [ ] > `` but not before `<`, `&`, `~` or `|`: there such a title keeps a visible backslash (and a
    /// `\&copy;` shows as `\©`), still without any markup made of it, since the escaped `>` closes no tag.
    static func escape(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var escaped = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            let previous = index > 0 ? scalars[index - 1] : nil
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", ">",
                "<" where next.map(opensTag) ?? false,
                "&" where startsEntity(scalars[index...]), "~" where next == "~" || previous == "~",
                "|" where next == "|" || previous == "|":
                escaped.append("\\")
                escaped.append(scalar)
            case "\n", "\r": escaped.append(" ")
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// Whether a `<` followed by `scalar` could open an HTML tag, a comment or an autolink.
    private static func opensTag(_ scalar: Unicode.Scalar) -> Bool {
        isASCIILetter(scalar) || scalar == "/" || scalar == "!" || scalar == "?"
    }

    /// Whether `text` starts with what a renderer decodes as an entity: `&name;`, `&#123;` or `&#x1F;`.
    private static func startsEntity(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        var rest = text.dropFirst().prefix(34)
        let numeric = rest.first == "#"
        if numeric {
            rest = rest.dropFirst()
            if rest.first == "x" || rest.first == "X" { rest = rest.dropFirst() }
        }
        guard let end = rest.firstIndex(of: ";"), end > rest.startIndex else { return false }
        let name = rest[..<end]
        return name.allSatisfy { isASCIILetter($0) || ("0"..."9").contains($0) }
            && (numeric || name.first.map(isASCIILetter) == true)
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// A link target that cannot close the Markdown link early: spaces, parentheses and angle brackets encoded.
    static func link(_ url: String) -> String {
        url.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "(", with: "%28")
            .replacingOccurrences(of: ")", with: "%29").replacingOccurrences(of: "<", with: "%3C")
            .replacingOccurrences(of: ">", with: "%3E")
    }
}
