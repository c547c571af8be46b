import Foundation

/// A game's title reduced to what two sources agree on, for merging one giveaway seen twice and for gathering a
/// game's giveaways across stores: GamerPower writes "Lantern Quest (Epic Games) Giveaway" where Epic writes
/// "Lantern Quest™ – Standard Edition". Case, accents, ™ ® ©, punctuation and spacing go; so do the words an
/// aggregator adds ("Giveaway", "Key Giveaway", the store in brackets) and the edition words a store adds to its only
/// edition ("Standard Edition", "Base Game"). Editions that are a different product ("Deluxe Edition",
/// "Game of the Year Edition") stay.
public enum GameTitle {
    /// The key two titles of one game share; empty for a title with no letters or digits.
    ///
    /// It runs for every giveaway each time the read model loads (the merge and each game's history), so it is
    /// written as scans over the title's scalars: Foundation's search-and-replace and a regular expression cost a
    /// third of a cold first answer over 3,000 giveaways. Foundation only folds titles that are not plain ASCII.
    public static func normalized(_ title: String) -> String {
        // Case, accents and full-width forms folded; plain ASCII only needs lower case.
        let folded: [Unicode.Scalar] =
            title.utf8.allSatisfy { $0 < 0x80 }
            ? title.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value | 0x20)! : $0 }
            : Array(
                title.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                    .unicodeScalars)
        let marked = replacingMarks(folded)
        let unbracketed = removingBrackets(marked)
        // Everything but letters and digits separates words.
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in unbracketed {
            if isAlphanumeric(scalar) {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        // What an aggregator adds at the end, longest first.
        var trimmed = true
        while trimmed {
            trimmed = false
            for suffix in suffixes where words.count > suffix.count && words.suffix(suffix.count).elementsEqual(suffix)
            {
                words.removeLast(suffix.count)
                trimmed = true
            }
        }
        return words.joined(separator: " ")
    }

    private static let suffixes: [[String]] = [
        ["steam", "key", "giveaway"], ["key", "giveaway"], ["giveaway"], ["free", "game"], ["standard", "edition"],
        ["base", "game"], ["pc"],
    ]

    /// ™ ® © and "(tm)", "(r)" become spaces, "&" becomes " and ".
    static func replacingMarks(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "™", "®", "©":
                result.append(" ")
            case "&":
                result += [" ", "a", "n", "d", " "]
            case "(" where scalars[index...].starts(with: ["(", "t", "m", ")"]):
                result.append(" ")
                index += 3
            case "(" where scalars[index...].starts(with: ["(", "r", ")"]):
                result.append(" ")
                index += 2
            default:
                result.append(scalar)
            }
            index += 1
        }
        return result
    }

    /// Each bracketed group without brackets inside — the store or platform GamerPower names, "(Epic Games)",
    /// "(Steam)", "(IndieGala)" — becomes a space, left to right; in one pass, since the next bracket after each
    /// position is known.
    static func removingBrackets(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard scalars.contains("(") else { return scalars }
        // The index of the next "(" or ")" after each position (or the end).
        var nextBracket = [Int](repeating: scalars.count, count: scalars.count + 1)
        for index in stride(from: scalars.count - 1, through: 0, by: -1) {
            let following = index + 1 < scalars.count ? scalars[index + 1] : " "
            nextBracket[index] = following == "(" || following == ")" ? index + 1 : nextBracket[index + 1]
        }
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let close = nextBracket[index]
            if scalars[index] == "(", close < scalars.count, scalars[close] == ")" {
                result.append(" ")
                index = close + 1
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return result
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || ("A"..."Z").contains(scalar)
        }
        return CharacterSet.alphanumerics.contains(scalar)
    }
}

/// What a giveaway's source data says about needing a paid subscription to claim it.
public enum SubscriptionNeed {
    /// The subscriptions a giveaway can be for, as their names appear in titles, descriptions and instructions:
    /// lower-case ASCII, matched against the texts' bytes with ASCII case folded.
    static let names: [[UInt8]] = ["prime gaming", "amazon prime", "game pass", "humble choice", "ea play", "ubisoft+"]
        .map { Array($0.utf8) }

    /// The names one after another, and where each is in that list: read through one buffer, without an array per
    /// name to retain on every candidate byte.
    private static let flatNames: [UInt8] = names.flatMap { $0 }
    private static let nameRanges: [Range<Int>] = {
        var start = 0
        return names.map { name in
            defer { start += name.count }
            return start..<(start + name.count)
        }
    }()
    /// For each byte, the names that start with it (in either case), as bits by index into `names` (room for 32).
    private static let namesStarting: [UInt32] = {
        precondition(names.count <= 32)
        var table = [UInt32](repeating: 0, count: 256)
        for (index, name) in names.enumerated() {
            table[Int(name[0])] |= 1 << UInt32(index)
            if (0x61...0x7A).contains(name[0]) { table[Int(name[0] & ~0x20)] |= 1 << UInt32(index) }
        }
        return table
    }()

    /// Whether the texts say the giveaway is for subscribers (Prime Gaming, Game Pass, Humble Choice…). Runs for every
    /// giveaway each time the read model loads, so it reads each text's UTF-8 bytes once: Foundation's locale-aware
    /// search, then one pass per name, each cost seconds or tenths of a second over 10,000 descriptions.
    public static func detected(in texts: [String]) -> Bool {
        flatNames.withUnsafeBufferPointer { flat in
            nameRanges.withUnsafeBufferPointer { ranges in
                namesStarting.withUnsafeBufferPointer { starting in
                    texts.contains { text in
                        var text = text
                        return text.withUTF8 { mentionsAName($0, flat: flat, ranges: ranges, starting: starting) }
                    }
                }
            }
        }
    }

    /// Whether one of `names` occurs in `bytes`, ASCII letters compared without case.
    static func mentionsAName(
        _ bytes: UnsafeBufferPointer<UInt8>, flat: UnsafeBufferPointer<UInt8>, ranges: UnsafeBufferPointer<Range<Int>>,
        starting: UnsafeBufferPointer<UInt32>
    ) -> Bool {
        for index in bytes.indices {
            var candidates = starting[Int(bytes[index])]
            while candidates != 0 {
                let range = ranges[candidates.trailingZeroBitCount]
                candidates &= candidates - 1
                guard bytes.count - index >= range.count else { continue }
                var offset = 0
                while offset < range.count, lowered(bytes[index + offset]) == flat[range.lowerBound + offset] {
                    offset += 1
                }
                if offset == range.count { return true }
            }
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
