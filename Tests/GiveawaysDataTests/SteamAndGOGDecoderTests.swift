import Foundation
import GiveawaysDomain
import GiveawaysHTML
import Testing

@testable import GiveawaysUpstream

/// Steam's search results and app pages, and GOG's home page, on fixtures written here in their markups (2021 and
/// 2024+ for Steam, 2023 and 2025 for GOG) with their traps.
@Suite struct SteamAndGOGDecoderTests {
    static let now = Date(timeIntervalSince1970: 1_796_320_800)  // 2026-12-03T18:00:00Z

    /// A search row as Steam writes it since 2024.
    static func row2024(appID: String, title: String, discount: Int, final: Int, original: String = "$19.99") -> String
    {
        """
        <a href="https://store.steampowered.com/app/\(appID)/Some_Name/?snr=1_7_7_2300_150_1"
            data-ds-appid="\(appID)" data-ds-itemkey="App_\(appID)" data-ds-tagids="[19,492]"
            data-ds-crtrids="[4]" onmouseover="GameHover( this, event, 'global_hover', {&quot;type&quot;:&quot;app&quot;,&quot;id&quot;:\(appID)} );"
            onmouseout="HideGameHover( this, event, 'global_hover' )" class="search_result_row ds_collapse_flag " >
          <div class="col search_capsule"><img src="https://shared.akamai.steamstatic.com/store_item_assets/steam/apps/\(appID)/capsule_sm_120.jpg?t=1" srcset="x 1x, y 2x"></div>
          <div class="responsive_search_name_combined">
            <div class="col search_name ellipsis"><span class="title">\(title)</span>
              <div><span class="platform_img win"></span></div></div>
            <div class="col search_released responsive_secondrow">1 Mar, 2021</div>
            <div class="col search_price_discount_combined responsive_secondrow" data-price-final="\(final)">
              <div class="search_discount_and_price responsive_secondrow">
                <div class="discount_block search_discount_block" data-price-final="\(final)" data-bundlediscount="0" data-discount="\(discount)" role="link" aria-label="\(discount)% off">
                  <div class="discount_pct">-\(discount)%</div>
                  <div class="discount_prices"><div class="discount_original_price">\(original)</div><div class="discount_final_price">$0.00</div></div>
                </div>
              </div>
            </div>
          </div>
        </a>
        """
    }

    static func search(_ rows: [String]) -> Data {
        let object: [String: Any] = [
            "success": 1,
            "results_html": "<!-- List Items -->\n" + rows.joined(separator: "\n") + "\n<!-- End List Items -->\n",
            "total_count": rows.count, "start": 0,
        ]
        return try! JSONSerialization.data(withJSONObject: object)
    }

