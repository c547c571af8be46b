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

    /// This server's own queue of searches is full (`PlaceSearchGate`): a 503 with Retry-After, in the page's
    /// language on the page and as JSON on the API, and nothing shown as the source's fault.
    @Test func aFullQueueOfSearchesIsA503WithRetryAfterOnThePageAndTheAPI() async throws {
        let harness = try await WebHarness(seed: false)
        var configuration = harness.configuration
        configuration.nearby = NearbyServices(
            places: StubPlaceSource(.failure(.busy(retryAfter: 4.2))), defaultCenter: NearbyRouteTests.berlin)
        try await harness.app(configuration: configuration).test(.router) { client in
            for (language, sentence) in [
                ("en", "Too many searches are waiting on this server just now. Try again in 5 s."),
                ("de", "Auf diesem Server warten gerade zu viele Suchen. Versuch es in 5 s noch einmal."),
            ] {
                try await client.execute(uri: "/nearby?q=x", method: .get, headers: [.acceptLanguage: language]) {
                    #expect($0.status == .serviceUnavailable)
                    #expect($0.headers[.retryAfter] == "5")
                    #expect($0.text.contains("data-state=\"busy\"") && $0.text.contains(sentence), "\(language)")
                    #expect($0.text.contains("<html lang=\"\(language)\">"))
                }
            }
            try await client.execute(uri: "/api/v1/nearby?q=x", method: .get, headers: [.accept: "application/json"]) {
                #expect($0.status == .serviceUnavailable)
                #expect($0.headers[.retryAfter] == "5")
                #expect($0.headers[.contentType]?.hasPrefix("application/json") == true)
                #expect($0.text.contains("Too many place searches are waiting on this server"))
            }
        }
    }
}
