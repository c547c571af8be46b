import Foundation

// Telegram and Apprise hooks: what their addresses and secrets look like. A Telegram hook has no URL of its own
// (the Bot API's address is the server's `--telegram-api-url`), so it keeps its chat as `telegram:<chat id>`.

extension Defaults {
    /// Where Telegram hooks send (`--telegram-api-url`).
    public static let telegramAPIURL = URL(string: "https://api.telegram.org")!
}

extension Hook {
    /// A Telegram hook's chat: a numeric id (`-100…` for groups and channels) or a public `@channelname`.
    public var telegramChat: String? {
        guard format == .telegram, url.scheme == "telegram" else { return nil }
        return String(url.absoluteString.dropFirst("telegram:".count)).removingPercentEncoding
    }

    /// The stored address of a Telegram hook for `chat`; `nil` when `chat` is not a chat id.
    public static func telegramURL(chat: String) -> URL? {
        guard TelegramBot.isChat(chat) else { return nil }
        return URL(string: "telegram:\(chat)")
    }

    /// At most the last four characters of a secret (`…abcd`), to tell two apart; short ones show nothing.
    public static func secretHint(_ secret: String?) -> String? {
        guard let secret, !secret.isEmpty else { return nil }
        return secret.count >= 16 ? "…\(secret.suffix(4))" : "…"
    }
}

/// The shapes Telegram's Bot API gives tokens and chat ids, checked before anything is stored.
public enum TelegramBot {
    /// `123456789:AA…`: the bot's id, a colon and 30-odd letters, digits, `_` or `-`.
    public static func isToken(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...20).contains(parts[0].count), (20...100).contains(parts[1].count) else {
            return false
        }
        return parts[0].allSatisfy(\.isASCIIDigit)
            && parts[1].allSatisfy { $0.isASCIIDigit || $0.isASCIILetter || $0 == "_" || $0 == "-" }
    }

    /// A numeric chat id (optionally negative) or `@name` (5–32 letters, digits or `_`).
    public static func isChat(_ text: String) -> Bool {
        if text.hasPrefix("@") {
            let name = text.dropFirst()
            return (5...32).contains(name.count) && name.allSatisfy { $0.isASCIIDigit || $0.isASCIILetter || $0 == "_" }
        }
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        return (1...20).contains(digits.count) && digits.allSatisfy(\.isASCIIDigit)
    }
}

/// Apprise API addresses: `{base}/notify/{key}` for a configuration kept on the server (stateful), or
/// `{base}/notify` with the target URLs in the request (stateless).
public enum AppriseAddress {
    /// Whether `url` is the stateless `…/notify` endpoint (it needs target URLs).
    public static func isStateless(_ url: URL) -> Bool {
        url.pathComponents.last == "notify"
    }

    /// Whether `url` ends in `/notify` or `/notify/{key}`.
    public static func isNotifyURL(_ url: URL) -> Bool {
        let parts = url.pathComponents.filter { $0 != "/" }
        return parts.last == "notify" || (parts.count >= 2 && parts[parts.count - 2] == "notify")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
}
