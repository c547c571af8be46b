import GiveawaysDomain

/// What the Nearby page, the API and the CLI search with.
public struct NearbyServices: Sendable {
    /// Foursquare (with OpenStreetMap as its fallback) when the operator set a key; OpenStreetMap otherwise.
    public var places: any PlaceSource
    /// Where a search starts when the visitor gives no place (`--nearby-center`).
    public var defaultCenter: GeoPoint

    public init(places: any PlaceSource, defaultCenter: GeoPoint) {
        self.places = places
        self.defaultCenter = defaultCenter
    }

    /// A search of the page or the API: a typed search that finds nothing in the area asked for is widened
    /// (`WideningPlaceSearch`), paid from the request's client's share of searches; without a share, never widened.
    func search(_ query: PlaceQuery, share: NearbySearchShare?) async throws(PlaceSourceError) -> PlacePage {
        try await WideningPlaceSearch(source: places).search(query, mayWiden: { share?.takeOne() ?? false })
    }
}
