import Foundation
import GiveawaysDomain
import GiveawaysUpstream
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import GiveawaysWeb

/// A RAWG stand-in whose answers can be switched to failures; counts calls.
final class StubDiscover: DiscoverSource {
    let failure = Mutex<RAWGError?>(nil)
    let calls = Mutex(0)
    /// What it says of this month's RAWG requests (`nil`: it does not count them).
    let usage = Mutex<Int?>(nil)

    func requestsThisMonth(at now: Date) async -> Int? { usage.withLock { $0 } }

    /// Portal has two screenshots; no other game has any.
    func screenshots(ofGame id: Int, share: UpstreamShare?) async throws -> DiscoverAnswer<[URL]> {
        try step()
        let shots =
            id == 144 ? [1, 2].compactMap { URL(string: "https://media.rawg.io/media/screenshots/\($0).jpg") } : []
        return DiscoverAnswer(value: shots)
    }

    func genres() async throws -> DiscoverAnswer<[DiscoverGenre]> {
        try step()
        return DiscoverAnswer(value: [
            DiscoverGenre(id: 4, name: "Action", slug: "action", gamesCount: 98964),
            DiscoverGenre(id: 51, name: "Indie", slug: "indie", gamesCount: 32668),
        ])
    }

    func games(genre: String, page: Int, share: UpstreamShare?) async throws -> DiscoverAnswer<DiscoverPage> {
        try step()
        guard page <= 2 else { throw RAWGError.notFound("Invalid page.") }
        let games = (1...3).map {
            DiscoverGame(
                id: page * 100 + $0, name: "\(genre) game \(page)-\($0) <i>", released: CatalogDate("2019-05-01"),
                rating: 4.25, platforms: ["PC"])
        }
        return DiscoverAnswer(value: DiscoverPage(games: games, total: 6, hasNext: page < 2))
    }

    /// The popular feed: three pages of two games; a search finds the Portals by their first word.
    let queries = Mutex<[GameQuery]>([])
    static let portals = [(144, "Portal"), (145, "Portal 2"), (146, "Portal Knights")]

    func games(_ query: GameQuery, share: UpstreamShare?) async throws -> DiscoverAnswer<DiscoverPage> {
        try step()
        queries.withLock { $0.append(query) }
        if let search = query.search {
            // The stub keeps nothing: each search is one RAWG would be asked for, paid from the client's share.
            if let share, let retryAt = share.spendOne() { throw UpstreamShareSpent(retryAt: retryAt) }
            let found = Self.portals.filter { $0.1.lowercased().hasPrefix(search.lowercased()) }
                .map { DiscoverGame(id: $0.0, name: $0.1, rating: 4.5, genres: ["Puzzle"]) }
            return DiscoverAnswer(value: DiscoverPage(games: found, total: found.count, hasNext: false))
        }
        guard query.page <= 3 else { throw RAWGError.notFound("Invalid page.") }
        let games = (1...2).map {
            DiscoverGame(
                id: query.page * 10 + $0, name: "\(query.ordering.rawValue) game \(query.page)-\($0)",
                imageURL: URL(string: "https://media.rawg.io/media/games/\(query.page)\($0).jpg"))
        }
        return DiscoverAnswer(value: DiscoverPage(games: games, total: 6, hasNext: query.page < 3))
    }

    func game(id: Int, share: UpstreamShare?) async throws -> DiscoverAnswer<DiscoverGameDetail> {
        try step()
        if let portal = Self.portals.first(where: { $0.0 == id }) {
            return DiscoverAnswer(
                value: DiscoverGameDetail(game: DiscoverGame(id: id, name: portal.1, rating: 4.5, genres: ["Puzzle"])))
        }
        guard id == 43 else { throw RAWGError.notFound("Not found.") }
        return DiscoverAnswer(
            value: DiscoverGameDetail(
                game: DiscoverGame(id: 43, name: "Full Throttle Remastered", metacritic: 77),
                description: "One.\nTwo <script>", developers: ["Double Fine"]),
            staleSince: Date(timeIntervalSince1970: 1_774_000_000))
    }

    private func step() throws {
        calls.withLock { $0 += 1 }
        if let failure = failure.withLock({ $0 }) { throw failure }
    }
}

@Suite struct DiscoverRouteTests {
    @Test func withoutAKeyDiscoverExplainsItselfAndCallsNothing() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            for uri in ["/discover", "/discover/action", "/discover/games/43"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("It is off on this server"))
                    #expect(response.text.contains("GIVEAWAYS_RAWG_KEY"))
                }
            }
        }
    }

    @Test func choosingAGenreRemembersItForTheProfileUntilChanged() async throws {
        let harness = try await WebHarness()
        let stub = StubDiscover()
        try await harness.app(discover: stub).test(.router) { client in
            try await client.execute(uri: "/discover", method: .get) { response in
                #expect(response.text.contains("name=\"slug\" value=\"indie\""))
                #expect(response.text.contains("32,668 games"))
            }
            var visitor = Browser()
            let chosen = try await visitor.post("/discover/genre", "slug=indie", client: client)
            #expect(chosen.headers[.location] == "/discover/indie")
            #expect(visitor.profile != nil)
            let next = try await visitor.get("/discover", client: client)
            #expect(next.status == .seeOther || next.status == .found)
            #expect(next.headers[.location] == "/discover/indie")
            let genre = try await visitor.get("/discover/indie", client: client).text
            #expect(genre.contains("<h1>Indie</h1>"))
            #expect(genre.contains("Discover opens here next time."))
            #expect(genre.contains("data-rawg-id=\"101\""))
            #expect(genre.contains("indie game 1-1 &lt;i&gt;"))
            #expect(genre.contains("href=\"/discover/indie?page=2\" data-load-more data-infinite"))
            #expect(genre.contains("rawg.io"))
            let page2 = try await visitor.get("/discover/indie?page=2", client: client).text
            #expect(page2.contains("data-rawg-id=\"201\"") && !page2.contains("data-infinite"))
            #expect(try await visitor.get("/discover/indie?page=3", client: client).status == .notFound)
            let forgot = try await visitor.post("/discover/forget", "", client: client)
            #expect(forgot.headers[.location] == "/discover?genres=all")
            #expect(try await visitor.get("/discover", client: client).status == .ok)
            #expect(try await visitor.post("/discover/genre", "slug=..%2Fx", client: client).status == .badRequest)
        }
    }

    @Test func aGamePageAndEveryRAWGFailureGetAClearPage() async throws {
        let harness = try await WebHarness()
        let stub = StubDiscover()
        try await harness.app(discover: stub).test(.router) { client in
            try await client.execute(uri: "/discover/games/43", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("<h1>Full Throttle Remastered</h1>"))
                #expect(response.text.contains("<dd>77</dd>"))
                #expect(response.text.contains("<p>Two</p>") && !response.text.contains("<script>"))
                #expect(response.text.contains("RAWG did not answer just now"))
            }
            try await client.execute(uri: "/discover/games/44", method: .get) { #expect($0.status == .notFound) }
            for (failure, words) in [
                (RAWGError.badStatus(401, "the API key was refused"), "refused this server"),
                (.throttled, "slow down"), (.timedOut(seconds: 8), "in time"), (.badStatus(500, "x"), "just now"),
            ] {
                stub.failure.withLock { $0 = failure }
                try await client.execute(uri: "/discover/action", method: .get) { response in
                    #expect(response.status == .badGateway)
                    #expect(response.text.contains(words))
                }
            }
        }
    }
}
