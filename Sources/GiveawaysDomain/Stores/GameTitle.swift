import Foundation

/// A game's title reduced to what two sources agree on, for merging one giveaway seen twice and for gathering a
/// game's giveaways across stores: GamerPower writes "Lantern Quest (Epic Games) Giveaway" where Epic writes
/// "Lantern Quest™ – Standard Edition". Case, accents, ™ ® ©, punctuation and spacing go; so do the words an
/// aggregator adds ("Giveaway", "Key Giveaway", the store in brackets) and the edition words a store adds to its only
/// edition ("Standard Edition", "Base Game"). Editions that are a different product ("Deluxe Edition",
/// "Game of the Year Edition") stay.
public enum GameTitle {
    /// The key two titles of one game share; empty for a title with no letters or digits.
    public static func normalized(_ title: String) -> String {
        var text = title.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        for mark in ["™", "®", "©", "(tm)", "(r)"] { text = text.replacingOccurrences(of: mark, with: " ") }
        text = text.replacingOccurrences(of: "&", with: " and ")
        // The store or platform GamerPower names in brackets: "(Epic Games)", "(Steam)", "(IndieGala)", "(Android)".
        text = text.replacingOccurrences(of: #"\([^()]*\)"#, with: " ", options: .regularExpression)
        // Everything but letters and digits becomes a space, then runs of spaces one.
        let words = text.unicodeScalars.split { !CharacterSet.alphanumerics.contains($0) }.map { String($0) }
        var kept = words
        // What an aggregator adds at the end, longest first.
        let suffixes: [[String]] = [
            ["steam", "key", "giveaway"], ["key", "giveaway"], ["giveaway"], ["free", "game"], ["standard", "edition"],
            ["base", "game"], ["pc"],
        ]
        var trimmed = true
        while trimmed {
            trimmed = false
            for suffix in suffixes where kept.count > suffix.count && Array(kept.suffix(suffix.count)) == suffix {
                kept.removeLast(suffix.count)
                trimmed = true
            }
        }
        return kept.joined(separator: " ")
    }
}

/// What a giveaway's source data says about needing a paid subscription to claim it.
public enum SubscriptionNeed {
    /// The subscriptions a giveaway can be for, as their names appear in titles, descriptions and instructions:
    /// lower-case ASCII, matched against the texts' bytes with ASCII case folded.
    static let names: [[UInt8]] = ["prime gaming", "amazon prime", "game pass", "humble choice", "ea play", "ubisoft+"]
        .map { Array($0.utf8) }

    /// Whether the texts say the giveaway is for subscribers (Prime Gaming, Game Pass, Humble Choice…). Runs for every
    /// giveaway each time the read model loads, so it reads UTF-8 bytes: Foundation's locale-aware search took
    /// seconds over a few thousand descriptions in a debug build.
    public static func detected(in texts: [String]) -> Bool {
        texts.contains { text in
            var text = text
            return text.withUTF8 { bytes in names.contains { containsFoldingASCIICase(bytes, $0) } }
        }
    }

    /// Whether `needle` (lower-case ASCII) occurs in `haystack`, ASCII letters compared without case.
    static func containsFoldingASCIICase(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        let first = needle[0]
        for start in 0...(haystack.count - needle.count) where lowered(haystack[start]) == first {
            var matched = 1
            while matched < needle.count, lowered(haystack[start + matched]) == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte | 0x20 : byte
    }

    /// Whether a GamerPower giveaway needs a subscription, from its title, description, instructions and platforms.
    public static func detected(in giveaway: Giveaway) -> Bool {
        detected(
            in: [giveaway.title, giveaway.description, giveaway.instructions] + giveaway.platforms.map(\.displayName))
    }
}
