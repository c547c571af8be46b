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

/// RAWG as Discover reads it (cached and paced by the implementation).
public protocol DiscoverSource: Sendable {
    func genres() async throws -> DiscoverAnswer<[DiscoverGenre]>
    func games(genre: String, page: Int) async throws -> DiscoverAnswer<DiscoverPage>
    func game(id: Int) async throws -> DiscoverAnswer<DiscoverGameDetail>
}

/// Searches places. Implementations: Foursquare (with the operator's key), OpenStreetMap (Overpass + Nominatim),
/// and a fallback that tries the first and then the second.
public protocol PlaceSource: Sendable {
    /// The source a successful page comes from (a fallback reports the one that answered, in `PlacePage.source`).
    var kind: PlaceSourceKind { get }
    func search(_ query: PlaceQuery) async throws(PlaceSourceError) -> PlacePage
}
