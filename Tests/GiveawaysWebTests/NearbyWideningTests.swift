import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import GiveawaysWeb

/// A typed search that finds nothing in view is widened to 25 km around the view's centre before anything says
/// "none" (issue 32), over the real sources and the fake Foursquare and Overpass: the page lists the store across
/// town and says it widened, in English and German, the API says so in `widenedRadius`, and the wider search goes
/// on page by page. Only a typed search that found nothing in view is widened.
@Suite struct NearbyWideningTests {
    enum Upstream: String, CaseIterable, Sendable {
        case foursquare, openStreetMap
    }

    static let key = "fsq3-widening-test-key"
    static let berlin = NearbyRouteTests.berlin
    /// The map's view at the default zoom around Berlin's centre (about 5 km a side), as the API's `bbox`.
    static let view = "52.505,13.38,52.535,13.43"

    /// One store in view, two "Retro Tresor"s across town (Spandau, 13.7 km; Tempelhof's south, 10.5 km), and one
    /// past 25 km (Potsdam, 27 km).
    static let stores: [(id: String, name: String, latitude: Double, longitude: Double)] = [
        ("5a187743ccad6b307315e6fe", "Level Up Games", 52.521, 13.41),
        ("5b0000000000000000000001", "Retro Tresor", 52.5365, 13.2040),
        ("5b0000000000000000000002", "Retro Tresor Outlet", 52.45, 13.30),
        ("5b0000000000000000000003", "Retro Tresor Potsdam", 52.40, 13.06),
    ]

    /// The page's id for the store at `index`, as `upstream` names it.
    static func id(_ index: Int, _ upstream: Upstream) -> String {
        upstream == .foursquare ? "fsq:\(stores[index].id)" : "osm:node/\(index + 1)"
    }

    /// Runs `body` with a source over the fake `upstream` holding `stores`; `asked` gives what each request asked
    /// upstream (Foursquare's query parameters, or Overpass's QL).
    static func withSource(
        _ upstream: Upstream,
        _ body: @Sendable (any PlaceSource, _ asked: @escaping @Sendable () -> [String]) async throws -> Void
    ) async throws {
        switch upstream {
        case .foursquare:
            let fake = FakeFoursquare(
                key: key,
                places: stores.map {
                    FakeFoursquare.place(
                        id: $0.id, name: $0.name, latitude: $0.latitude, longitude: $0.longitude,
                        categories: [(id: "4bf58dd8d48988d10b951735", name: "Video Games Store")])
                })
            try await fake.withServer { url in
                let source = FoursquarePlaceSource(
                    connections: .forTests, baseURL: url, key: key, userAgent: "GameGiveaways tests",
                    gate: PlaceSearchGate(limit: 4))
                try await body(source) {
                    fake.requests.map { $0.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }
                        .map { $0.joined(separator: "&") }
                }
            }
        case .openStreetMap:
            let fake = FakeOverpass(
                stores.enumerated().map { index, store in
                    .node(
                        Int64(index + 1), store.latitude, store.longitude, ["shop": "video_games", "name": store.name])
                })
            try await fake.withServer { url in
                let source = OverpassPlaceSource(
                    connections: .forTests, interpreterURL: url,
                    geocoder: NominatimGeocoder(
                        connections: .forTests, baseURL: URL(string: "http://127.0.0.1:9")!, userAgent: "test",
                        gate: PlaceSearchGate(limit: 4)),
                    userAgent: "GameGiveaways tests", gate: PlaceSearchGate(limit: 4))
                try await body(source) { fake.queries }
            }
        }
    }

    static func app(_ source: any PlaceSource) async throws -> some ApplicationProtocol {
        let harness = try await WebHarness(seed: false)
        var configuration = harness.configuration
        configuration.nearby = NearbyServices(places: source, defaultCenter: berlin)
        return harness.app(configuration: configuration)
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
    }

