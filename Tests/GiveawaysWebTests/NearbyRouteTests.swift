import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysViews
@testable import GiveawaysWeb

/// `/nearby` through the router, over a stub place source: the list, the map's markup, every state, paging, the
/// URL's state and its 400s.
@Suite struct NearbyRouteTests {
    static let berlin = GeoPoint(latitude: 52.520008, longitude: 13.404954)!

    func app(_ harness: WebHarness, _ source: StubPlaceSource?) -> some ApplicationProtocol {
        var configuration = harness.configuration
        configuration.nearby = source.map { NearbyServices(places: $0, defaultCenter: Self.berlin) }
        return harness.app(configuration: configuration)
    }

    func get(
        _ uri: String, _ source: StubPlaceSource?, headers: HTTPFields = [:]
    ) async throws -> (status: HTTPResponse.Status, text: String, headers: HTTPFields) {
        let harness = try await WebHarness(seed: false)
        return try await app(harness, source).test(.router) { client in
            try await client.execute(uri: uri, method: .get, headers: headers) {
                ($0.status, $0.text, $0.headers)
            }
        }
    }

    @Test func aVisitorsLastAreaIsKeptInTheirProfileAndOpensNextTime() async throws {
        let harness = try await WebHarness()
        let source = StubPlaceSource()
        let profiles = harness.repository.repositories.profiles
        let munich = GeoPoint(latitude: 48.137154, longitude: 11.576124)!
        try await app(harness, source).test(.router) { client in
            var browser = Browser()
            _ = try await browser.heart(3101, on: true, client: client)
            let id = try #require(browser.profileID)
            // Nothing searched yet: the server's default centre, and nothing is kept for it.
            _ = try await browser.get("/nearby", client: client)
            #expect(source.queries.last?.area == .box(NearbyFilters.area(around: Self.berlin, zoom: 14)))
            #expect(try await profiles.settings(of: id).nearbyArea == nil)

            // A search of their own is kept...
            _ = try await browser.get("/nearby?view=map&ll=48.137154,11.576124&z=12", client: client)
            #expect(try await profiles.settings(of: id).nearbyArea == NearbyArea(center: munich, zoom: 12))
            // ...and /nearby without a place opens there: the search, the map and the links all carry it.
            let page = try await browser.get("/nearby", client: client)
            #expect(source.queries.last?.area == .box(NearbyFilters.area(around: munich, zoom: 12)))
            #expect(page.text.contains("data-center=\"48.137154,11.576124\" data-zoom=\"12\""))
            #expect(page.text.contains("href=\"/nearby?view=map&amp;ll=48.137154,11.576124&amp;z=12\""))
            // A zoom in the URL wins over the kept one; a place in the URL wins over the kept area.
            _ = try await browser.get("/nearby?z=9", client: client)
            #expect(source.queries.last?.area == .box(NearbyFilters.area(around: munich, zoom: 9)))
            _ = try await browser.get("/nearby?near=Hamburg", client: client)
            #expect(source.queries.last?.area == .named("Hamburg"))
            // A typed place that was found is kept as the area its page showed.
            let kept = try #require(try await profiles.settings(of: id).nearbyArea)
            #expect(kept.center.distance(to: GeoPoint(latitude: 52.52, longitude: 13.405)!) < 10)

            // Another browser without a profile, or with a stranger's made-up cookie, gets the default centre.
            _ = try await client.execute(uri: "/nearby", method: .get)
            #expect(source.queries.last?.area == .box(NearbyFilters.area(around: Self.berlin, zoom: 14)))
            let stranger = Browser(profile: ProfileID.random().rawValue)
            _ = try await stranger.get("/nearby?ll=1,1", client: client)
            _ = try await stranger.get("/nearby", client: client)
            #expect(source.queries.last?.area == .box(NearbyFilters.area(around: Self.berlin, zoom: 14)))
        }
    }

    @Test func withoutServicesNearbySaysItIsNotSetUp() async throws {
        let page = try await get("/nearby", nil)
        #expect(page.status == .ok)
        #expect(page.text.contains("data-state=\"not-set-up\""))
        #expect(page.text.contains("Nearby is not set up"))
        #expect(!page.text.contains("data-place-list"))
    }

