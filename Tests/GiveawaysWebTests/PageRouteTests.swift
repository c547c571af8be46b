import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysWeb
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite struct PageRouteTests {
    @Test func homeListsLiveGiveawaysAsCardsAndHidesExpiredOnes() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let html = response.text
                for id in [3101, 3102, 3103, 3104, 3105] {
                    #expect(html.contains("data-giveaway-id=\"\(id)\""), "card \(id)")
                    #expect(html.contains("href=\"/giveaways/\(id)\""))
                }
                #expect(!html.contains("data-giveaway-id=\"2001\""))
                #expect(html.contains("Giveaway data from <a href=\"https://www.gamerpower.com\""))
                #expect(html.contains("<strong>5</strong> giveaways"))
                #expect(html.contains("Xbox Series X|S"))
                #expect(!html.contains(">xbox-series-xs<"))
            }
        }
    }

    @Test func filtersComeFromTheQueryString() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let cases: [(String, [Int])] = [
                ("/?platform=steam", [3102, 3103]),
                ("/?type=loot", [3102]),
                ("/?type=beta", [3103]),
                ("/?platform=pc&type=game", [3101]),
                ("/?q=pokemon%20CAFE", [3103]),
                ("/?q=xbox", [3104, 3105]),
                ("/?sort=value", [3104, 3101, 3105, 3102, 3103]),
                ("/?sort=popularity", [3101, 3102, 3104, 3103, 3105]),
                ("/?sort=ending", [3105, 3104, 3101, 3102, 3103]),
                ("/?platform=hyperspace-store", [3103]),
                ("/?platform=all&type=&sort=", [3101, 3102, 3103, 3104, 3105]),
            ]
            for (uri, expected) in cases {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(Self.cardIDs(response.text) == expected, "\(uri)")
                }
            }
        }
    }

    @Test func invalidFilterValuesGetAFriendly400Page() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            for uri in [
                "/?platform=dreamcast", "/?type=skins", "/?sort=cheapest",
                "/?q=" + String(repeating: "a", count: 201), "/?platform=%3Cscript%3E",
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    #expect(response.text.contains("<h1>That filter doesn&#39;t exist</h1>"))
                    #expect(!response.text.contains("<script>"))
                }
            }
        }
    }

    @Test func emptyResultsOfferAWayOut() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/?q=zzzz", method: .get) { response in
                #expect(response.text.contains("Nothing matches"))
                #expect(response.text.contains("<a class=\"button\" href=\"/\">Clear filters</a>"))
            }
        }
    }

    @Test func liveSearchGetsOnlyTheResultsFragment() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/?q=rally", method: .get, headers: [.init("X-Fragment")!: "results"]) {
                response in
                #expect(response.status == .ok)
                #expect(!response.text.contains("<html"))
                #expect(Self.cardIDs(response.text) == [3104])
            }
        }
    }

    @Test func detailsShowEveryFactAndASafeGetItLink() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/giveaways/3103", method: .get) { response in
                #expect(response.status == .ok)
                let html = response.text
                #expect(html.contains("<h1>Pokémon-like Café Beta Key</h1>"))
                #expect(html.contains("640 people"))
                #expect(html.contains("Early Access"))
                #expect(html.contains("Hyperspace Store"))
                #expect(html.contains("No end date"))
                #expect(html.contains("target=\"_blank\" rel=\"noopener noreferrer\">Get it"))
                #expect(
                    html.contains(
                        "<a href=\"https://example.com/claim\" target=\"_blank\" rel=\"noopener noreferrer nofollow\">the claim page</a>"
                    ))
                #expect(!html.contains("target=\"_blank\">the claim page"))
            }
            try await client.execute(uri: "/giveaways/3101", method: .get) { response in
                #expect(response.text.contains("Ends in 6 days"))
                #expect(response.text.contains("<s>$19.99</s> Free"))
                #expect(response.text.contains("15,230 people"))
            }
            try await client.execute(uri: "/giveaways/2001", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("badge--muted\">Expired"))
            }
        }
    }

    @Test func unknownGiveawaysAndRoutesAreReal404Pages() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            for uri in ["/giveaways/424242", "/giveaways/abc", "/giveaways/-1", "/nope", "/static/../Package.swift"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .notFound, "\(uri)")
                    #expect(response.text.contains("We couldn&#39;t find that"), "\(uri)")
                }
            }
        }
    }

    @Test func morePageHasTheEpicCarouselAndAShelfPerPlatform() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/more", method: .get) { response in
                let html = response.text
                #expect(html.contains("id=\"featured\""))
                let featured = html.components(separatedBy: "id=\"featured\"")[1].components(separatedBy: "</section>")[
                    0]
                #expect(featured.contains("data-giveaway-id=\"3101\""))
                #expect(!featured.contains("data-giveaway-id=\"3102\""))
                let shelves = html.components(separatedBy: "<h2 id=\"shelf-").dropFirst().map {
                    String($0.prefix { $0 != "\"" })
                }
                #expect(
                    shelves == [
                        "pc", "steam", "epic-games-store", "ubisoft", "itchio", "ps4", "ps5", "xbox-series-xs",
                        "xbox-one", "xbox-360", "switch", "android", "ios", "vr", "hyperspace-store",
                    ])
                #expect(html.contains("Hyperspace Store"))
            }
        }
    }

    @Test func everyResponseCarriesSecurityHeaders() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            for uri in ["/", "/more", "/nope", "/api/v1/giveaways", "/healthz"] {
                try await client.execute(uri: uri, method: .get) { response in
                    let csp = response.headers[.contentSecurityPolicy] ?? ""
                    #expect(csp.contains("script-src 'self'"), "\(uri)")
                    #expect(!csp.contains("unsafe-inline"))
                    #expect(csp.contains("frame-ancestors 'none'"))
                    #expect(response.headers[.xContentTypeOptions] == "nosniff")
                    #expect(response.headers[.init("Referrer-Policy")!] != nil)
                }
            }
        }
    }

    @Test func staticAssetsAreServedWithLongCachingAndValidators() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let etag = try await client.execute(uri: "/static/app.css", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
                #expect(response.headers[.cacheControl]?.contains("immutable") == true)
                #expect(response.text.contains("@media(prefers-color-scheme:dark)"))
                return response.headers[.eTag] ?? ""
            }
            try await client.execute(uri: "/static/app.css", method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
            }
            try await client.execute(uri: "/static/more.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("data-carousel"))
            }
            try await client.execute(uri: "/static/secret.txt", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func imagesFallBackToAPlaceholderWhenTheUpstreamHasNone() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/images/3101/thumbnail", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/svg+xml")
            }
            try await client.execute(uri: "/images/3101/other", method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/images/999/image", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func demoDataIsShownAndLabelledWhenTheStoreIsEmptyAndTheUpstreamDown() async throws {
        let harness = try await WebHarness(seed: false)
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.text.contains("No giveaways yet"))
            }
            // A sync against the dead upstream (the Retry button's route) finds an empty store: demo data goes in.
            _ = try await client.execute(
                uri: "/sync", method: .post, headers: [.init("Sec-Fetch-Site")!: "same-origin"])
            var html = ""
            for _ in 0..<50 where !html.contains("banner--demo") {
                try await Task.sleep(for: .milliseconds(50))
                html = try await client.execute(uri: "/", method: .get) { $0.text }
            }
            #expect(html.contains("banner--demo"))
            #expect(html.contains("these giveaways are invented examples"))
            #expect(Self.cardIDs(html).count >= 6)
        }
        #expect(try await harness.repository.feed.holdsDemoData())
    }

    @Test func staleDataShowsTheOfflineBannerWithRetry() async throws {
        let harness = try await WebHarness()
        try await harness.repository.recordSyncFailure("GamerPower is unreachable", at: harness.now)
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.text.contains("Offline — showing data from Tue 31 Mar 2026, 06:00 UTC"))
                #expect(response.text.contains("action=\"/sync\""))
                #expect(Self.cardIDs(response.text).count == 5)
            }
        }
    }

    @Test func headAnswersLikeGetWithoutABody() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/more", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.body.readableBytes == 0)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            }
            try await client.execute(uri: "/giveaways/424242", method: .head) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func healthzAnswers() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text == "{\"database\":{\"kind\":\"sqlite\",\"reachable\":true},\"status\":\"ok\"}")
            }
        }
    }

    static func cardIDs(_ html: String) -> [Int] {
        html.components(separatedBy: "<article class=\"card").dropFirst().compactMap { chunk in
            guard let range = chunk.range(of: "data-giveaway-id=\"") else { return nil }
            return Int(chunk[range.upperBound...].prefix { $0.isNumber })
        }
    }
}

