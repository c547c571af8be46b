import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
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
        #expect(page.status == .badGateway)
        #expect(page.text.contains("data-state=\"refused-key\""))
        #expect(page.text.contains("refused this server’s key"))
        #expect(!page.text.contains(wrong) && !page.text.contains(Self.key))
    }
}