    @Test func theListShowsWhatIsKnownAndInventsNothing() async throws {
        let source = StubPlaceSource()
        let page = try await get("/nearby", source)
        #expect(page.status == .ok)
        // No place given: the default centre's area at the default zoom, all kinds, the first page.
        let query = try #require(source.queries.first)
        #expect(query.area == .box(NearbyFilters.area(around: Self.berlin, zoom: 14)))
        #expect(query.categories.isEmpty && query.cursor == nil && query.text == nil)
        let first = try #require(card("osm:node/1", in: page.text))
        #expect(first.contains("<h3 class=\"place-card__name\">Pixel Palace</h3>"))
        #expect(first.contains("Video game store") && first.contains("Alexanderplatz 1, 10178 Berlin"))
        #expect(first.contains("<span>420 m</span>") && first.contains("Open now"))
        #expect(first.contains("aria-label=\"Rated 8.4 of 10\">★ 8.4"))
        #expect(first.contains("href=\"https://www.openstreetmap.org/directions?to=52.521%2C13.41\""))
        #expect(first.contains("href=\"https://www.openstreetmap.org/node/1\" target=\"_blank\""))
        #expect(first.contains("data-lat=\"52.521\" data-lon=\"13.41\""))
        // An element without a name shows its kind; unknown hours and ratings are left out, never made up.
        let arcade = try #require(card("osm:way/2", in: page.text))
        #expect(arcade.contains("<h3 class=\"place-card__name\">Arcade</h3>"))
        #expect(!arcade.contains("★") && !arcade.contains("Open now") && !arcade.contains("Closed now"))
        #expect(card("osm:node/3", in: page.text)?.contains("1.3 km") == true)
        #expect(card("osm:node/3", in: page.text)?.contains("Closed now") == true)
        #expect(page.text.contains("data-source=\"openstreetmap\""))
        #expect(page.text.contains("<a href=\"https://www.openstreetmap.org/copyright\""))
        #expect(page.text.contains("© OpenStreetMap contributors"))
    }

    @Test func hostileNamesAndAddressesAreEscaped() async throws {
        let page = try await get("/nearby", StubPlaceSource())
        #expect(!page.text.contains("<script>alert"))
        #expect(!page.text.contains("<b>Torstraße"))
        let hostile = try #require(card("osm:node/3", in: page.text))
        #expect(hostile.contains("&lt;script&gt;alert(1)&lt;/script&gt; &quot;Café&quot; &#39;Quote&#39;"))
        #expect(hostile.contains("&lt;b&gt;Torstraße&lt;/b&gt; 5"))
    }

    @Test func badParametersAreTheAppsBadRequestPage() async throws {
        let source = StubPlaceSource()
        let cases = [
            ("/nearby?ll=abc", "ll must be a latitude and longitude"), ("/nearby?ll=91,0", "ll must be"),
            ("/nearby?z=2", "z must be a whole number from 3 to 19"), ("/nearby?z=20", "from 3 to 19"),
            ("/nearby?z=1.5", "from 3 to 19"), ("/nearby?cat=bowling", "no kind of place called “bowling”"),
            ("/nearby?cursor=%3Cx%3E", "cursor is not a page"), ("/nearby?view=globe", "view must be list or map"),
            ("/nearby?q=" + String(repeating: "a", count: 101), "q may be at most 100 characters"),
            ("/nearby?near=" + String(repeating: "b", count: 101), "near may be at most 100 characters"),
        ]
        for (uri, message) in cases {
            let page = try await get(uri, source)
            #expect(page.status == .badRequest, "\(uri)")
            #expect(page.text.contains(message), "\(uri)")
        }
        #expect(source.queries.isEmpty)
        let german = try await get("/nearby?cat=x%3Cy", source, headers: [.acceptLanguage: "de"])
        #expect(german.status == .badRequest)
        #expect(german.text.contains("Es gibt keine Art von Orten namens „x&lt;y“"))
    }

