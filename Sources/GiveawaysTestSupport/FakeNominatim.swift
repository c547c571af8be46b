import Foundation
import Hummingbird

/// A real HTTP server on 127.0.0.1 that plays Nominatim's `GET /search?q=…&format=jsonv2&limit=1`: the places it
/// knows by name (case-insensitive) in Nominatim's shape — numbers as strings, the bounding box ordered south,
/// north, west, east — an empty array for any other name, and faults on demand.
public final class FakeNominatim: Sendable {
    /// A place the fake knows: its centre and bounding box.
    public struct Known: Sendable {
        public var latitude: Double
        public var longitude: Double
        public var south: Double
        public var north: Double
        public var west: Double
        public var east: Double

        public init(latitude: Double, longitude: Double, south: Double, north: Double, west: Double, east: Double) {
            self.latitude = latitude
            self.longitude = longitude
            self.south = south
            self.north = north
            self.west = west
            self.east = east
        }
    }

    /// Berlin, as Nominatim sends it (a small box around the centre here, so fixtures stay close).
    public static let berlin = Known(
        latitude: 52.5170365, longitude: 13.3888599, south: 52.47, north: 52.57, west: 13.30, east: 13.48)

    private let known: [String: Known]
    private let script = FakeUpstreamScript()

    public init(_ known: [String: Known] = ["berlin": berlin]) {
        self.known = Dictionary(known.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    }

    public func misbehave(_ standing: FakeFault?, script: [FakeFault?] = []) {
        self.script.set(standing, script: script)
    }

    public var requests: [FakeRequest] { script.requests }

    /// Runs `body` with the server listening on a free loopback port; the argument is its base URL.
    public func withServer<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        router.get("search") { request, _ -> Response in
            let (recorded, fault) = try await self.script.next(request)
            if let fault { return try await self.script.respond(to: fault) }
            guard let place = self.known[(recorded.query["q"] ?? "").lowercased()] else {
                return FakeUpstreamScript.json("[]")
            }
            let strings = [place.south, place.north, place.west, place.east].map { String($0) }
            return FakeUpstreamScript.json(
                FakeUpstreamScript.encode([
                    [
                        "place_id": 1, "lat": String(place.latitude), "lon": String(place.longitude),
                        "display_name": recorded.query["q"] ?? "", "boundingbox": strings,
                    ]
                ]))
        }
        return try await script.serve(router, body)
    }
}
