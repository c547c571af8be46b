import Foundation
import GiveawaysAPI
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import GiveawaysViews
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysWeb

/// `GET /api/v1/nearby`: its parameters checked as `openapi.yaml` says (400 JSON for anything else), one page of
/// places with `null` for what is unknown, and each failure of the source as its own JSON error without the key.
@Suite struct NearbyAPIRouteTests {
    static let center = GeoPoint(latitude: 48.137, longitude: 11.575)!

    static func get(
        _ uri: String, source: any PlaceSource, nearbyOn: Bool = true,
        check: @escaping @Sendable (TestResponse) throws -> Void
    ) async throws {
        let harness = try await WebHarness()
        var configuration = harness.configuration
        configuration.nearby = nearbyOn ? NearbyServices(places: source, defaultCenter: center) : nil
        try await harness.app(configuration: configuration).test(.router) { client in
            try await client.execute(uri: uri, method: .get, headers: [.accept: "application/json"]) { try check($0) }
        }
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
    }

    @Test func aPageOfPlacesComesWithItsSourceAndNullsForTheUnknown() async throws {
        let source = StubPlaceSource(
            .success(
                PlacePage(places: [.stub(name: nil)], next: PlaceCursor(rawValue: "osm.20"), source: .openStreetMap)))
        try await Self.get(
            "/api/v1/nearby?ll=52.52,13.405&radius=2000&cat=arcade,video-games&q=%20retro%20&limit=5", source: source
        ) { response in
            #expect(response.status == .ok)
            let body = try Self.json(response)
            #expect(body["source"] as? String == "openstreetmap" && body["next"] as? String == "osm.20")
            #expect((body["attribution"] as? String)?.contains("OpenStreetMap contributors") == true)
            let place = try #require((body["places"] as? [[String: Any]])?.first)
            #expect(place["name"] is NSNull && place["rating"] is NSNull && place["isOpen"] is NSNull)
            #expect(place["id"] as? String == "osm:node/1" && place["distance"] as? Int == 120)
            #expect(body["staleSince"] is NSNull && body["area"] is NSNull && body["widenedRadius"] is NSNull)
        }
        let query = try #require(source.queries.first)
        #expect(query.area == .around(GeoPoint(latitude: 52.52, longitude: 13.405)!, radius: 2000))
        #expect(query.categories == [.arcade, .videoGames] && query.text == "retro" && query.limit == 5)
    }

    @Test func theAreaIsLlThenBboxThenNearThenTheDefaultCentre() async throws {
        let source = StubPlaceSource(.success(PlacePage(places: [], source: .openStreetMap)))
        for uri in [
            "/api/v1/nearby?ll=1,2&bbox=10,10,11,11&near=Berlin", "/api/v1/nearby?bbox=11,12,10,10&near=Berlin",
            "/api/v1/nearby?near=Berlin", "/api/v1/nearby", "/api/v1/nearby?bbox=5,5,5,5",
        ] {
            try await Self.get(uri, source: source) { #expect($0.status == .ok) }
        }
        let areas = source.queries.map(\.area)
        #expect(areas[0] == .around(GeoPoint(latitude: 1, longitude: 2)!, radius: Defaults.nearbyRadius))
        #expect(areas[1] == .box(GeoArea(south: 10, west: 10, north: 11, east: 12)!))
        #expect(areas[2] == .named("Berlin"))
        #expect(areas[3] == .around(Self.center, radius: Defaults.nearbyRadius))
        guard case .box(let point) = areas[4] else { return #expect(Bool(false), "a point box is a box") }
        #expect(point.contains(GeoPoint(latitude: 5, longitude: 5)!))
    }

    @Test(arguments: [
        "ll=", "bbox=", "cursor=", "ll=91,0", "ll=52.52", "ll=%2052.52,13.4", "ll=52.52,13.4,1", "ll=NaN,1",
        "bbox=1,2,3", "bbox=1,2,3,200",
        "radius=0", "radius=100001", "cat=arcade,bogus", "cat=", "cursor=abc", "cursor=osm.12345", "limit=0",
        "limit=51", "near=" + String(repeating: "a", count: 101), "q=" + String(repeating: "é", count: 101),
    ])
    func aBadParameterIsA400ThatSaysWhy(_ parameter: String) async throws {
        let source = StubPlaceSource(.success(PlacePage(places: [], source: .openStreetMap)))
        let uri = "/api/v1/nearby?" + parameter
        try await Self.get(uri, source: source) { response in
            if parameter == "cat=" {
                #expect(response.status == .ok)
                return
            }
            #expect(response.status == .badRequest)
            let body = try Self.json(response)
            #expect(body["status"] as? Int == 400 && (body["error"] as? String)?.isEmpty == false)
        }
        #expect(source.queries.count == (parameter == "cat=" ? 1 : 0))
    }

    @Test(arguments: [
        (PlaceSourceError.refusedKey, 503), (.rateLimited(retryAfter: 11.2), 503), (.unavailable(status: 500), 502),
        (.unreachable, 502), (.timedOut, 504), (.malformed("x"), 502), (.unknownPlace, 404),
        (.unavailable(status: 400), 404),
    ])
    func eachFailureOfTheSourceIsItsOwnJSONError(failure: PlaceSourceError, status: Int) async throws {
        try await Self.get("/api/v1/nearby?near=Atlantis", source: StubPlaceSource(.failure(failure))) { response in
            #expect(Int(response.status.code) == status)
            let body = try Self.json(response)
            #expect(body["status"] as? Int == status)
            if case .rateLimited = failure { #expect(response.headers[.retryAfter] == "12") }
        }
    }

    @Test func withoutNearbyTheAPISaysItIsNotSetUp() async throws {
        let source = StubPlaceSource(.success(PlacePage(places: [], source: .openStreetMap)))
        try await Self.get("/api/v1/nearby", source: source, nearbyOn: false) { response in
            #expect(response.status == .serviceUnavailable)
            let body = try Self.json(response)
            #expect((body["error"] as? String)?.contains("not set up") == true)
        }
    }

    @Test func aRefusedKeyEchoedByFoursquareNeverReachesTheAnswer() async throws {
        let key = "FSQ-ECHOED-SECRET-0123456789"
        let fake = FakeFoursquare(key: key)
        fake.misbehave(.answer(status: 401, body: #"{"message":"Invalid request token \#(key)"}"#))
        try await fake.withServer { url in
            let source = FoursquarePlaceSource(
                connections: .forTests, baseURL: url, key: key, userAgent: "test", gate: PlaceSearchGate(limit: 4))
            try await Self.get("/api/v1/nearby?ll=52.5,13.4", source: source) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(!String(buffer: response.body).contains(key))
                #expect(!response.headers.contains { $0.value.contains(key) })
            }
        }
        #expect(fake.requests.first?.headers["authorization"] == "Bearer \(key)")
    }
}

extension NearbyAPIRouteTests {
    @Test func theParametersPatternsAreTheDocumentsOwn() {
        let document = String(decoding: APIDocument.yaml, as: UTF8.self)
        for pattern in [NearbyParameters.pointPattern, NearbyParameters.boxPattern, NearbyParameters.cursorPattern] {
            #expect(document.contains("pattern: '\(pattern)'"), "\(pattern)")
        }
    }
}
