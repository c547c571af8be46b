import Foundation
import GiveawaysDomain
import GiveawaysUpstream
import Testing

/// Epic's `freeGamesPromotions`, on fixtures written here in its shapes and with its traps (see the decoder's
/// comment): what is free now and next week, and what only looks free.
@Suite struct EpicPromotionsDecoderTests {
    /// Thursday 2026-12-03 18:00Z: this week's window (Nov 26 16:00Z – Dec 3 16:00Z) is over, the next one is on.
    static let now = Date(timeIntervalSince1970: 1_796_320_800)

    /// One element of `elements`, written as the store writes it (fields the decoder does not read included).
    static func element(
        title: String, id: String = "a1b2", namespace: String = "ns1", offerType: String? = "BASE_GAME",
        productSlug: String? = nil, offerMappings: String = "[]", catalogMappings: String = "[]",
        images: String = #"[{"type":"OfferImageWide","url":"https://cdn1.epicgames.com/wide.jpg"}]"#,
        price: (original: Int, discount: Int) = (1999, 0), currency: String = "USD", promotions: String
    ) -> String {
        """
        {"title": \(json(title)), "id": \(json(id)), "namespace": \(json(namespace)), "description": "x",
         "effectiveDate": "2026-11-26T16:00:00.000Z", "offerType": \(offerType.map(json) ?? "null"),
         "expiryDate": null, "viewableDate": "2026-11-19T15:25:00.000Z", "status": "ACTIVE", "isCodeRedemptionOnly": false,
         "keyImages": \(images), "seller": {"id": "o-1", "name": "Someone"}, "productSlug": \(productSlug.map(json) ?? "null"),
         "urlSlug": "4f1c0a9e7d2b4c3a", "url": null, "items": [], "customAttributes": [], "categories": [], "tags": [],
         "catalogNs": {"mappings": \(catalogMappings)}, "offerMappings": \(offerMappings),
         "price": {"totalPrice": {"discountPrice": \(price.discount), "originalPrice": \(price.original), "voucherDiscount": 0,
           "discount": \(price.original - price.discount), "currencyCode": \(json(currency)),
           "currencyInfo": {"decimals": 2}, "fmtPrice": {"originalPrice": "$19.99", "discountPrice": "0", "intermediatePrice": "0"}},
           "lineOffers": []},
         "promotions": \(promotions)}
        """
    }

    static func json(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }

    static func window(_ start: String, _ end: String, pay: Int) -> String {
        #"{"startDate": "\#(start)", "endDate": "\#(end)", "discountSetting": {"discountType": "PERCENTAGE", "discountPercentage": \#(pay)}}"#
    }

    static func promotions(current: [String] = [], upcoming: [String] = []) -> String {
        func groups(_ windows: [String]) -> String {
            windows.isEmpty ? "[]" : #"[{"promotionalOffers": [\#(windows.joined(separator: ","))]}]"#
        }
        return #"{"promotionalOffers": \#(groups(current)), "upcomingPromotionalOffers": \#(groups(upcoming))}"#
    }

