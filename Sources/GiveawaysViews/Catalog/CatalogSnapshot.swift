import Foundation
import GiveawaysDomain

/// The free-to-play catalog as the pages read it: listed games in the upstream's popularity order, every stored
/// game by id (removed ones too, for visitors' notes and hidden lists), the genres derived from the data, and
/// each game's folded search words.
package struct CatalogSnapshot: Sendable {
    /// One genre chip: spellings that differ only in case and spaces are one genre, shown as its most common one.
    package struct Genre: Hashable, Sendable {
        package let key: String
        package let name: String
        package let count: Int
    }

    package let listed: [StoredCatalogGame]
    package let byID: [Int: StoredCatalogGame]
    /// Most games first, then by name.
    package let genres: [Genre]
    private let words: [Int: [String]]

    package init(_ games: [StoredCatalogGame]) {
        listed = games.filter { !$0.isRemoved }.sorted { ($0.rank, $0.id) < ($1.rank, $1.id) }
        byID = Dictionary(games.map { ($0.id, $0) }) { first, _ in first }
        var spellings: [String: [String: Int]] = [:]
        for stored in listed where !stored.game.genreKey.isEmpty {
            spellings[stored.game.genreKey, default: [:]][stored.game.genre, default: 0] += 1
        }
        genres = spellings.map { key, names in
            let name = names.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
            return Genre(key: key, name: name, count: names.values.reduce(0, +))
        }
        .sorted { ($1.count, $0.name) < ($0.count, $1.name) }
        words = Dictionary(games.map { ($0.id, CatalogQuery.searchWords(of: $0.game)) }) { first, _ in first }
    }

    private init(
        listed: [StoredCatalogGame], byID: [Int: StoredCatalogGame], genres: [Genre], words: [Int: [String]]
    ) {
        self.listed = listed
        self.byID = byID
        self.genres = genres
        self.words = words
    }

    package static let empty = CatalogSnapshot([])

    /// The same catalog with one stored game replaced by a newer copy of itself (its detail arrived). Its listing
    /// fields are the same, so the order, genres and search words are kept rather than worked out again.
    package func replacing(_ game: StoredCatalogGame) -> CatalogSnapshot {
        var byID = byID
        byID[game.id] = game
        return CatalogSnapshot(
            listed: listed.map { $0.id == game.id ? game : $0 }, byID: byID, genres: genres, words: words)
    }

    /// The genre whose key or slug is `text` (`"card-game"`, `"card game"`, `"Card Game"`).
    package func genre(matching text: String) -> Genre? {
        let key = CatalogGame.genreKey(text.replacingOccurrences(of: "-", with: " "))
        return genres.first { $0.key == key }
    }

    /// A game's folded search words, computed once per snapshot.
    package func words(of stored: StoredCatalogGame) -> [String] {
        words[stored.id] ?? CatalogQuery.searchWords(of: stored.game)
    }
}

extension CatalogSnapshot.Genre {
    /// The genre in a URL: `card-game`.
    package var slug: String { key.replacingOccurrences(of: " ", with: "-") }
}
