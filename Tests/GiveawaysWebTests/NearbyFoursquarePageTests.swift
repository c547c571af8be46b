import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysWeb

/// `/nearby` over the real Foursquare source and the fake Foursquare: its places link to Foursquare, the page credits
/// it, and the operator's key is never in a page, whether Foursquare takes it or refuses it.
@Suite struct NearbyFoursquarePageTests {
    static let key = "fsq3-page-test-secret-key-0042"
    static let places = [
        FakeFoursquare.place(
            id: "5a187743ccad6b307315e6fe", name: "Level Up Games", latitude: 52.521, longitude: 13.41,
            categories: [(id: "4bf58dd8d48988d10b951735", name: "Video Games Store")], address: "Torstraße 1")
    ]

    func page(key: String) async throws -> (status: HTTPResponse.Status, text: String) {
        let fake = FakeFoursquare(key: Self.key, places: Self.places)
        return try await fake.withServer { url in
            let source = FoursquarePlaceSource(
                connections: .forTests, baseURL: url, key: key, userAgent: "GameGiveaways tests")
            let harness = try await WebHarness(seed: false)
            var configuration = harness.configuration
            configuration.nearby = NearbyServices(places: source, defaultCenter: NearbyRouteTests.berlin)
            return try await harness.app(configuration: configuration).test(.router) { client in
                try await client.execute(uri: "/nearby?view=map", method: .get) { ($0.status, $0.text) }
            }
        }
    }

    @Test func foursquarePlacesLinkToFoursquareAndTheKeyStaysOnTheServer() async throws {
        let page = try await page(key: Self.key)
        #expect(page.status == .ok)
        #expect(page.text.contains("data-place-id=\"fsq:5a187743ccad6b307315e6fe\""))
        #expect(page.text.contains("href=\"https://foursquare.com/v/5a187743ccad6b307315e6fe\""))
        #expect(page.text.contains("data-source=\"foursquare\""))
        #expect(!page.text.contains(Self.key))
    }

    @Test func aRefusedKeyIsSaidWithoutTheKey() async throws {
        let wrong = "fsq3-WRONG-page-test-key-9999"
        let page = try await page(key: wrong)
        #expect(page.status == .serviceUnavailable, "as the API says it")
        #expect(page.text.contains("data-state=\"refused-key\""))
        #expect(page.text.contains("refused this server’s key"))
        #expect(!page.text.contains(wrong) && !page.text.contains(Self.key))
    }

    @Test func whenFoursquareAndTheFallbackFailThePlacesSeenAreListedByIdWithReconnect() async throws {
        let fake = FakeFoursquare(key: Self.key, places: Self.places)
        try await fake.withServer { url in
            let foursquare = FoursquarePlaceSource(
                connections: .forTests, baseURL: url, key: Self.key, userAgent: "GameGiveaways tests", cacheLifetime: 0,
                gate: PlaceSearchGate(limit: 4))
            let source = FallbackPlaceSource(primary: foursquare, fallback: StubPlaceSource(failure: .unreachable))
            let harness = try await WebHarness(seed: false)
            var configuration = harness.configuration
            configuration.nearby = NearbyServices(places: source, defaultCenter: NearbyRouteTests.berlin)
            try await harness.app(configuration: configuration).test(.router) { client in
                let uri = "/nearby?ll=52.52,13.405&z=15"
                let online = try await client.execute(uri: uri, method: .get) { $0.text }
                #expect(online.contains("Level Up Games"))
                fake.misbehave(.answer(status: 503, body: "{}"))
                for (language, title, sentence) in [
                    ("en", "Reconnect to see details", "This is the place listed here on"),
                    ("de", "Verbinde dich wieder, um Details zu sehen", "Das ist der Ort, der hier am"),
                ] {
                    let (status, text) = try await client.execute(
                        uri: uri, method: .get, headers: [.acceptLanguage: language]
                    ) { ($0.status, $0.text) }
                    #expect(status == .badGateway, "the fallback's failure: no connection")
                    #expect(text.contains("data-state=\"ids-only\""))
                    #expect(text.contains(title) && text.contains(sentence), "\(language)")
                    #expect(
                        text.contains(
                            "<li data-place-id=\"fsq:5a187743ccad6b307315e6fe\"><a class=\"pill\" href=\"https://foursquare.com/v/5a187743ccad6b307315e6fe\""
                        ))
                    #expect(text.contains("data-retry"))
                    // Nothing of the place but its id: no name, no address, and never the key.
                    #expect(!text.contains("Level Up Games") && !text.contains("Torstraße"))
                    #expect(!text.contains(Self.key))
                }
                // The fragment the map fetches carries the same state (nearby.js shows it above what is on show).
                let fragment = try await client.execute(
                    uri: uri, method: .get, headers: [HTTPField.Name("X-Fragment")!: "results"]
                ) { $0.text }
                #expect(fragment.contains("data-state=\"ids-only\"") && !fragment.contains("<html"))
            }
        }
    }
}