    @Test func loadMoreFollowsTheSourcesCursorToTheLastPage() async throws {
        let source = StubPlaceSource()
        let first = try await get("/nearby?cat=arcade", source)
        #expect(cardIDs(first.text) == ["osm:node/1", "osm:way/2", "osm:node/3"])
        #expect(first.text.contains("<a class=\"button\" href=\"/nearby?cat=arcade&amp;cursor=3\" data-nearby-more"))
        let second = try await get(
            "/nearby?cat=arcade&cursor=3", source, headers: [PageResponse.fragmentHeader: "results"])
        #expect(source.queries.last?.cursor == PlaceCursor(rawValue: "3"))
        #expect(source.queries.last?.categories == [.arcade])
        #expect(cardIDs(second.text) == ["osm:relation/4"])
        #expect(!second.text.contains("data-nearby-more"))
        // The fragment is the results section alone: what the script appends or swaps in.
        #expect(second.text.hasPrefix("<section id=\"results\"") && !second.text.contains("<html"))
    }

    @Test func theURLKeepsViewAreaQueryAndKind() async throws {
        let source = StubPlaceSource()
        let page = try await get("/nearby?view=map&ll=52.5,13.4&z=12&q=pix&cat=arcade", source)
        let query = try #require(source.queries.first)
        let center = GeoPoint(latitude: 52.5, longitude: 13.4)!
        #expect(query.area == .box(NearbyFilters.area(around: center, zoom: 12)))
        #expect(query.text == "pix" && query.categories == [.arcade])
        #expect(page.text.contains("data-view=\"map\" data-center=\"52.5,13.4\" data-zoom=\"12\""))
        #expect(page.text.contains("<a href=\"/nearby?ll=52.5,13.4&amp;z=12&amp;q=pix&amp;cat=arcade\">List</a>"))
        #expect(page.text.contains("<input type=\"hidden\" name=\"ll\" value=\"52.5,13.4\">"))
        #expect(page.text.contains("class=\"pill\" href=\"/nearby?view=map&amp;ll=52.5,13.4&amp;z=12&amp;q=pix\">All"))
        #expect(page.text.contains("data-map tabindex=\"0\""))
        // Without JavaScript the map says so and links to the same search as a list.
        #expect(
            page.text.contains(
                "<noscript><p class=\"empty-state map__nojs\">The map needs JavaScript. <a href=\"/nearby?ll=52.5,13.4&amp;z=12&amp;q=pix&amp;cat=arcade\">Show the list</a>"
            ))
        // Each card's "Show on map" centres the map view on it.
        #expect(
            card("osm:node/1", in: page.text)?.contains("href=\"/nearby?view=map&amp;ll=52.521,13.41&amp;z=16") == true)
    }

    /// The search form is sent with `method="get"`: a browser writes the typed words' spaces as `+` (and a typed
    /// plus as `%2B`); both are searched as typed, and the page's own links write them back the same way.
    @Test func aTypedNameOfSeveralWordsIsSearchedAsTheFormSendsIt() async throws {
        let source = StubPlaceSource()
        let page = try await get("/nearby?ll=52.5%2C13.4&z=15&q=Retro+Tresor+C%2B%2B&near=", source)
        #expect(source.queries.first?.text == "Retro Tresor C++")
        #expect(page.text.contains("name=\"q\" value=\"Retro Tresor C++\""))
        #expect(
            page.text.contains("href=\"/nearby?ll=52.5,13.4&amp;z=15&amp;q=Retro%20Tresor%20C%2B%2B&amp;cat=arcade\""))
    }

    @Test func aTypedPlaceIsSearchedByNameAndWinsOverTheCentre() async throws {
        let source = StubPlaceSource()
        _ = try await get("/nearby?near=Berlin%20Mitte&ll=1,1", source)
        #expect(source.queries.first?.area == .named("Berlin Mitte"))
    }

    @Test func anEmptyAreaSaysSoAndOffersToZoomOut() async throws {
        let page = try await get("/nearby?ll=52.5,13.4&z=15", StubPlaceSource(places: []))
        #expect(page.status == .ok)
        #expect(page.text.contains("data-state=\"empty\""))
        #expect(
            page.text.contains("No game stores within this area") && page.text.contains("Zoom out or search elsewhere.")
        )
        #expect(page.text.contains("<a class=\"button\" href=\"/nearby?ll=52.5,13.4&amp;z=13\">Zoom out</a>"))
    }

    @Test func eachFailureHasItsOwnStateStatusAndRetry() async throws {
        let cases: [(PlaceSourceError, HTTPResponse.Status, String, String)] = [
            (.refusedKey, .serviceUnavailable, "refused-key", "refused this server’s key"),
            (.rateLimited(retryAfter: 29.2), .serviceUnavailable, "rate-limited", "try again in 30 seconds"),
            (.unreachable, .badGateway, "error", "did not answer"),
            (.timedOut, .gatewayTimeout, "error", "did not answer"),
            (.unavailable(status: 500), .badGateway, "error", "did not answer"),
            (.malformed("x"), .badGateway, "error", "could not be read"),
            (.unknownPlace, .notFound, "unknown-place", "Nothing called “&lt;Atlantis&gt;” was found"),
        ]
        for (error, status, state, message) in cases {
            let page = try await get("/nearby?near=%3CAtlantis%3E", StubPlaceSource(failure: error))
            #expect(page.status == status, "\(error)")
            #expect(page.text.contains("role=\"alert\" data-state=\"\(state)\""), "\(error)")
            #expect(page.text.contains(message), "\(error)")
            #expect(page.text.contains("href=\"/nearby?near=%3CAtlantis%3E\" data-retry>Retry</a>"), "\(error)")
        }
        let limited = try await get("/nearby", StubPlaceSource(failure: .rateLimited(retryAfter: 30)))
        #expect(limited.headers[.retryAfter] == "30")
    }

    @Test func placesFromACacheSayWhenTheyWereSaved() async throws {
        let saved = Date(timeIntervalSince1970: 1_774_000_000)
        let page = try await get("/nearby", StubPlaceSource(staleSince: saved))
        #expect(page.text.contains("data-state=\"stale\""))
        #expect(page.text.contains("Offline — showing places saved on Fri 20 Mar 2026, 09:46 UTC."))
        #expect(cardIDs(page.text).count == 3)
    }

    @Test func foursquarePlacesLinkToFoursquareAndCreditIt() async throws {
        let place = Place.stub(id: "fsq:4b0588f4f964a520", name: "Level Up", latitude: 52.52, longitude: 13.4)
        let page = try await get("/nearby", StubPlaceSource(kind: .foursquare, places: [place]))
        #expect(page.text.contains("data-source=\"foursquare\">Places from <a href=\"https://foursquare.com\""))
        #expect(page.text.contains("href=\"https://foursquare.com/v/4b0588f4f964a520\" target=\"_blank\""))
        #expect(page.text.contains(">On Foursquare</a>"))
    }

    @Test func theGermanPageIsGermanThroughout() async throws {
        let page = try await get("/nearby?view=map", StubPlaceSource(), headers: [.acceptLanguage: "de"])
        #expect(page.text.contains("<h1>In der Nähe</h1>"))
        #expect(
            page.text.contains(">Videospielladen</a>")
                && page.text.contains("<h3 class=\"place-card__name\">Spielhalle</h3>"))
        #expect(page.text.contains("1,3 km") && page.text.contains("© OpenStreetMap-Mitwirkende"))
        #expect(page.text.contains("Die Karte braucht JavaScript."))
    }

    @Test func thePageMayAskForTheLocationFromItsOwnOriginOnly() async throws {
        let page = try await get("/nearby", StubPlaceSource())
        #expect(page.headers[HTTPField.Name("Permissions-Policy")!] == "camera=(), microphone=(), geolocation=(self)")
    }

    @Test func moreLinksToNearby() async throws {
        let page = try await get("/more", StubPlaceSource())
        #expect(page.text.contains("href=\"/nearby\""))
    }

    // MARK: - Helpers

    func card(_ id: String, in html: String) -> String? {
        html.components(separatedBy: "data-place-id=\"\(id)\"").dropFirst().first?.components(separatedBy: "</li>")
            .first
    }

    func cardIDs(_ html: String) -> [String] {
        html.components(separatedBy: "<li class=\"card place-card\" data-place-id=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
    }
}
