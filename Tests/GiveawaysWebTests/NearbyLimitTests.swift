import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysWeb

/// Each client's share of Nearby's upstream budget: past 60 searches at once a client gets a 429 with Retry-After
/// (HTML on the page, JSON on the API), and another client is not held up by it.
@Suite struct NearbyLimitTests {
    @Test func oneClientPastItsShareOfSearchesIsToldToWaitAndOthersAreNot() async throws {
        let harness = try await WebHarness(seed: false)
        var configuration = harness.configuration
        configuration.nearby = NearbyServices(
            places: StubPlaceSource(.success(PlacePage(places: [], source: .openStreetMap))),
            defaultCenter: NearbyRouteTests.berlin)
        try await harness.app(configuration: configuration).test(.router) { client in
            let greedy: HTTPFields = [ClientAddress.forwardedFor: "198.51.100.7"]
            for n in 0..<60 {
                let path = n.isMultiple(of: 2) ? "/nearby?q=shop\(n)" : "/api/v1/nearby?q=shop\(n)"
                try await client.execute(uri: path, method: .get, headers: greedy) {
                    #expect($0.status == .ok, "\(path)")
                }
            }
            try await client.execute(uri: "/nearby?q=one-more", method: .get, headers: greedy) { response in
                #expect(response.status == .tooManyRequests)
                #expect(response.headers[.retryAfter] == "1")
                #expect(response.text.contains("a lot of searching"))
            }
            try await client.execute(uri: "/api/v1/nearby?q=one-more", method: .get, headers: greedy) { response in
                #expect(response.status == .tooManyRequests)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            }
            let other: HTTPFields = [ClientAddress.forwardedFor: "198.51.100.8"]
            try await client.execute(uri: "/nearby?q=shop", method: .get, headers: other) { #expect($0.status == .ok) }
            // Pages that are not Nearby's are not counted.
            try await client.execute(uri: "/", method: .get, headers: greedy) { #expect($0.status == .ok) }
        }
    }
}
