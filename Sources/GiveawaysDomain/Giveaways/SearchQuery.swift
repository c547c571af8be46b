import Foundation

/// A search query, folded for matching: case- and accent-insensitive, so `pokemon` finds `Pokémon`.
///
/// Text is cut into words (runs of letters and digits); a giveaway matches when every query word starts one of
/// the words of its title, platforms or description. `witch` finds "The Witcher", `itch.io` finds "Itch.io".
public struct SearchQuery: Hashable, Sendable {
    /// The folded words of the query.
    public let terms: [String]

    public init(query: String) {
        terms = SearchQuery.words(in: query)
    }

    public var isEmpty: Bool { terms.isEmpty }

    /// Whether every term starts one of `words` (the folded words of one giveaway).
    public func matches(words: [String]) -> Bool {
        terms.allSatisfy { term in words.contains { $0.hasPrefix(term) } }
    }

    /// Lowercases and strips diacritics and width differences.
    public static func fold(_ text: String) -> String {
        // Most upstream text is ASCII, where folding is just lowercasing; Foundation's folding is far slower.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The folded words of a text, in order, duplicates kept.
    public static func words(in text: String) -> [String] {
        fold(text).split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// The words a giveaway is found by: its title, platform names and description.
    public static func words(of giveaway: Giveaway) -> [String] {
        let platforms = giveaway.platforms.map(\.displayName).joined(separator: " ")
        return words(in: giveaway.title + " " + platforms + " " + giveaway.description)
    }

    /// Whether `needle` occurs in `text`, as `String.contains` tells (a title key holds a keyword key; a header names a value). Where both
    /// are ASCII, byte for byte, which is the same answer: the generic substring search cost a fifth of a ruled
    /// Home page. Otherwise by `contains` itself: around a joining space, a letter that prepends to the next
    /// character or a mark that extends the previous one makes one character of two, which bytes would not see.
    public static func contains(_ text: String, _ needle: String) -> Bool {
        guard text.utf8.allSatisfy({ $0 < 0x80 }), needle.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.contains(needle)
        }
        var text = text
        var needle = needle
        return text.withUTF8 { text in
            needle.withUTF8 { needle in
                guard let first = needle.first else { return true }
                guard needle.count <= text.count else { return false }
                for start in 0...(text.count - needle.count) where text[start] == first {
                    if memcmp(text.baseAddress! + start, needle.baseAddress!, needle.count) == 0 { return true }
                }
                return false
            }
        }
    }
}
