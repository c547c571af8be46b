import Testing

@testable import GiveawaysViews

/// The route table without a server: each path written once, a path read as the router's trie would pick its line,
/// templates printed and matched, the API's lines told apart.
@Suite struct RouteTableTests {
    @Test func eachPathIsDeclaredOnce() {
        let templates = SiteRoute.table.map(\.template.description)
        #expect(Set(templates).count == templates.count, "\(templates.sorted())")
    }

    /// A path matches the line the router's trie would pick: fixed text before a parameter.
    @Test func fixedSegmentsWinOverParameters() throws {
        #expect(try SiteRoute(path: "/free-to-play/hidden") == .catalogHidden)
        #expect(try SiteRoute(path: "/discover/genre") == .discoverChoose)
        #expect(try SiteRoute(path: "/discover/image") == .discoverImage(genre: nil, page: nil, game: nil))
        #expect(try SiteRoute(path: "/discover/games") == .discoverGenre(slug: "games", page: 1))
        #expect(try SiteRoute(path: "/free-to-play/hidden/note") == nil)
    }

    @Test func templatesPrintMatchAndGiveTheRouterItsPattern() {
        let feed = RouteTemplate("/feeds/p/{token}.{format}")
        #expect(feed.routerPattern == "/feeds/p/*")
        #expect(feed.fixedPrefix == "/feeds/p/")
        #expect(feed.match("/feeds/p/abc.atom") == ["token": "abc", "format": "atom"])
        #expect(feed.match("/feeds/p/abc") == nil)
        #expect(feed.path(["token": "abc", "format": "ics"]) == "/feeds/p/abc.ics")
        let image = RouteTemplate("/free-to-play/{id}/images/{index}")
        #expect(image.routerPattern == "/free-to-play/{id}/images/{index}")
        #expect(image.match("/free-to-play/7/images/2") == ["id": "7", "index": "2"])
        #expect(image.match("/free-to-play/7/screens/2") == nil)
        #expect(RouteTemplate("/").match("/") == [:])
        #expect(RouteTemplate("/").routerPattern == "/")
    }

    @Test func apiResourcesAreTheAPILinesOfTheTable() {
        for path in [
            "/api/v1/giveaways", "/api/v1/giveaways/7", "/api/v1/giveaways/abc", "/api/v1/platforms", "/api/v1/status",
            "/api/v1/free-to-play", "/api/v1/free-to-play/suggestions", "/api/v1/me/library", "/api/openapi.yaml",
        ] {
            #expect(SiteRoute.isAPIResource(path), "\(path)")
        }
        for path in ["/api", "/api/v1", "/api/v1/nope", "/api/v1/giveaways/7/x", "/giveaways/7"] {
            #expect(!SiteRoute.isAPIResource(path), "\(path)")
        }
    }
}
