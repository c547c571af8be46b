import Foundation

/// Finds the catalog game a loot giveaway belongs to, by title: "Albion Online: Epic Mage Bundle Giveaway" is
/// loot for "Albion Online".
///
/// Only loot is matched (the caller asks for loot giveaways only). A giveaway matches a game when the giveaway's
/// title starts with the game's whole title, word for word (folded: case, accents and punctuation do not count,
/// so "World Of Warships Godzilla …" and "Arena Breakout: Infinite Koen Pack" match), and has more words after it.
/// Titles too short or too common to tell ("Rift", "War", "Legends", "Star Wars") never match, so a giveaway
/// never lands on a game for sharing a word with it, and a title followed by another edition's word ("Blade and
/// Soul NEO …" is not loot for "Blade and Soul") does not match either. When several games match, the longest
/// title wins ("Neverwinter Nights" over "Neverwinter").
public struct LootMatcher: Sendable {
    private struct Candidate: Sendable {
        let id: Int
        let words: [String]
    }

    /// Games by the first word of their folded title.
    private let byFirstWord: [String: [Candidate]]

    public init(games: [CatalogGame]) {
        var index: [String: [Candidate]] = [:]
        for game in games {
            let words = SearchQuery.words(in: game.title)
            guard Self.isSpecific(words), let first = words.first else { continue }
            index[first, default: []].append(Candidate(id: game.id, words: words))
        }
        byFirstWord = index.mapValues { $0.sorted { $0.words.count > $1.words.count } }
    }

    /// The id of the game `title` is loot for, or `nil`.
    public func game(forGiveawayTitled title: String) -> Int? {
        let words = SearchQuery.words(in: title)
        guard let first = words.first, let candidates = byFirstWord[first] else { return nil }
        return candidates.first { candidate in
            words.count > candidate.words.count && words.starts(with: candidate.words)
                && !Self.otherEditionWords.contains(words[candidate.words.count])
        }?.id
    }

    /// A word right after a game's title that names another game of the series ("Blade and Soul NEO",
    /// "Neverwinter Nights", "Star Trek Online" after "Star Trek"): its loot is not for this game.
    static let otherEditionWords: Set<String> = [
        "neo", "remastered", "classic", "reborn", "origins", "mobile", "online", "nights", "evolution", "remake",
        "redux", "ii", "iii", "iv", "legacy", "infinite", "unleashed", "tactics", "heroes", "chronicles",
    ]

    /// A title that can stand for one game: three words or more; two words with at least 6 letters in all, not
    /// both everyday words; or one word of 5 letters or more that is not an everyday word.
    static func isSpecific(_ words: [String]) -> Bool {
        let letters = words.reduce(0) { $0 + $1.count }
        if words.count >= 3 { return letters >= 8 }
        if words.count == 2 { return letters >= 6 && !words.allSatisfy(commonWords.contains) }
        guard let word = words.first else { return false }
        return word.count >= 5 && !commonWords.contains(word)
    }

    /// Everyday words that are also (parts of) game titles; alone they say nothing about which game.
    static let commonWords: Set<String> = [
        "war", "wars", "legends", "legend", "heroes", "hero", "online", "world", "arena", "battle", "game",
        "games", "free", "the", "of", "and", "new", "super", "league", "kingdom", "kingdoms", "empire", "empires",
        "age", "ages", "island", "tanks", "tank", "space", "star", "stars", "royale", "racing", "fantasy",
        "dragon", "dragons", "shadow", "shadows", "hunter", "hunters", "zombie", "zombies", "pirates", "knight",
        "knights", "magic", "quest", "craft", "clash", "warriors", "warrior", "realm", "realms", "defense",
        "conquer", "conqueror", "soul", "souls", "blade", "blades", "crystal", "dark", "light", "league",
        "tactics", "strike", "storm", "force", "squad", "titans", "gods", "rise", "rising", "fall", "dawn",
    ]
}
