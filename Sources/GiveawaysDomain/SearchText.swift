import Foundation

/// Text folded for matching: case- and accent-insensitive, so `pokemon` finds `Pokémon`.
public struct SearchText: Hashable, Sendable {
    /// The words of a query, each folded; a giveaway matches when its text contains every one of them.
    public let terms: [String]

    public init(query: String) {
        terms = SearchText.fold(query).split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    public var isEmpty: Bool { terms.isEmpty }

    /// Whether folded text contains every term.
    public func matches(folded haystack: String) -> Bool {
        terms.allSatisfy { haystack.contains($0) }
    }

    /// Lowercases and strips diacritics; punctuation is kept so `X|S` and `Itch.io` still match.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The folded text a giveaway is searched by: title, platforms and description.
    public static func haystack(for giveaway: Giveaway) -> String {
        let platforms = giveaway.platforms.map(\.displayName).joined(separator: " ")
        return fold(giveaway.title + "\n" + platforms + "\n" + giveaway.description)
    }
}
