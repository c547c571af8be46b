import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysWeb

/// Games (`/games`): RAWG's popular feed in an ordering, a search, pages in the URL, bad queries refused, and a
/// game's page that says whether the game is free now, coming free or was free before.
@Suite struct GamesRouteTests {
    @Test func thePopularFeedPagesThroughTheURLInTheVisitorsOrdering() async throws {
        let harness = try await WebHarness()
        let stub = StubDiscover()
        try await harness.app(discover: stub).test(.router) { client in
            try await client.execute(uri: "/games", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("popular game 1-1"))
                #expect(response.text.contains("href=\"/games?page=2\" data-load-more data-infinite"))
                #expect(response.text.contains("<option value=\"rating\">Top rated</option>"))
                #expect(response.text.contains("aria-current=\"page\"><svg"), "Games is the current tab")
            }
            try await client.execute(uri: "/games?sort=rating&page=3", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("rating game 3-2"))
                #expect(response.text.contains("Page 3"))
                #expect(!response.text.contains("data-load-more"), "the last page links no further")
                #expect(response.text.contains("/games/image?sort=rating&amp;page=3&amp;game=32"))
            }
            // "More games" and search as you type fetch the results alone.
            try await client.execute(
                uri: "/games?page=2", method: .get, headers: [.init("X-Fragment")!: "results"]
            ) { response in
                #expect(response.text.contains("popular game 2-1"))
                #expect(!response.text.contains("<html"))
            }
        }
        #expect(
            stub.queries.withLock { $0 } == [
                GameQuery(page: 1), GameQuery(ordering: .rating, page: 3), GameQuery(page: 2),
            ])
    }

    @Test func aClientPastItsShareOfRAWGWaitsWithoutLockingOutOthers() async throws {
        let harness = try await WebHarness()
        var configuration = harness.configuration
        configuration.rawgRequestsPerClient = 2
        configuration.rawgRequestRefill = 300
        let stub = StubDiscover()
        try await harness.app(discover: stub, configuration: configuration).test(.live) { client in
            for word in ["portal", "portal 2"] {
                #expect(
                    try await client.execute(
                        uri: "/games?q=\(word.replacingOccurrences(of: " ", with: "+"))", method: .get
                    ).status == .ok)
            }
            try await client.execute(uri: "/games?q=lantern", method: .get) { response in
                #expect(response.status == .tooManyRequests)
                #expect(response.headers[.retryAfter] == "300")
                #expect(response.text.contains("monthly allowance with everyone"))
                #expect(response.text.contains("Try again in 5 min."))
            }
            try await client.execute(
                uri: "/api/v1/games?search=lantern", method: .get, headers: [.accept: "application/json"]
            ) { response in
                #expect(response.status == .tooManyRequests)
                #expect(response.headers[.retryAfter] != nil)
                #expect(response.text.contains("\"status\":429"))
            }
            // The popular feed (the stub charges searches only) and other clients are not held back.
            #expect(try await client.execute(uri: "/games", method: .get).status == .ok)
            try await client.execute(
                uri: "/games?q=lantern", method: .get, headers: [.init("X-Forwarded-For")!: "192.0.2.7"]
            ) { response in
                #expect(response.status == .ok, "another client behind the same proxy has its own share")
            }
        }
    }

    @Test func aSearchFindsByNameAndOneThatFindsNothingOffersTheGenres() async throws {
        let harness = try await WebHarness()
        try await harness.app(discover: StubDiscover()).test(.router) { client in
            try await client.execute(uri: "/games?q=portal", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("3 found for “portal” on RAWG."))
                #expect(response.text.contains("href=\"/discover/games/145\""))
                #expect(response.text.contains("value=\"portal\""), "the search box keeps the search")
            }
            try await client.execute(uri: "/games?q=%3Cscript%3Ezzz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("No game on RAWG is called “&lt;script&gt;zzz”."))
                #expect(response.text.contains("href=\"/discover?genres=all\""))
                #expect(!response.text.contains("<script>zzz"))
            }
        }
    }

    @Test func anOverlongSearchABadOrderingAndAFarPageAreClear400s() async throws {
        let harness = try await WebHarness()
        let stub = StubDiscover()
        try await harness.app(discover: stub).test(.router) { client in
            for uri in [
                "/games?q=" + String(repeating: "a", count: 1000), "/games?sort=cheapest", "/games?page=10000",
                "/games?page=0", "/games?page=x",
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest, "\(uri.prefix(40))")
                }
            }
        }
        #expect(stub.calls.withLock { $0 } == 0, "nothing refused reached RAWG")
    }

    /// A game's page reads the giveaway history by the normalised title alone: "Portal" is free now on Epic, "Portal
    /// 2" was free on Steam, "Portal Knights" never was, and none of them takes another's giveaways.
    @Test func aGamesPageSaysWhetherItIsFreeNowWasFreeOrNeverWas() async throws {
        let harness = try await WebHarness(seed: false)
        _ = try await harness.repository.saveSync(
            [
                .stub(
                    id: 1, title: "Portal (Epic Games) Giveaway", platforms: "PC, Epic Games Store",
                    endsAt: utc("2026-04-02T15:00:00Z")),
                .stub(id: 2, title: "Portal 2 (Steam) Giveaway", platforms: "PC, Steam"),
                .stub(id: 3, title: "Portal Knights - Soundtrack DLC", type: .dlc, platforms: "PC, Steam"),
            ], at: utc("2026-03-01T06:00:00Z"))
        // Portal 2's giveaway leaves the feed; Portal's stays.
        _ = try await harness.repository.saveSync(
            [
                .stub(
                    id: 1, title: "Portal (Epic Games) Giveaway", platforms: "PC, Epic Games Store",
                    endsAt: utc("2026-04-02T15:00:00Z"))
            ], at: utc("2026-03-20T06:00:00Z"))
        try await harness.app(discover: StubDiscover()).test(.router) { client in
            try await client.execute(uri: "/discover/games/144", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("Free now on Epic Games Store"))
                #expect(response.text.contains("href=\"/giveaways/1\">Claim it</a>"))
                #expect(response.text.contains("src=\"/discover/games/144/screenshots/1\""))
                #expect(!response.text.contains("/discover/games/144/screenshots/2"), "two screenshots, two images")
                #expect(!response.text.contains("/giveaways/2\""))
            }
            try await client.execute(uri: "/discover/games/145", method: .get) { response in
                #expect(!response.text.contains("Free now"))
                #expect(response.text.contains("Free before: <a href=\"/giveaways/2\">Steam Mar 2026</a>"))
                #expect(!response.text.contains("/giveaways/1\""))
            }
            try await client.execute(uri: "/discover/games/146", method: .get) { response in
                #expect(response.text.contains("Not given away since GameGiveaways began keeping track."))
                #expect(!response.text.contains("class=\"screenshots\""), "no screenshots, no section")
                #expect(!response.text.contains("/giveaways/3\""), "a DLC is not the game")
            }
        }
    }

    /// A heart keeps the game in Favorites with its card, so Favorites shows it without asking RAWG; a second press
    /// lets it go.
    @Test func aHeartedGameIsInFavoritesWithoutAskingRAWGAgain() async throws {
        let harness = try await WebHarness()
        let stub = StubDiscover()
        try await harness.app(discover: stub).test(.router) { client in
            var visitor = Browser()
            let kept = try await visitor.post(
                "/discover/games/145/favorite", "favorite=1", client: client, extra: [.accept: "application/json"])
            #expect(kept.status == .ok)
            #expect(kept.text == #"{"favorite":true,"game":145}"#)
            let calls = stub.calls.withLock { $0 }
            let favorites = try await visitor.get("/favorites", client: client).text
            #expect(favorites.contains("Portal 2"))
            #expect(favorites.contains("href=\"/discover/games/145\""))
            #expect(favorites.contains("aria-pressed=\"true\""))
            #expect(stub.calls.withLock { $0 } == calls, "Favorites asked RAWG nothing")
            #expect(favorites.contains("1 game kept from Games, below. No giveaway hearted yet."))
            #expect(favorites.contains("No favorite giveaways yet") && !favorites.contains("No favorites yet"))
            let page = try await visitor.get("/discover/games/145", client: client).text
            #expect(page.contains("aria-pressed=\"true\" aria-label=\"Remove Portal 2 from favorites\""))
            _ = try await visitor.post("/discover/games/145/favorite", "favorite=0", client: client)
            let empty = try await visitor.get("/favorites", client: client).text
            #expect(!empty.contains("Portal 2") && empty.contains("No favorites yet"))
        }
    }

    /// Details links a game to its page in Games when a RAWG key is set; the link finds RAWG's game of exactly that
    /// title, and otherwise searches for it.
    @Test func detailsLeadsToTheGamesPageOfExactlyThatGame() async throws {
        let harness = try await WebHarness(seed: false)
        _ = try await harness.repository.saveSync(
            [
                .stub(id: 1, title: "Portal (Epic Games) Giveaway", platforms: "PC, Epic Games Store"),
                .stub(id: 2, title: "Portal Knights Deluxe Pack", type: .dlc),
            ], at: utc("2026-03-01T06:00:00Z"))
        try await harness.app(discover: StubDiscover()).test(.router) { client in
            try await client.execute(uri: "/giveaways/1", method: .get) { response in
                #expect(response.text.contains("href=\"/games/find?title=portal\""))
            }
            try await client.execute(uri: "/giveaways/2", method: .get) { response in
                #expect(!response.text.contains("/games/find"), "a DLC is not a game of its own")
            }
            try await client.execute(uri: "/games/find?title=portal", method: .get) { response in
                #expect(response.headers[.location] == "/discover/games/144")
            }
            try await client.execute(uri: "/games/find?title=Portal%20Knights%203", method: .get) { response in
                #expect(response.headers[.location] == "/games?q=portal%20knights%203")
            }
            try await client.execute(uri: "/games/find?title=%21%21", method: .get) { response in
                #expect(response.status == .badRequest)
            }
        }
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/giveaways/1", method: .get) { response in
                #expect(!response.text.contains("/games/find"), "no RAWG key, no link")
            }
        }
    }

    /// `/status` shows the month's RAWG requests against the free tier's allowance, and warns from 80 %.
    @Test func statusShowsTheMonthsRAWGRequestsAndWarnsNearTheAllowance() async throws {
        let harness = try await WebHarness()
        let stub = StubDiscover()
        try await harness.app(discover: stub).test(.router) { client in
            try await client.execute(uri: "/status", method: .get) { response in
                #expect(!response.text.contains("id=\"status-rawg\""), "a source that does not count shows nothing")
            }
            stub.usage.withLock { $0 = 1_234 }
            try await client.execute(uri: "/status", method: .get) { response in
                #expect(response.text.contains("1,234 requests to RAWG this month (Games), of the 20,000"))
                #expect(response.text.contains("Within its allowance"))
                #expect(!response.text.contains("used 80 %"))
            }
            stub.usage.withLock { $0 = 16_000 }
            try await client.execute(uri: "/status", method: .get) { response in
                #expect(response.text.contains("Near its allowance"))
                #expect(response.text.contains("Games has used 80 % of this month"))
            }
        }
    }
}
