import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysWeb

/// One meaning per failure (issue 32): `/nearby` and `/api/v1/nearby` answer the same failure of the places source
/// with the same status and `Retry-After` — 502 for a source that failed or cannot be reached, 504 for one that
/// did not answer in time, 503 when this server cannot search now, 404 for a name or a cursor the source refuses.
@Suite struct NearbyFailureStatusTests {
    static let seen = PlaceIDsSeen(
        ids: ["fsq:4b0588f4f964a520"], seenAt: Date(timeIntervalSince1970: 0), source: .foursquare)

    /// Each failure with the page's and the API's query strings (the same search) and the status both must give.
    static let cases: [(PlaceSourceError, String, Int, String?)] = [
        (.unavailable(status: 500), "q=x", 502, nil),
        (.unavailable(status: 400), "q=x", 502, nil),
        (.unreachable, "q=x", 502, nil),
        (.malformed("not JSON"), "q=x", 502, nil),
        (.onlyIDsKept(seen, reason: .unreachable), "q=x", 502, nil),
        (.timedOut, "q=x", 504, nil),
        (.onlyIDsKept(seen, reason: .timedOut), "q=x", 504, nil),
        (.refusedKey, "q=x", 503, nil),
        (.rateLimited(retryAfter: 12.2), "q=x", 503, "13"),
        (.rateLimited(retryAfter: nil), "q=x", 503, nil),
        (.busy(retryAfter: 4.2), "q=x", 503, "5"),
        (.unknownPlace, "near=Atlantis", 404, nil),
        (.unavailable(status: 400), "near=Atlantis", 404, nil),
        (.unavailable(status: 400), "cursor=osm.20", 404, nil),
    ]

    /// The status (and `Retry-After`) of the page and of the API for `query` over `source`.
    static func statuses(_ source: any PlaceSource, _ query: String) async throws -> [(Int, String?)] {
        let harness = try await WebHarness(seed: false)
        var configuration = harness.configuration
        configuration.nearby = NearbyServices(places: source, defaultCenter: NearbyRouteTests.berlin)
        return try await harness.app(configuration: configuration).test(.router) { client in
            var statuses: [(Int, String?)] = []
            for (uri, accept) in [("/nearby?\(query)", "text/html"), ("/api/v1/nearby?\(query)", "application/json")] {
                try await client.execute(uri: uri, method: .get, headers: [.accept: accept]) {
                    statuses.append((Int($0.status.code), $0.headers[.retryAfter]))
                }
            }
            return statuses
        }
    }

    @Test(arguments: cases.indices)
    func thePageAndTheAPIGiveTheSameStatusForEachFailure(_ index: Int) async throws {
        let (failure, query, status, retryAfter) = Self.cases[index]
        let statuses = try await Self.statuses(StubPlaceSource(.failure(failure)), query)
        #expect(statuses.map(\.0) == [status, status], "\(failure) for \(query): page, API")
        #expect(statuses.map(\.1) == [retryAfter, retryAfter], "\(failure): Retry-After")
    }

    /// Through the real HTTP side (`PlaceHTTP`): an Overpass that never answers is 504 on both, one whose port
    /// refuses the connection is 502 on both.
    @Test func aSourceThatStallsIs504AndOneThatCannotBeReachedIs502OnBoth() async throws {
        @Sendable func overpass(_ url: URL) -> OverpassPlaceSource {
            OverpassPlaceSource(
                connections: .forTests, interpreterURL: url,
                geocoder: NominatimGeocoder(
                    connections: .forTests, baseURL: URL(string: "http://127.0.0.1:9")!, userAgent: "test",
                    gate: PlaceSearchGate(limit: 4)),
                userAgent: "GameGiveaways tests", timeout: .milliseconds(700), gate: PlaceSearchGate(limit: 4))
        }
        let stalling = FakeOverpass()
        stalling.misbehave(.stall(seconds: 30))
        try await stalling.withServer { url in
            let statuses = try await Self.statuses(overpass(url), "ll=52.52,13.4&z=15")
            #expect(statuses.map(\.0) == [504, 504])
        }
        let refused = try await Self.statuses(overpass(URL(string: "http://127.0.0.1:9/api/interpreter")!), "z=15")
        #expect(refused.map(\.0) == [502, 502])
    }
}