    @Test(arguments: Upstream.allCases)
    func aTypedSearchForAStoreAcrossTownIsWidenedOnThePage(_ upstream: Upstream) async throws {
        try await Self.withSource(upstream) { source, asked in
            try await Self.app(source).test(.router) { client in
                let (status, text) = try await client.execute(uri: "/nearby?q=Retro%20Tresor", method: .get) {
                    ($0.status, $0.text)
                }
                #expect(status == .ok)
                #expect(!text.contains("No game stores within this area"))
                #expect(
                    text.contains(
                        "data-state=\"widened\" data-widened-radius=\"25000\">Nothing in view — showing matches within 25 km.</p>"
                    ))
                // Nearest first on OpenStreetMap; Foursquare's own order otherwise. Never the one past 25 km.
                let ids = NearbyRouteTests().cardIDs(text)
                #expect(Set(ids) == [Self.id(2, upstream), Self.id(1, upstream)])
                // The view first, then 25 km around its centre: two requests upstream, the second the wider one.
                let requests = asked()
                try #require(requests.count == 2)
                switch upstream {
                case .foursquare:
                    #expect(requests[0].contains("ne=") && requests[0].contains("query=Retro Tresor"))
                    #expect(requests[1].contains("ll=52.520008,13.404954") && requests[1].contains("radius=25000"))
                    #expect(requests[1].contains("query=Retro Tresor"))
                case .openStreetMap:
                    #expect(!requests[0].contains("\"name\"~"))
                    // The wider area is asked by name only, within the 25 km square.
                    #expect(requests[1].contains(")->.k;(nwr.k[\"name\"~\"") && requests[1].contains("\",i];"))
                    #expect(requests[1].contains("(52.29543,13.03587"))
                }
                let german = try await client.execute(
                    uri: "/nearby?q=Retro%20Tresor", method: .get, headers: [.acceptLanguage: "de"]
                ) { $0.text }
                #expect(german.contains(">Nichts im sichtbaren Bereich — Treffer im Umkreis von 25 km.</p>"))
                #expect(NearbyRouteTests().cardIDs(german).count == 2)
            }
        }
    }

    @Test(arguments: Upstream.allCases)
    func theAPISaysItWidenedAndItsNextPagesGoOnThere(_ upstream: Upstream) async throws {
        try await Self.withSource(upstream) { source, _ in
            try await Self.app(source).test(.router) { client in
                let json: HTTPFields = [.accept: "application/json"]
                let first = try await client.execute(
                    uri: "/api/v1/nearby?bbox=\(Self.view)&q=retro%20tresor&limit=1", method: .get, headers: json
                ) { response in
                    #expect(response.status == .ok)
                    return try Self.json(response)
                }
                #expect(first["widenedRadius"] as? Int == 25_000)
                let firstIDs = (first["places"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
                #expect(firstIDs.count == 1)
                let next = try #require(first["next"] as? String)
                #expect(next.hasPrefix("wide."))
                let cursor = try #require(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
                let area = try #require(first["area"] as? [String: Double])
                #expect((area["north"] ?? 0) - (area["south"] ?? 0) > 0.4, "the wider area, not the view")
                let second = try await client.execute(
                    uri: "/api/v1/nearby?bbox=\(Self.view)&q=retro%20tresor&limit=1&cursor=\(cursor)", method: .get,
                    headers: json
                ) { response in
                    #expect(response.status == .ok)
                    return try Self.json(response)
                }
                #expect(second["widenedRadius"] as? Int == 25_000)
                let secondIDs = (second["places"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
                #expect(Set(firstIDs + secondIDs) == [Self.id(1, upstream), Self.id(2, upstream)])
                #expect(second["next"] is NSNull)
                // A search found in view is answered as asked.
                let inView = try await client.execute(
                    uri: "/api/v1/nearby?bbox=\(Self.view)&q=level%20up", method: .get, headers: json
                ) { try Self.json($0) }
                #expect(inView["widenedRadius"] is NSNull)
                #expect((inView["places"] as? [[String: Any]])?.first?["id"] as? String == Self.id(0, upstream))
            }
        }
    }

    @Test func onlyATypedSearchThatFindsNothingInViewIsWidened() async throws {
        let empty = StubPlaceSource(places: [])
        let app = try await Self.app(empty)
        try await app.test(.router) { client in
            for uri in [
                "/nearby", "/nearby?near=Berlin&q=retro", "/api/v1/nearby?bbox=\(Self.view)",
                "/api/v1/nearby?ll=52.52,13.4&radius=30000&q=retro", "/api/v1/nearby?near=Berlin&q=retro",
            ] {
                try await client.execute(uri: uri, method: .get, headers: [.accept: "application/json"]) {
                    #expect($0.status == .ok, "\(uri)")
                    #expect(!$0.text.contains("widened\""), "\(uri)")
                }
            }
            #expect(empty.queries.count == 5, "no second search")
            let (status, text) = try await client.execute(uri: "/nearby?ll=52.5,13.4&z=15&q=retro", method: .get) {
                ($0.status, $0.text)
            }
            // Nothing within 25 km either: said so, as the empty state's title.
            #expect(status == .ok)
            #expect(text.contains("data-state=\"empty\" data-widened") && text.contains("No matches within 25 km"))
            #expect(empty.queries.count == 7)
            guard case .around(let center, radius: 25_000)? = empty.queries.last?.area else {
                return #expect(Bool(false), "25 km around the view's centre")
            }
            #expect(center.distance(to: GeoPoint(latitude: 52.5, longitude: 13.4)!) < 1)
        }
        let found = StubPlaceSource()
        try await Self.app(found).test(.router) { client in
            try await client.execute(uri: "/nearby?q=pixel", method: .get) { #expect($0.status == .ok) }
        }
        #expect(found.queries.count == 1, "found in view: answered as asked")
    }

    @Test func aWiderSearchThatFailsLeavesTheViewsAnswer() async throws {
        let source = FailingWiderSource()
        try await Self.app(source).test(.router) { client in
            let text = try await client.execute(uri: "/nearby?q=retro", method: .get) {
                #expect($0.status == .ok)
                return $0.text
            }
            #expect(text.contains("No game stores within this area") && !text.contains("data-widened"))
        }
        #expect(source.asked.withLock { $0 } == 2)
    }

    @Test func aWideCursorThisSearchCouldNotHaveGivenIsRefused() async throws {
        let source = StubPlaceSource(places: [])
        try await Self.app(source).test(.router) { client in
            for uri in ["/api/v1/nearby?cursor=wide.osm.20", "/api/v1/nearby?near=Berlin&q=x&cursor=wide.osm.20"] {
                try await client.execute(uri: uri, method: .get, headers: [.accept: "application/json"]) {
                    #expect($0.status == .notFound, "\(uri)")
                }
            }
        }
        #expect(source.queries.isEmpty)
    }
}

/// Nothing in the view; the wider search fails.
final class FailingWiderSource: PlaceSource {
    let kind = PlaceSourceKind.openStreetMap
    let asked = Mutex(0)

    func search(_ query: PlaceQuery) async throws(PlaceSourceError) -> PlacePage {
        let count = asked.withLock {
            $0 += 1
            return $0
        }
        if count > 1 { throw .timedOut }
        return PlacePage(places: [], source: .openStreetMap)
    }
}
