import Foundation
import GiveawaysDomain
import GiveawaysUpstream
import Testing

/// Epic's mobile store front, on fixtures written here in its shape: sections, a `freeGame` section, offers whose
/// `Claim` purchase is 100 % off, a decimal price, expired offers still listed.
@Suite struct EpicMobileDecoderTests {
    static let now = Date(timeIntervalSince1970: 1_796_320_800)  // 2026-12-03T18:00:00Z

    static func offer(
        id: String, title: String, slug: String?, claim: String? = "-100%", ends: String = "2026-12-10T16:00:00.000Z",
        original: String = "$4.99"
    ) -> String {
        let claimPurchase =
            claim.map {
                """
                {"purchaseType": "Claim", "purchaseStateEffectiveDate": "2026-12-03T16:00:00.000Z",
                 "price": {"decimalPrice": 0, "currencyCode": "USD"},
                 "discount": {"discountType": "PERCENTAGE", "discountAmountDisplay": "\($0)",
                   "discountEndDate": "\(ends)", "originalPriceDisplay": "\(original)"}},
                """
            } ?? ""
        let mapping = slug.map { #"{"slug": "\#($0)", "pageType": "productHome"}"# } ?? "null"
        return """
            {"offerId": "\(id)", "sandboxId": "sb-\(id)",
             "content": {"title": "\(title)", "mapping": \(mapping),
               "media": {"card16x9": {"imageSrc": "https://cdn2.unrealengine.com/\(id)-16x9.jpg"},
                         "appIcon": {"imageSrc": "https://cdn2.unrealengine.com/\(id)-icon.png"}},
               "purchase": [\(claimPurchase)
                 {"purchaseType": "Purchase", "price": {"decimalPrice": 4.99, "currencyCode": "USD"}}]}}
            """
    }

    static func answer(freeGames: [String], other: String = #"{"type": "carousel", "offers": []}"#) -> Data {
        Data(
            """
            {"data": [\(other), {"type": "freeGame", "title": "Free Games", "offers": [\(freeGames.joined(separator: ","))]}],
             "paging": {"start": 0, "count": 10, "total": 2}}
            """.utf8)
    }

    @Test func theClaimAtMinusOneHundredPercentIsAGiveawayOnThatPlatform() throws {
        let body = Self.answer(freeGames: [
            Self.offer(id: "o1", title: "Pocket Dungeon", slug: "pocket-dungeon-android"),
            Self.offer(id: "o2", title: "Half Price", slug: "half", claim: "-50%"),
            Self.offer(id: "o3", title: "Only Bought", slug: "bought", claim: nil),
            Self.offer(id: "o4", title: "Last Week", slug: "last", ends: "2026-12-03T16:00:00.000Z"),
        ])
        let offers = try EpicMobileDecoder(platform: .android).decode(body, now: Self.now).offers
        #expect(offers.map(\.title) == ["Pocket Dungeon"])
        let offer = try #require(offers.first)
        #expect(offer.store == .epicMobile && offer.storeID == "android:o1")
        #expect(offer.platforms.map(\.slug) == ["android"])
        #expect(offer.claimURL == "https://store.epicgames.com/en-US/p/pocket-dungeon-android")
        #expect(offer.imageURL == "https://cdn2.unrealengine.com/o1-16x9.jpg")
        #expect(offer.endsAt == Date(timeIntervalSince1970: 1_796_918_400))
        #expect(offer.startsAt == Date(timeIntervalSince1970: 1_796_313_600))
        #expect(offer.worth == Worth(cents: 499))
        #expect(offer.status(at: Self.now) == .live)
    }

    @Test func iOSIsReadOnItsOwnAndAMissingSectionIsEmptyButABrokenAnswerFails() throws {
        let body = Self.answer(freeGames: [Self.offer(id: "i1", title: "Pocket Dungeon", slug: nil)])
        let offer = try #require(try EpicMobileDecoder(platform: .ios).decode(body, now: Self.now).offers.first)
        #expect(offer.storeID == "ios:i1" && offer.platforms.map(\.slug) == ["ios"])
        #expect(offer.claimURL == nil, "no page slug: no link rather than a broken one")
        let noSection = Data(#"{"data": [{"type": "carousel", "offers": []}], "paging": {}}"#.utf8)
        #expect(try EpicMobileDecoder(platform: .ios).decode(noSection, now: Self.now).offers.isEmpty)
        for broken in [Data("<html>403</html>".utf8), Data(#"{"errors": ["blocked"]}"#.utf8)] {
            #expect(throws: StoreAnswerError.self) {
                try EpicMobileDecoder(platform: .ios).decode(broken, now: Self.now)
            }
        }
    }
}
