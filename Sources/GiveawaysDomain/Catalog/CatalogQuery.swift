import Foundation

/// What a catalog list asks for: a genre, a platform, an order and search words; shared by the web page and the
/// CLI, so both list the same games in the same order.
public struct CatalogQuery: Sendable, Hashable {
    public enum Sort: String, Sendable, CaseIterable {
        /// The upstream's own order.
        case popularity
        /// Newest first; unknown dates last.
        case release
        case alphabetical
    }

    /// A genre by name or slug (`"Card Game"`, `"card-game"`): compared folded, so spellings merge.
    public var genre: String?
    public var platform: CatalogPlatform?
    public var sort: Sort
    public var search: String
    /// Also games that left the catalog (the CLI's `--include-removed`).
    public var includeRemoved: Bool

    public init(
        genre: String? = nil, platform: CatalogPlatform? = nil, sort: Sort = .popularity, search: String = "",
        includeRemoved: Bool = false
    ) {
        self.genre = genre
        self.platform = platform
        self.sort = sort
        self.search = search
        self.includeRemoved = includeRemoved
    }

    /// The folded key of `genre` (a slug's dashes read as spaces).
    public var genreKey: String? {
        genre.map { CatalogGame.genreKey($0.replacingOccurrences(of: "-", with: " ")) }
    }

    /// The games that match, in order. `games` come in the upstream's order; `words` gives a game's folded search
    /// words (the web passes precomputed ones).
    public func apply(
        to games: [StoredCatalogGame], hidden: Set<Int> = [],
        words: (StoredCatalogGame) -> [String] = { CatalogQuery.searchWords(of: $0.game) }
    ) -> [StoredCatalogGame] {
        let terms = SearchQuery(query: search)
        let genreKey = genreKey
        let matching = games.filter { stored in
            (includeRemoved || !stored.isRemoved) && !hidden.contains(stored.id)
                && (genreKey == nil || stored.game.genreKey == genreKey)
                && (platform.map { stored.game.platforms.contains($0) } ?? true)
                && (terms.isEmpty || terms.matches(words: words(stored)))
        }
        switch sort {
        case .popularity:
            return matching.sorted { ($0.isRemoved ? 1 : 0, $0.rank, $0.id) < ($1.isRemoved ? 1 : 0, $1.rank, $1.id) }
        case .release:
            return matching.sorted { lhs, rhs in
                switch (lhs.game.releaseDate, rhs.game.releaseDate) {
                case (let l?, let r?): l != r ? l > r : lhs.rank < rhs.rank
                case (nil, nil): lhs.rank < rhs.rank
                case (nil, _): false
                case (_, nil): true
                }
            }
        case .alphabetical:
            return matching.sorted {
                let order = $0.game.title.localizedStandardCompare($1.game.title)
                return order == .orderedSame ? $0.id < $1.id : order == .orderedAscending
            }
        }
    }

    /// The words a game is found by: its title, genre, publisher and developer.
    public static func searchWords(of game: CatalogGame) -> [String] {
        SearchQuery.words(in: "\(game.title) \(game.genre) \(game.publisher) \(game.developer)")
    }
}
