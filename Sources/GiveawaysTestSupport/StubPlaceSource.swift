import Foundation
import GiveawaysDomain
import Synchronization

/// A `PlaceSource` that answers from memory, for route tests; every query is recorded. Either every search gets one
/// fixed `result` (a page or an error), or it pages through a list of places `pageSize` at a time (the cursor is
/// the offset as text), failing with `failure` when one is set and marking pages stale from `staleSince`.
public final class StubPlaceSource: PlaceSource {
    public let kind: PlaceSourceKind
    public let pageSize: Int
    private let state: Mutex<State>

    struct State {
        var result: Result<PlacePage, PlaceSourceError>?
        var places: [Place]
        var failure: PlaceSourceError?
        var staleSince: Date?
        var queries: [PlaceQuery] = []
    }

    /// Every search gets `result`.
    public init(_ result: Result<PlacePage, PlaceSourceError>, kind: PlaceSourceKind = .openStreetMap) {
        self.kind = kind
        pageSize = PlaceQuery.maximumLimit
        state = Mutex(State(result: result, places: []))
    }

    /// Searches page through `places`.
    public init(
        kind: PlaceSourceKind = .openStreetMap, places: [Place] = StubPlaceSource.berlin, pageSize: Int = 3,
        failure: PlaceSourceError? = nil, staleSince: Date? = nil
    ) {
        self.kind = kind
        self.pageSize = pageSize
        state = Mutex(State(places: places, failure: failure, staleSince: staleSince))
    }

    public func set(_ result: Result<PlacePage, PlaceSourceError>) { state.withLock { $0.result = result } }

    public func fail(with error: PlaceSourceError?) { state.withLock { $0.failure = error } }

    /// Every query asked so far, oldest first.
    public var queries: [PlaceQuery] { state.withLock { $0.queries } }

    public func search(_ query: PlaceQuery) async throws(PlaceSourceError) -> PlacePage {
        let current = state.withLock { state in
            state.queries.append(query)
            return state
        }
        if let result = current.result { return try result.get() }
        if let failure = current.failure { throw failure }
        let places = current.places
        let start = query.cursor.flatMap { Int($0.rawValue) } ?? 0
        guard start >= 0, start <= places.count else { throw .malformed("cursor past the end") }
        let end = min(places.count, start + pageSize)
        let next = end < places.count ? PlaceCursor(rawValue: String(end)) : nil
        let area: GeoArea
        switch query.area {
        case .box(let box): area = box
        case .around(let center, let radius): area = GeoArea(around: center, radius: Double(radius))
        case .named: area = GeoArea(around: GeoPoint(latitude: 52.52, longitude: 13.405)!, radius: 5000)
        }
        return PlacePage(
            places: Array(places[start..<end]), next: next, source: kind, area: area,
            staleSince: current.staleSince)
    }

    /// Four places in Berlin: a named store with everything known, an arcade with no name, a café with a hostile
    /// name and address, and a toy store.
    public static let berlin: [Place] = [
        Place.stub(
            id: "osm:node/1", name: "Pixel Palace", categories: [.videoGames], latitude: 52.521, longitude: 13.41,
            address: "Alexanderplatz 1, 10178 Berlin", distance: 420, isOpen: true, rating: 8.4),
        Place.stub(id: "osm:way/2", name: nil, categories: [.arcade], latitude: 52.515, longitude: 13.40),
        Place.stub(
            id: "osm:node/3", name: "<script>alert(1)</script> \"Café\" 'Quote'", categories: [.gamingCafe],
            latitude: 52.53, longitude: 13.39, address: "<b>Torstraße</b> 5", distance: 1280, isOpen: false),
        Place.stub(
            id: "osm:relation/4", name: "Spielzeug Schmidt", categories: [.toys], latitude: 52.50, longitude: 13.42),
    ]
}

extension Place {
    /// A place with defaults, for tests: an OpenStreetMap node near Berlin's centre.
    public static func stub(
        id: Int = 1, name: String? = "Pixel Laden", categories: [PlaceCategory] = [.videoGames],
        latitude: Double = 52.5219, longitude: Double = 13.4132, address: String? = nil, distance: Double? = 120,
        rating: Double? = nil
    ) -> Place {
        Place(
            id: "osm:node/\(id)", name: name, categories: categories, categoryNames: ["Video game store"],
            point: GeoPoint(latitude: latitude, longitude: longitude)!, address: address, distance: distance,
            rating: rating, sourceURL: URL(string: "https://www.openstreetmap.org/node/\(id)")!)
    }

    /// A place of any source by its full id (`osm:way/2`, `fsq:<id>`), with no category names of the source's own:
    /// the source link is Foursquare's for `fsq:`, OpenStreetMap's otherwise.
    public static func stub(
        id: String, name: String?, categories: [PlaceCategory] = [], latitude: Double, longitude: Double,
        address: String? = nil, distance: Double? = nil, isOpen: Bool? = nil, rating: Double? = nil
    ) -> Place {
        let source =
            id.hasPrefix("fsq:")
            ? "https://foursquare.com/v/\(id.dropFirst(4))"
            : "https://www.openstreetmap.org/\(id.dropFirst(4))"
        return Place(
            id: id, name: name, categories: categories, point: GeoPoint(latitude: latitude, longitude: longitude)!,
            address: address, distance: distance, isOpen: isOpen, rating: rating, sourceURL: URL(string: source)!)
    }
}
