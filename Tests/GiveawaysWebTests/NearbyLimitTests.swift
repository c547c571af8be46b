import Foundation
import GiveawaysDomain
import GiveawaysHTTP
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
        // Places found in view: one search each (none widened).
        configuration.nearby = NearbyServices(
            places: StubPlaceSource(.success(PlacePage(places: [.stub()], source: .openStreetMap))),
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

    /// A typed search widened past the view (issue 32) is a second search upstream: it is paid from the same share,
    /// and with none left the search is answered as asked, without it.
    @Test func aWidenedSearchIsPaidFromTheClientsShare() async throws {
        let harness = try await WebHarness(seed: false)
        var configuration = harness.configuration
        let source = StubPlaceSource(places: [])
        configuration.nearby = NearbyServices(places: source, defaultCenter: NearbyRouteTests.berlin)
        try await harness.app(configuration: configuration).test(.router) { client in
            let greedy: HTTPFields = [ClientAddress.forwardedFor: "198.51.100.9"]
            // 29 typed searches that find nothing in view, each widened: 58 of the 60.
            for n in 0..<29 {
                try await client.execute(uri: "/api/v1/nearby?q=shop\(n)&radius=1000", method: .get, headers: greedy) {
                    #expect($0.status == .ok)
                    #expect($0.text.contains("25000"), "widened")
                }
            }
            #expect(source.queries.count == 58)
            // The 59th and 60th: one more typed search is widened, then none is left for another.
            try await client.execute(uri: "/nearby?q=last", method: .get, headers: greedy) {
                #expect($0.status == .ok && $0.text.contains("data-widened"))
            }
            try await client.execute(uri: "/api/v1/nearby?q=shop&radius=1000", method: .get, headers: greedy) {
                #expect($0.status == .tooManyRequests)
            }
            #expect(source.queries.count == 60)
            // Another client's searches are widened as ever.
            try await client.execute(
                uri: "/nearby?q=last", method: .get, headers: [ClientAddress.forwardedFor: "198.51.100.10"]
            ) { #expect($0.text.contains("data-widened")) }
        }
    }

    /// With one search left, a typed search is made as asked and not widened.
    @Test func withoutASearchLeftATypedSearchIsNotWidened() async throws {
        let harness = try await WebHarness(seed: false)
        var configuration = harness.configuration
        let source = StubPlaceSource(places: [])
        configuration.nearby = NearbyServices(places: source, defaultCenter: NearbyRouteTests.berlin)
        try await harness.app(configuration: configuration).test(.router) { client in
            let greedy: HTTPFields = [ClientAddress.forwardedFor: "198.51.100.11"]
            for _ in 0..<59 {
                try await client.execute(uri: "/nearby", method: .get, headers: greedy) { #expect($0.status == .ok) }
            }
            try await client.execute(uri: "/nearby?q=retro", method: .get, headers: greedy) {
                #expect($0.status == .ok)
                #expect($0.text.contains("No game stores within this area") && !$0.text.contains("data-widened"))
            }
            #expect(source.queries.count == 60, "the 60th search, not widened")
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