    @Test func steamRowsAtOneHundredPercentWithAFinalPriceOfZeroAreGiveaways() throws {
        let body = Self.search([
            Self.row2024(appID: "1234560", title: "Rust &amp; Rivets", discount: 100, final: 0),
            Self.row2024(appID: "222", title: "Half Off", discount: 50, final: 999),
            Self.row2024(appID: "333", title: "Odd", discount: 100, final: 199),
        ])
        let offers = try SteamSearchDecoder().decode(body).offers
        #expect(offers.map(\.title) == ["Rust & Rivets"])
        let offer = try #require(offers.first)
        #expect(offer.storeID == "1234560")
        #expect(offer.claimURL == "https://store.steampowered.com/app/1234560/")
        #expect(
            offer.imageURL == "https://shared.akamai.steamstatic.com/store_item_assets/steam/apps/1234560/header.jpg")
        #expect(offer.worth == Worth(cents: 1999))
        #expect(offer.endsAt == nil && offer.status(at: Self.now) == .live)
    }

    /// The header picture comes from the CDN the row's own capsule picture names when it is one of Steam's (or the
    /// configured store's host), never from a host the markup makes up.
    @Test func steamsHeaderPictureFollowsTheRowsCDNButOnlySteams() {
        let decoder = SteamSearchDecoder(frontHost: "127.0.0.1")
        let path = "/store_item_assets/steam/apps/42/header.jpg"
        #expect(
            decoder.headerImage(of: "42", capsule: "https://shared.fastly.steamstatic.com/a/capsule.jpg?t=1")
                == "https://shared.fastly.steamstatic.com" + path)
        #expect(
            decoder.headerImage(of: "42", capsule: "http://127.0.0.1:8123/g/x.jpg") == "http://127.0.0.1:8123" + path)
        for hostile in ["https://evil.example/x.jpg", "javascript:alert(1)", "//steamstatic.com.evil.example/x", nil] {
            #expect(decoder.headerImage(of: "42", capsule: hostile) == "https://shared.akamai.steamstatic.com" + path)
        }
    }

    @Test func steamIn2021MarkupAndBundlesAndAnEmptyAnswer() throws {
        let row2021 = """
            <a href="https://store.steampowered.com/app/777/Old/" data-ds-appid="777" class="search_result_row ds_collapse_flag">
              <div class="col search_name ellipsis"><span class="title">Old Markup</span></div>
              <div class="col search_discount responsive_secondrow"><span>-100%</span></div>
              <div class="col search_price discounted responsive_secondrow"><span style="color: #888888;"><strike>$0.00</strike></span><br>Free</div>
            </a>
            """
        let bundle = Self.row2024(appID: "1,2,3", title: "A Bundle", discount: 100, final: 0)
        let decoded = try SteamSearchDecoder().decode(Self.search([row2021, bundle]))
        #expect(decoded.offers.map(\.title) == ["Old Markup"])
        #expect(decoded.offers.first?.worth == nil, "2021's struck price reads $0.00: no worth")
        #expect(decoded.skipped.count == 1)
        let empty = Data(#"{"success": 1, "results_html": "", "total_count": 0, "start": -1}"#.utf8)
        #expect(try SteamSearchDecoder().decode(empty).offers.isEmpty)
        for broken in [Data("<html>".utf8), Data(#"{"success": 2}"#.utf8), Data(#"{"success": 1}"#.utf8)] {
            #expect(throws: StoreAnswerError.self) { try SteamSearchDecoder().decode(broken) }
        }
    }

    @Test func steamAppPageSaysTheEndWithoutAZoneReadAsUTC() {
        let page = """
            <div class="game_purchase_action"><p class="game_purchase_discount_quantity ">Free to keep when you get it
            before 7 Dec @ 6:00pm.&nbsp;<span class="tooltip">Some limitations apply.</span></p></div>
            """
        let decoder = SteamSearchDecoder()
        #expect(decoder.freeUntil(appPage: page, now: Self.now) == Date(timeIntervalSince1970: 1_796_666_400))
        // Early January seen in December is next year's.
        let january = page.replacingOccurrences(of: "7 Dec @ 6:00pm", with: "2 Jan @ 10:00am")
        #expect(decoder.freeUntil(appPage: january, now: Self.now) == Date(timeIntervalSince1970: 1_798_884_000))
        let withYear = page.replacingOccurrences(of: "7 Dec @ 6:00pm", with: "2 Jan, 2028 @ 12:30am")
        #expect(decoder.freeUntil(appPage: withYear, now: Self.now) == Date(timeIntervalSince1970: 1_830_385_800))
        #expect(decoder.freeUntil(appPage: "<div class=\"game_area_purchase\">Buy</div>", now: Self.now) == nil)
    }

    static func gogPage(_ giveaway: String) -> Data {
        Data(
            "<!DOCTYPE html><html lang=\"en\"><head><title>GOG.COM</title></head><body><main>\(giveaway)<section class=\"deals\"></section></main></body></html>"
                .utf8)
    }

    /// Only the region that names the giveaway is scanned: after megabytes of tiles and a menu link to the claim
    /// page, the giveaway reads the same; a page that names none is scanned whole and has none.
    @Test func gogsGiveawayIsFoundAfterMegabytesOfPage() throws {
        let giveaway = """
            <giveaway><div id="giveaway" class="giveaway"><a class="giveaway__overlay-link" href="https://www.gog.com/en/game/lantern_keeper"></a>
            <div class="giveaway__content-header">Get <span class="giveaway__content-header-text">Lantern Keeper</span> free</div>
            <div class="giveaway__countdown">Giveaway ends in <span>01 : 00 : 00</span> left</div></div></giveaway>
            """
        let tiles = String(repeating: "<div class=\"tile\"><a href=\"/en/game/x\">A game</a></div>\n", count: 40_000)
        // A stylesheet that names the banner's class before the page has any banner.
        let style = "<style>.giveaway-banner { color: red }</style>"
        let page = style + "<nav><a href=\"/giveaway/claim\">Claim</a></nav>" + tiles + giveaway + tiles
        let offers = try GOGGiveawayDecoder().decode(Self.gogPage(page), now: Self.now)
        #expect(offers.map(\.title) == ["Lantern Keeper"])
        #expect(offers.first?.endsAt == Self.now.addingTimeInterval(3600))
        #expect(try GOGGiveawayDecoder().decode(Self.gogPage(tiles), now: Self.now).isEmpty)
    }

    @Test func gogIn2025MarkupEndsAtTheFetchTimePlusTheCountdown() throws {
        let giveaway = """
            <giveaway _ngcontent-gogcom-store-c1="">
              <div id="giveaway" class="giveaway giveaway--visible">
                <a class="giveaway__overlay-link" href="https://www.gog.com/en/game/lantern_keeper"></a>
                <picture><source srcset="//images.gog-statics.com/abc_product_tile_536.webp, //images.gog-statics.com/abc_product_tile_536_2x.webp 2x">
                <img class="giveaway__image" src="//images.gog-statics.com/abc.jpg" alt="Lantern Keeper"></picture>
                <div class="giveaway__content"><div class="giveaway__content-header">Get <span class="giveaway__content-header-text">Lantern Keeper</span> free</div>
                <div class="giveaway__countdown">Giveaway ends in <span>49 : 05 : 59</span> left</div></div>
              </div>
            </giveaway>
            """
        let offers = try GOGGiveawayDecoder().decode(Self.gogPage(giveaway), now: Self.now)
        let offer = try #require(offers.first)
        #expect(offer.title == "Lantern Keeper")
        #expect(offer.claimURL == "https://www.gog.com/en/game/lantern_keeper")
        #expect(offer.imageURL == "https://images.gog-statics.com/abc_product_tile_536.webp")
        // 49 h 5 min 59 s after 18:00:00, to the minute.
        #expect(offer.endsAt == Date(timeIntervalSince1970: 1_796_320_800 + 49 * 3600 + 6 * 60))
        #expect(offer.store == .gog && offer.storeID == "/en/game/lantern_keeper")
    }

    /// The next section after the giveaway, as GOG's 2025 front page has it: product tiles whose `…title` classes,
    /// links and pictures belong to other games (a label such as "GOOD OLD GAME" among them).
    static let gogTilesAfterTheGiveaway = """
        <section class="deals-section"><h2 class="section-title">Good old games</h2>
          <product-tile _ngcontent-gogcom-store-c9=""><a class="product-tile product-tile--grid" href="https://www.gog.com/en/game/harbour_lights">
            <picture class="product-tile__picture"><source srcset="//images.gog-statics.com/tile_harbour.webp, //images.gog-statics.com/tile_harbour_2x.webp 2x">
            <img class="product-tile__image" src="//images.gog-statics.com/tile_harbour.jpg" alt="Harbour Lights"></picture>
            <div class="product-tile__label"><span class="product-label__title">GOOD OLD GAME</span></div>
            <div class="product-tile__title"><span>Harbour Lights</span></div>
            <span class="product-tile__price">$9.99</span></a></product-tile>
        </section>
        """

    /// GOG's 2025 front page, in its shape: the `<giveaway>` element names its game only in the picture's `alt`
    /// ("STASIS giveaway") and in the header's sentence, and product tiles of the next section follow it.
    @Test func gogsGiveawayIsReadFromItsOwnElementNotFromTheTilesAfterIt() throws {
        let giveaway = """
            <giveaway _ngcontent-gogcom-store-c77="" _nghost-gogcom-store-c41="">
              <div _ngcontent-gogcom-store-c41="" id="giveaway" class="giveaway giveaway--visible" data-is-logged-in="false">
                <a _ngcontent-gogcom-store-c41="" class="giveaway__overlay-link" href="https://www.gog.com/en/game/stasis"
                   gog-track-event="{&quot;eventCategory&quot;:&quot;giveaway&quot;}"></a>
                <div class="giveaway__image-wrapper"><picture class="giveaway__picture">
                  <source type="image/webp" srcset="//images.gog-statics.com/st4s1s_giveaway_1600.webp, //images.gog-statics.com/st4s1s_giveaway_3200.webp 2x">
                  <img class="giveaway__image" alt="STASIS giveaway" loading="lazy" src="//images.gog-statics.com/st4s1s_giveaway_1600.jpg">
                </picture></div>
                <div class="giveaway__content">
                  <div class="giveaway__content-header"> Giveaway: Claim STASIS and don&#39;t miss the best GOG offers! </div>
                  <div class="giveaway__content-footer"><div class="giveaway__countdown"><span>71</span> : <span>12</span> : <span>09</span> left</div>
                  <button class="button giveaway__button">Sign in and claim</button></div>
                </div>
              </div>
            </giveaway>
            """
        let offers = try GOGGiveawayDecoder().decode(
            Self.gogPage(giveaway + Self.gogTilesAfterTheGiveaway), now: Self.now)
        let offer = try #require(offers.first)
        #expect(offers.count == 1)
        #expect(offer.title == "STASIS", "the picture's alt without its \"giveaway\", not the next tile's title")
        #expect(offer.claimURL == "https://www.gog.com/en/game/stasis")
        #expect(offer.imageURL == "https://images.gog-statics.com/st4s1s_giveaway_1600.webp")
        #expect(offer.endsAt == Date(timeIntervalSince1970: 1_796_320_800 + 71 * 3600 + 12 * 60))
    }

    /// Attributes in any order and either quote, references, nested elements of the giveaway's own name, and a
    /// picture without a useful `alt`: the header's sentence names the game.
    @Test func gogsHeaderSentenceNamesTheGameWhenThePictureDoesNot() throws {
        let giveaway = """
            <DIV data-x='a > b' class='giveaway' ID='giveaway'>
              <div class='giveaway__media'><div><picture><img src='//images.gog-statics.com/f.jpg' alt='giveaway'></picture></div></div>
              <!-- </div> a comment is not an end -->
              <script>if (a </div> b) {}</script>
              <div class='giveaway__content'><p class='giveaway__content-header'>Giveaway: Claim <b>Fish &amp; Chips: And Then</b>
                and don’t miss the best GOG offers!</p>
                <div>12 : 00 : 00 left</div></div>
              <a href='/en/game/fish_and_chips' class='giveaway__overlay-link'></a>
            </DIV >
            """
        let offer = try #require(
            try GOGGiveawayDecoder().decode(Self.gogPage(giveaway + Self.gogTilesAfterTheGiveaway), now: Self.now).first
        )
        #expect(offer.title == "Fish & Chips: And Then")
        #expect(offer.claimURL == "https://www.gog.com/en/game/fish_and_chips")
        #expect(offer.imageURL == "https://images.gog-statics.com/f.jpg")
        #expect(offer.endsAt == Self.now.addingTimeInterval(12 * 3600))
    }

    /// A giveaway that names its game nowhere is named after its game page's slug; the tiles after it, with their
    /// titles and images, are never read.
    @Test func gogsGiveawayThatNamesNoGameTakesItsSlugNeverANeighboursTitle() throws {
        let giveaway = """
            <giveaway><div id="giveaway" class="giveaway"><div class="giveaway__inner"><div>
              <a class="giveaway__overlay-link" href="/en/game/quiet_orchard"></a>
              <div class="giveaway__countdown">02 : 30 : 00 left</div></div></div></div></giveaway>
            """
        let offer = try #require(
            try GOGGiveawayDecoder().decode(Self.gogPage(giveaway + Self.gogTilesAfterTheGiveaway), now: Self.now).first
        )
        #expect(offer.title == "Quiet Orchard")
        #expect(offer.imageURL == nil, "the next tile's picture is not the giveaway's")
        // A giveaway element that never ends cannot be told from what follows it: the source fails instead.
        let unclosed = giveaway.replacingOccurrences(of: "</giveaway>", with: "")
        #expect(throws: StoreAnswerError.self) {
            try GOGGiveawayDecoder().decode(Self.gogPage(unclosed + Self.gogTilesAfterTheGiveaway), now: Self.now)
        }
    }

    @Test func anElementEndsAtItsOwnEndTagPastNestedOnesCommentsAndScripts() throws {
        let html =
            #"<div id="a" title="x > y"><div>in</div><!-- </div> --><script>"</div>"</script>"#
            + #"<div/>x</div>y</DIV z><p>after</p>"#
        let element = try #require(StoreHTML.tags(in: html).first)
        let end = try #require(StoreHTML.endOfElement(element, in: html))
        #expect(html[end...] == "</DIV z><p>after</p>")
        let image = try #require(StoreHTML.tags(in: "<img src=x><b>").first)
        #expect(StoreHTML.endOfElement(image, in: "<img src=x><b>") == image.end)
        let unclosed = "<div><div></div>"
        #expect(StoreHTML.endOfElement(try #require(StoreHTML.tags(in: unclosed).first), in: unclosed) == nil)
    }

    @Test func gogIn2023MarkupCarriesItsEndAndNoGiveawayIsEmpty() throws {
        let banner = """
            <a class="giveaway-banner giveaway-banner--with-consent" href="/en/game/old_banner" giveaway-banner-id="1796666400000">
              <img src="https://images.gog-statics.com/old.jpg" alt="Old Banner Game">
              <gog-countdown-timer end-date="1796666400000"></gog-countdown-timer>
            </a>
            """
        let offer = try #require(try GOGGiveawayDecoder().decode(Self.gogPage(banner), now: Self.now).first)
        #expect(offer.title == "Old Banner Game")
        #expect(offer.claimURL == "https://www.gog.com/en/game/old_banner")
        #expect(offer.endsAt == Date(timeIntervalSince1970: 1_796_666_400))
        #expect(try GOGGiveawayDecoder().decode(Self.gogPage("<div class=\"hero\"></div>"), now: Self.now).isEmpty)
    }

    @Test func gogGiveawayMarkupItCannotReadFailsLoudly() {
        let noLink = "<div id=\"giveaway\"><span>Something free</span><span>10 : 00 : 00 left</span></div>"
        let offSite = """
            <div id="giveaway"><a class="giveaway__overlay-link" href="https://evil.example/x"></a><span>10 : 00 : 00 left</span></div>
            """
        let noEnd = "<div id=\"giveaway\"><a class=\"giveaway__overlay-link\" href=\"/en/game/x\"></a></div>"
        for page in [noLink, offSite, noEnd] {
            #expect(throws: StoreAnswerError.self) {
                try GOGGiveawayDecoder().decode(Self.gogPage(page), now: Self.now)
            }
        }
        #expect(throws: StoreAnswerError.self) { try GOGGiveawayDecoder().decode(Data("{}".utf8), now: Self.now) }
    }

    @Test func aTagThatNeverEndsStopsTheScanInsteadOfRescanningTheRest() {
        // 200,000 unterminated tags: scanning the rest again after each would be 10^12 steps, and this test would not end.
        let hostile = #"<a class="x">ok</a>"# + String(repeating: #"<a x=""#, count: 200_000)
        let tags = StoreHTML.tags(in: hostile)
        #expect(tags.map(\.name) == ["a"], "what came before is read, nothing after")
    }

    @Test func markupReferencesAndTagsAreReadNotTrusted() {
        #expect(CharacterReferences.decode("Tom &amp; Jerry&#39;s &#x263A; &bogus; &") == "Tom & Jerry's ☺ &bogus; &")
        let tags = StoreHTML.tags(in: #"<!-- <a href="no"> --><A HREF='/x' Class="a b">t</A><img alt=x />"#)
        #expect(tags.map(\.name) == ["a", "img"])
        #expect(tags.first?.attributes["href"] == "/x" && tags.first?.classes == ["a", "b"])
        #expect(tags.last?.attributes["alt"] == "x")
    }
}
