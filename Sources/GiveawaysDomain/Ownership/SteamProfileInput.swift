import Foundation

/// What a visitor types to name their Steam profile, read: a profile URL (`steamcommunity.com/profiles/7656…` or
/// `/id/NAME`, with or without scheme, `www.`, a trailing slash or a query), a SteamID64 (17 digits starting
/// `7656119`), or a custom URL name alone.
public enum SteamProfileInput: Hashable, Sendable {
    case steamID(String)
    /// A custom URL name, to resolve with Steam's `ResolveVanityURL`.
    case vanity(String)

    /// `nil` for text that names no profile (empty, too long, another site, characters no custom URL has).
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 200 else { return nil }
        if Self.isSteamID(trimmed) {
            self = .steamID(trimmed)
            return
        }
        var rest = trimmed
        for prefix in ["https://", "http://"] where rest.lowercased().hasPrefix(prefix) {
            rest = String(rest.dropFirst(prefix.count))
        }
        if rest.lowercased().hasPrefix("www.") { rest = String(rest.dropFirst(4)) }
        if rest.lowercased().hasPrefix("steamcommunity.com/") {
            let path = rest.dropFirst("steamcommunity.com/".count).prefix { $0 != "?" && $0 != "#" }
            let parts = path.split(separator: "/")
            guard parts.count >= 2 else { return nil }
            switch parts[0].lowercased() {
            case "profiles" where Self.isSteamID(String(parts[1])): self = .steamID(String(parts[1]))
            case "id" where Self.isVanity(String(parts[1])): self = .vanity(String(parts[1]))
            default: return nil
            }
            return
        }
        guard !rest.contains("/"), !rest.contains("."), Self.isVanity(rest) else { return nil }
        self = .vanity(rest)
    }

    /// 17 digits starting `7656119`.
    public static func isSteamID(_ text: String) -> Bool {
        text.utf8.count == 17 && text.hasPrefix("7656119") && text.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    /// A custom URL name: 2 to 32 letters, digits, `_` or `-`.
    static func isVanity(_ text: String) -> Bool {
        (2...32).contains(text.utf8.count)
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-")
            }
    }
}