    static func answer(_ elements: [String], errors: String? = nil) -> Data {
        let errorsPart = errors.map { #", "errors": \#($0)"# } ?? ""
        return Data(
            #"""
            {"data": {"Catalog": {"searchStore": {"elements": [\#(elements.joined(separator: ","))],
             "paging": {"count": 40, "total": 57}}}}\#(errorsPart), "extensions": {}}
            """#.utf8)
    }

    static let thisWeek = window("2026-11-26T16:00:00.000Z", "2026-12-03T16:00:00.000Z", pay: 0)
    static let nextWeek = window("2026-12-03T16:00:00.000Z", "2026-12-10T16:00:00.000Z", pay: 0)
    static let weekAfter = window("2026-12-10T16:00:00.000Z", "2026-12-17T16:00:00.000Z", pay: 0)

    @Test func aZeroToPayWindowThatContainsNowIsLiveWhicheverListItIsIn() throws {
        let body = Self.answer([
            // Still in the "upcoming" list although it has started: the window decides.
            Self.element(
                title: "Hollow Lantern", productSlug: "hollow-lantern",
                promotions: Self.promotions(upcoming: [Self.nextWeek])),
            Self.element(
                title: "Tidewater", id: "c3", productSlug: "tidewater",
                promotions: Self.promotions(upcoming: [Self.weekAfter])),
        ])
        let offers = try EpicPromotionsDecoder().decode(body, now: Self.now).offers
        #expect(offers.map(\.title) == ["Hollow Lantern", "Tidewater"])
        #expect(offers.map { $0.status(at: Self.now) } == [.live, .upcoming])
        let live = try #require(offers.first)
        #expect(live.startsAt == Date(timeIntervalSince1970: 1_796_313_600))
        #expect(live.endsAt == Date(timeIntervalSince1970: 1_796_918_400))
        #expect(live.claimURL == "https://store.epicgames.com/en-US/p/hollow-lantern")
        #expect(live.storeID == "ns1:a1b2")
        #expect(live.worth == Worth(cents: 1999))
        #expect(live.imageURL == "https://cdn1.epicgames.com/wide.jpg")
        #expect(live.platforms.map(\.slug) == ["pc", "epic-games-store"])
    }

    @Test func discountPercentageIsWhatYouPaySoOnlyZeroIsFree() throws {
        let body = Self.answer([
            Self.element(
                title: "Pay Thirty", productSlug: "pay-thirty",
                promotions: Self.promotions(current: [
                    Self.window("2026-11-26T16:00:00.000Z", "2026-12-10T16:00:00.000Z", pay: 30)
                ])),
            // A sale and a free week in one group, out of date order: only the free window counts.
            Self.element(
                title: "Sale Then Free", id: "d4", productSlug: "sale-then-free",
                promotions: Self.promotions(current: [
                    Self.window("2026-12-10T16:00:00.000Z", "2026-12-17T16:00:00.000Z", pay: 0),
                    Self.window("2026-11-20T16:00:00.000Z", "2026-12-09T16:00:00.000Z", pay: 50),
                ])),
        ])
        let offers = try EpicPromotionsDecoder().decode(body, now: Self.now).offers
        #expect(offers.map(\.title) == ["Sale Then Free"])
        #expect(offers.first?.status(at: Self.now) == .upcoming)
    }

    @Test func aPriceOfZeroAloneIsNoGiveawayAndAnEndedWindowIsDropped() throws {
        let body = Self.answer([
            Self.element(
                title: "Free To Play Arena", productSlug: "arena", price: (0, 0), promotions: "null"),
            Self.element(
                title: "No Windows", productSlug: "none", price: (0, 0), promotions: Self.promotions()),
            Self.element(
                title: "Last Week", productSlug: "last", promotions: Self.promotions(current: [Self.thisWeek])),
        ])
        let decoded = try EpicPromotionsDecoder().decode(body, now: Self.now)
        #expect(decoded.offers.isEmpty)
    }

    @Test func anAddOnLinksToItsOwnPageNotItsParentGame() throws {
        let body = Self.answer([
            Self.element(
                title: "Starter Pack", offerType: "ADD_ON", productSlug: "parent-game",
                offerMappings: #"[{"pageSlug": "parent-game--starter-pack", "pageType": "offer"}]"#,
                catalogMappings: #"[{"pageSlug": "parent-game", "pageType": "productHome"}]"#,
                price: (0, 0), promotions: Self.promotions(current: [Self.nextWeek]))
        ])
        let offer = try #require(try EpicPromotionsDecoder().decode(body, now: Self.now).offers.first)
        #expect(offer.type == .dlc)
        #expect(offer.claimURL == "https://store.epicgames.com/en-US/p/parent-game--starter-pack")
        #expect(offer.worth == nil, "an add-on free for a week at 0/0 has no worth")
    }

    @Test func slugsLoseHomeAndTheUrlSlugIsNeverALink() throws {
        let body = Self.answer([
            Self.element(
                title: "Home Suffix", productSlug: "home-suffix/home",
                promotions: Self.promotions(current: [Self.nextWeek])),
            Self.element(
                title: "Only Url Slug", id: "e5", promotions: Self.promotions(current: [Self.nextWeek])),
            Self.element(
                title: "Home Mapping", id: "f6", productSlug: "wrong",
                catalogMappings:
                    #"[{"pageSlug": "other", "pageType": "offer"}, {"pageSlug": "right", "pageType": "productHome"}]"#,
                promotions: Self.promotions(current: [Self.nextWeek])),
        ])
        let urls = try EpicPromotionsDecoder().decode(body, now: Self.now).offers.map(\.claimURL)
        #expect(
            urls == [
                "https://store.epicgames.com/en-US/p/home-suffix", nil,
                "https://store.epicgames.com/en-US/p/right",
            ])
    }

    @Test func aMysteryGameShowsItsWindowWithoutTitleOrLink() throws {
        let body = Self.answer([
            Self.element(
                title: "Mystery Game 03", id: "[]", namespace: "[]", offerType: "OTHERS", productSlug: "[]",
                images: #"[{"type":"VaultClosed","url":"https://cdn1.epicgames.com/vault.png"}]"#, price: (0, 0),
                promotions: Self.promotions(upcoming: [Self.weekAfter]))
        ])
        let offer = try #require(try EpicPromotionsDecoder().decode(body, now: Self.now).offers.first)
        #expect(offer.isMystery && offer.title == "Mystery game" && offer.claimURL == nil)
        #expect(offer.status(at: Self.now) == .upcoming)
        #expect(offer.startsAt == Date(timeIntervalSince1970: 1_796_918_400))
    }

    @Test func errorsBesideDataAreNotFatalAndVideoImagesAreSkipped() throws {
        let body = Self.answer(
            [
                Self.element(
                    title: "Mapped Badly", productSlug: "mapped-badly",
                    images:
                        #"[{"type":"heroCarouselVideo","url":"com.epicgames.video://abc"}, {"type":"OfferImageTall","url":"https://cdn1.epicgames.com/tall.jpg"}]"#,
                    promotions: Self.promotions(current: [Self.nextWeek]))
            ],
            errors:
                #"[{"message": "CatalogOffer/offerMappings: Request failed with status code 404", "locations": [], "correlationId": "x", "serviceResponse": "{}", "stack": null, "path": ["Catalog", "searchStore", "elements", 0, "offerMappings"], "status": 404}]"#
        )
        let offer = try #require(try EpicPromotionsDecoder().decode(body, now: Self.now).offers.first)
        #expect(offer.imageURL == "https://cdn1.epicgames.com/tall.jpg")
    }

    @Test func aSavedUTF16AnswerWithByteOrderMarkReadsTheSame() throws {
        let utf8 = Self.answer([
            Self.element(
                title: "Über Quest", productSlug: "uber-quest", promotions: Self.promotions(current: [Self.nextWeek]))
        ])
        let text = String(decoding: utf8, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n")
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(text.data(using: .utf16LittleEndian)!)
        let offers = try EpicPromotionsDecoder().decode(utf16, now: Self.now).offers
        #expect(offers.map(\.title) == ["Über Quest"])
    }

    @Test func anAnswerWithoutElementsFailsSoTheLastGoodDataStays() {
        let failures: [Data] = [
            Data("<html>Access denied</html>".utf8),
            Data(#"{"errors": [{"message": "errors.com.epicgames.server_error"}], "data": null}"#.utf8),
            Data(#"{"data": {"Catalog": {"searchStore": {"elements": "none"}}}}"#.utf8),
            Data(),
        ]
        for body in failures {
            #expect(throws: StoreAnswerError.self) { try EpicPromotionsDecoder().decode(body, now: Self.now) }
        }
        #expect(throws: StoreAnswerError.malformed("no elements; the store says: errors.com.epicgames.server_error")) {
            try EpicPromotionsDecoder().decode(failures[1], now: Self.now)
        }
    }

    @Test func oddElementsAreSkippedNotFatal() throws {
        let body = Self.answer([
            "42", #"{"title": null, "promotions": {"promotionalOffers": "x"}}"#,
            Self.element(title: "Fine", productSlug: "fine", promotions: Self.promotions(current: [Self.nextWeek])),
            Self.element(
                title: "Odd Window", id: "g7", productSlug: "odd",
                promotions:
                    #"{"promotionalOffers": [{"promotionalOffers": [{"startDate": "soon", "endDate": 5, "discountSetting": {"discountPercentage": 0}}]}]}"#
            ),
        ])
        let decoded = try EpicPromotionsDecoder().decode(body, now: Self.now)
        #expect(decoded.offers.map(\.title) == ["Fine"])
        #expect(decoded.skipped.count == 1)
    }
}
