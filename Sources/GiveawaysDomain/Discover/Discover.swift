import Foundation

/// A RAWG genre, as Discover's tiles show it.
public struct DiscoverGenre: Hashable, Sendable {
    public var id: Int
    public var name: String
    public var slug: String
    public var gamesCount: Int
    public var imageURL: URL?

    public init(id: Int, name: String, slug: String, gamesCount: Int = 0, imageURL: URL? = nil) {
        self.id = id
        self.name = name
        self.slug = slug
        self.gamesCount = gamesCount
        self.imageURL = imageURL
    }
}

/// A RAWG game in a list, or the start of its detail.
public struct DiscoverGame: Hashable, Sendable {
    public var id: Int
    public var name: String
    public var released: CatalogDate?
    public var imageURL: URL?
    /// 0–5, or `nil` when nobody rated it.
    public var rating: Double?
    public var metacritic: Int?
    public var platforms: [String]
    public var genres: [String]

    public init(
        id: Int, name: String, released: CatalogDate? = nil, imageURL: URL? = nil, rating: Double? = nil,
        metacritic: Int? = nil, platforms: [String] = [], genres: [String] = []
    ) {
        self.id = id
        self.name = name
        self.released = released
        self.imageURL = imageURL
        self.rating = rating
        self.metacritic = metacritic
        self.platforms = platforms
        self.genres = genres
    }
}

/// One page of a genre's games.
public struct DiscoverPage: Hashable, Sendable {
    public var games: [DiscoverGame]
    public var total: Int
    public var hasNext: Bool

    public init(games: [DiscoverGame], total: Int, hasNext: Bool) {
        self.games = games
        self.total = total
        self.hasNext = hasNext
    }
}

/// The order of a list of games: what the visitor picks on Games, and RAWG's `ordering` for it.
public enum GameOrdering: String, CaseIterable, Hashable, Sendable {
    /// Most added to RAWG users' libraries first: RAWG's own "popular".
    case popular
    /// Best rated first.
    case rating
    /// Newest release first.
    case released
    /// By name, A to Z.
    case name

    /// RAWG's `ordering` value.
    public var rawgValue: String {
        switch self {
        case .popular: "-added"
        case .rating: "-rating"
        case .released: "-released"
        case .name: "name"
        }
    }
}

/// A page of RAWG's games: the popular feed in an ordering, or the games whose name matches a search.
public struct GameQuery: Hashable, Sendable {
    /// What a search may be at most, in characters: a longer one is refused, never sent.
    public static let maxSearchLength = Defaults.maxSearchLength
    /// The last page a visitor may ask for (RAWG's own lists end well before it).
    public static let maxPage = 500
    /// Games on a page.
    public static let pageSize = 20

    /// The words searched for, trimmed; `nil` for the feed.
    public var search: String?
    /// A RAWG genre's slug, to narrow the feed or the search to it (the API's `genre`).
    public var genre: String?
    public var ordering: GameOrdering
    public var page: Int

    /// `search` is trimmed; an empty one is no search.
    public init(search: String? = nil, genre: String? = nil, ordering: GameOrdering = .popular, page: Int = 1) {
        let trimmed = search?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.search = trimmed?.isEmpty == false ? trimmed : nil
        self.genre = genre
        self.ordering = ordering
        self.page = page
    }
}

/// A RAWG game's page: the list fields plus text and credits.
public struct DiscoverGameDetail: Hashable, Sendable {
    public var game: DiscoverGame
    /// Plain text paragraphs (RAWG's `description_raw`, or its HTML reduced to text).
    public var description: String
    public var website: URL?
    public var developers: [String]
    public var publishers: [String]

    public init(
        game: DiscoverGame, description: String = "", website: URL? = nil, developers: [String] = [],
        publishers: [String] = []
    ) {
        self.game = game
        self.description = description
        self.website = website
        self.developers = developers
        self.publishers = publishers
    }
}

/// An answer from RAWG, and whether it came from the local cache after RAWG failed.
public struct DiscoverAnswer<Value: Sendable>: Sendable {
    public var value: Value
    /// When the cached copy was fetched, if RAWG failed and this is that copy.
    public var staleSince: Date?

    public init(value: Value, staleSince: Date? = nil) {
        self.value = value
        self.staleSince = staleSince
    }
}
