import Foundation
import GiveawaysDomain
import Synchronization

/// A `PlaceSource` that answers from memory, for route tests: each search gets `result` (a page or an error), and
/// every query is recorded.
public final class StubPlaceSource: PlaceSource {
    public let kind: PlaceSourceKind
    private let state: Mutex<(result: Result<PlacePage, PlaceSourceError>, queries: [PlaceQuery])>

    public init(_ result: Result<PlacePage, PlaceSourceError>, kind: PlaceSourceKind = .openStreetMap) {
        self.kind = kind
        state = Mutex((result, []))
    }

    public func set(_ result: Result<PlacePage, PlaceSourceError>) { state.withLock { $0.result = result } }

    public var queries: [PlaceQuery] { state.withLock { $0.queries } }

    public func search(_ query: PlaceQuery) async throws(PlaceSourceError) -> PlacePage {
        let result = state.withLock { state in
            state.queries.append(query)
            return state.result
        }
        return try result.get()
    }
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
}
