import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import Testing

/// The stores' fronts read over real HTTP (a fake front on 127.0.0.1, answering in the stores' shapes): what is
/// asked, how often, with what User-Agent, and what a failure says.
@Suite struct StoreClientTests {
    static let now = EpicPromotionsDecoderTests.now

    func client(_ store: FirstHandStore, _ url: URL, connections: HTTPConnections) -> StoreClient {
        StoreClient(
            store: store, baseURL: url, country: "DE", connections: connections, contact: "ops@example.org",
            timeout: .seconds(5))
    }

    @Test func epicIsAskedOnceForItsCountryWithAnHonestUserAgent() async throws {
        let front = FakeStoreFront()
        front.answer(
            "/freeGamesPromotions",
            .init(
                body: EpicPromotionsDecoderTests.answer([
                    EpicPromotionsDecoderTests.element(
                        title: "Hollow Lantern", productSlug: "hollow-lantern",
                        promotions: EpicPromotionsDecoderTests.promotions(current: [EpicPromotionsDecoderTests.nextWeek]
                        )
                    )
                ])))
        let offers = try await front.withServer { url in
            try await HTTPConnections.using { connections in
                try await client(.epic, url, connections: connections).fetchOffers(now: Self.now, known: [])
            }
        }
        #expect(offers.map(\.title) == ["Hollow Lantern"])
        let request = try #require(front.requests.first)
        #expect(front.requests.count == 1)
        #expect(request.query == ["locale": "en-US", "country": "DE", "allowCountries": "DE"])
        #expect(request.headers["user-agent"]?.contains("GameGiveaways") == true)
        #expect(request.headers["user-agent"]?.contains("ops@example.org") == true)
    }

    @Test func aThrottledOrMalformedAnswerFailsWithTheStoresRetryAfter() async throws {
        let front = FakeStoreFront()
        front.answer("/freeGamesPromotions", .init(status: 429, headers: ["Retry-After": "120"], "slow down"))
        front.answer("/en/", .init(#"{"data": null}"#))
        try await front.withServer { url in
            try await HTTPConnections.using { connections in
                await #expect {
                    _ = try await client(.epic, url, connections: connections).fetchOffers(now: Self.now, known: [])
                } throws: { error in
                    guard let failure = error as? StoreFetchFailure else { return false }
                    return failure.retryAfter == Self.now.addingTimeInterval(120) && failure.reason.contains("429")
                }
                // A body that is not GOG's page at all fails GOG alone, with no Retry-After of its own.
                await #expect {
                    _ = try await client(.gog, url, connections: connections).fetchOffers(now: Self.now, known: [])
                } throws: { error in
                    guard let failure = error as? StoreFetchFailure else { return false }
                    return failure.retryAfter == nil && failure.reason.contains("malformed")
                }
            }
        }
        #expect(StoreClient.retryAfter("Thu, 03 Dec 2026 18:05:00 GMT", now: Self.now) == Self.now + 300)
        #expect(StoreClient.retryAfter("999999", now: Self.now) == Self.now + 86_400, "at most a day")
        #expect(StoreClient.retryAfter("soon", now: Self.now) == nil)
    }

    @Test func steamAsksAnAppPageOnlyForAnOfferItHasNotSeen() async throws {
        let front = FakeStoreFront()
        front.answer(
            "/search/results/",
            .init(
                body: SteamAndGOGDecoderTests.search([
                    SteamAndGOGDecoderTests.row2024(appID: "111", title: "Known", discount: 100, final: 0),
                    SteamAndGOGDecoderTests.row2024(appID: "222", title: "New", discount: 100, final: 0),
                ])))
        front.answer(
            "/app/222/",
            .init(
                #"<p class="game_purchase_discount_quantity ">Free to keep when you get it before 7 Dec @ 6:00pm.</p>"#)
        )
        let known = OfferRecord(
            id: OfferRecord.firstID,
            offer: StoreOffer(
                store: .steam, storeID: "111", title: "Known", claimURL: nil, imageURL: nil, startsAt: nil,
                endsAt: Self.now + 3600, platforms: []),
            firstSeenAt: Self.now, lastSeenAt: Self.now)
        let offers = try await front.withServer { url in
            try await HTTPConnections.using { connections in
                try await client(.steam, url, connections: connections).fetchOffers(now: Self.now, known: [known])
            }
        }
        #expect(offers.map(\.storeID) == ["111", "222"])
        #expect(offers[0].endsAt == Self.now + 3600, "the end kept from the last sync")
        #expect(offers[1].endsAt == Date(timeIntervalSince1970: 1_796_666_400), "read from its app page")
        #expect(front.requests.map(\.path) == ["/search/results/", "/app/222/"])
        #expect(front.requests[0].query["cc"] == "DE" && front.requests[0].query["specials"] == "1")
        #expect(front.requests[1].headers["cookie"]?.contains("birthtime") == true, "past the age gate")
    }
}