@Suite struct LongListTests {
    /// A real feed can hold 130+ live giveaways: Home shows every one on one page, expired ones not at all.
    @Test func homeShowsEveryLiveGiveawayOnOnePage() async throws {
        let harness = try await WebHarness(seed: false)
        let live = (1...140).map {
            Giveaway.stub(id: $0, publishedAt: Date(timeIntervalSince1970: 1_774_000_000 + Double($0)))
        }
        let expired = (141...145).map { Giveaway.stub(id: $0, endsAt: utc("2026-03-30T00:00:00Z")) }
        _ = try await harness.repository.saveSync(live + expired, at: harness.now)
        try await harness.app().test(.router) { client in
            let ids = try await client.execute(uri: "/", method: .get) { response in
                #expect(response.text.contains("<strong>140</strong> giveaways"))
                #expect(!response.text.contains("rel=\"next\""))
                return PageRouteTests.cardIDs(response.text)
            }
            #expect(ids.count == 140)
            #expect(Set(ids) == Set(1...140))
            // The first release's `?page=2` links still answer, with the whole list.
            let old = try await client.execute(uri: "/?page=2", method: .get) { PageRouteTests.cardIDs($0.text) }
            #expect(old.count == 140)
        }
    }

    /// Favorites grow with "Load more": a plain link that keeps the position in the URL, and a results fragment
    /// for the script that appends in place.
    @Test func longFavoritesGrowWithLoadMore() async throws {
        let harness = try await WebHarness(seed: false)
        let count = Defaults.listPageSize + 12
        let many = (1...count).map {
            Giveaway.stub(id: $0, publishedAt: Date(timeIntervalSince1970: 1_774_000_000 + Double($0)))
        }
        _ = try await harness.repository.saveSync(many, at: harness.now)
        try await harness.app().test(.router) { client in
            var browser = Browser()
            for id in 1...count { _ = try await browser.heart(id, on: true, client: client) }
            let first = try await client.execute(uri: "/favorites", method: .get, headers: browser.cookieHeader) {
                response in
                #expect(response.text.contains("href=\"/favorites?page=2#item-\(Defaults.listPageSize + 1)\""))
                #expect(response.text.contains("data-load-more"))
                #expect(response.text.contains("Showing \(Defaults.listPageSize) of \(count)"))
                return PageRouteTests.cardIDs(response.text)
            }
            // Most recently hearted first.
            #expect(first == Array((count - Defaults.listPageSize + 1...count).reversed()))
            let second = try await client.execute(
                uri: "/favorites?page=2", method: .get, headers: browser.cookieHeader
            ) { response in
                #expect(!response.text.contains("data-load-more"))
                #expect(response.text.contains("id=\"item-\(Defaults.listPageSize + 1)\""))
                return PageRouteTests.cardIDs(response.text)
            }
            #expect(second == Array((1...count).reversed()))
            var fragment = browser.cookieHeader
            fragment[.init("X-Fragment")!] = "results"
            try await client.execute(uri: "/favorites?page=2", method: .get, headers: fragment) { response in
                #expect(!response.text.contains("<html"))
                #expect(PageRouteTests.cardIDs(response.text).count == count)
            }
            for bad in ["0", "-1", "abc", "99999"] {
                try await client.execute(uri: "/favorites?page=\(bad)", method: .get) { response in
                    #expect(response.status == .badRequest, "\(bad)")
                }
            }
        }
    }
}
