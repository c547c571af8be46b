import Foundation

// Every upstream seam in this one file: what GiveawaysData (and the web target for Nearby) implements over HTTP
// and the tests fake.

/// Where fresh giveaways come from: the GamerPower API in production, a fake in tests.
public protocol GiveawaySource: Sendable {
    /// Fetches every live giveaway. An empty answer is a valid, empty feed; failures throw.
    func fetchGiveaways() async throws -> [Giveaway]
}

/// Where the catalog comes from: FreeToGame in production, a fake in tests.
public protocol CatalogSource: Sendable {
    /// The whole catalog, in the upstream's popularity order.
    func fetchCatalog() async throws -> [CatalogGame]
    /// One game's detail.
    func fetchDetail(id: Int) async throws -> CatalogGameDetail
}

/// RAWG as Discover reads it (cached and paced by the implementation). A call made for a visitor carries the
/// visitor's share of the month's allowance (`UpstreamShare`): a cached answer costs nothing, and a request RAWG
/// would be asked for is paid from the share, or not made.
public protocol DiscoverSource: Sendable {
    func genres() async throws -> DiscoverAnswer<[DiscoverGenre]>
    func games(genre: String, page: Int, share: UpstreamShare?) async throws -> DiscoverAnswer<DiscoverPage>
    /// The popular feed in an ordering, or a search by name (`GameQuery.pageSize` a page).
    func games(_ query: GameQuery, share: UpstreamShare?) async throws -> DiscoverAnswer<DiscoverPage>
    func game(id: Int, share: UpstreamShare?) async throws -> DiscoverAnswer<DiscoverGameDetail>
    /// The requests made to RAWG in `now`'s month (`RAWGAllowance`), when this source counts them.
    func requestsThisMonth(at now: Date) async -> Int?
    /// A game's screenshots (at most 12), when the source has them.
    func screenshots(ofGame id: Int, share: UpstreamShare?) async throws -> DiscoverAnswer<[URL]>
}

extension DiscoverSource {
    public func requestsThisMonth(at now: Date) async -> Int? { nil }
    public func screenshots(ofGame id: Int, share: UpstreamShare?) async throws -> DiscoverAnswer<[URL]> {
        DiscoverAnswer(value: [])
    }

    // The server's own calls (an image looked up in an answer just shown, the CLI) are paid by no one.
    public func games(genre: String, page: Int) async throws -> DiscoverAnswer<DiscoverPage> {
        try await games(genre: genre, page: page, share: nil)
    }
    public func games(_ query: GameQuery) async throws -> DiscoverAnswer<DiscoverPage> {
        try await games(query, share: nil)
    }
    public func game(id: Int) async throws -> DiscoverAnswer<DiscoverGameDetail> { try await game(id: id, share: nil) }
    public func screenshots(ofGame id: Int) async throws -> DiscoverAnswer<[URL]> {
        try await screenshots(ofGame: id, share: nil)
    }
}

/// One client's share of an upstream's allowance (RAWG's 20,000 requests a month): each request the upstream is
/// actually asked for takes one from it, so one client searching word after word cannot spend the month for
/// everyone. The web server keeps a bucket per client address and hands each request its client's share.
public struct UpstreamShare: Sendable {
    private let take: @Sendable () -> Date?

    /// - Parameter take: takes one request from the share; `nil` when there was one, else when the next comes.
    public init(take: @escaping @Sendable () -> Date?) {
        self.take = take
    }

    /// Takes one request; `nil` when the share had one, else when the next one comes.
    public func spendOne() -> Date? { take() }
}

/// The client's share of an upstream's allowance is spent for now, and no copy of the answer was kept.
public struct UpstreamShareSpent: Error, Sendable {
    /// When the share has a request again.
    public let retryAt: Date

    public init(retryAt: Date) {
        self.retryAt = retryAt
    }
}

/// Searches places. Implementations: Foursquare (with the operator's key), OpenStreetMap (Overpass + Nominatim),
/// and a fallback that tries the first and then the second.
public protocol PlaceSource: Sendable {
    /// The source a successful page comes from (a fallback reports the one that answered, in `PlacePage.source`).
    var kind: PlaceSourceKind { get }
    func search(_ query: PlaceQuery) async throws(PlaceSourceError) -> PlacePage
}

/// A store's own front, read first-hand (Epic, Epic mobile, Steam, GOG): a real client in production, a fake in
/// tests.
public protocol StoreOfferSource: Sendable {
    var store: FirstHandStore { get }
    /// The store's offers now, free and announced. `known` are the offers kept from the last sync (a client that
    /// must ask a page per offer for its end asks only for the new ones). Throws `StoreFetchFailure` when the store
    /// failed or its answer is no answer: the last good offers stay.
    func fetchOffers(now: Date, known: [OfferRecord]) async throws(StoreFetchFailure) -> [StoreOffer]
}

/// Why a store gave no usable answer, and when it asked to be asked again (`Retry-After`), if it did.
public struct StoreFetchFailure: Error, CustomStringConvertible, Sendable {
    public var reason: String
    /// The store's `Retry-After`, as a moment: no request to it before then.
    public var retryAfter: Date?

    public init(_ reason: String, retryAfter: Date? = nil) {
        self.reason = reason
        self.retryAfter = retryAfter
    }

    public var description: String { reason }
}

/// A visitor's Steam library, read without their password: Steam's Web API with the operator's key in production, a
/// fake in tests. Every failure is one of `SteamLibraryFailure` (no upstream text, so nothing can carry the key).
public protocol SteamLibrarySource: Sendable {
    /// The SteamID64 a visitor's input names (a custom URL name is resolved by Steam).
    func steamID(for input: SteamProfileInput) async throws(SteamLibraryFailure) -> String
    /// The games the profile owns, free games played included; at most `OwnedLibrary.maxGames`.
    func ownedGames(of steamID: String) async throws(SteamLibraryFailure) -> [OwnedGame]
}
