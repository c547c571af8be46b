import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import GiveawaysWeb

/// A FreeToGame stand-in: the detail answer is switchable, and fetches are counted.
final class StubCatalog: CatalogSource {
    private let state = Mutex<(detail: Result<CatalogGameDetail, any Error>, fetches: [Int])>(
        (.success(CatalogGameDetail()), []))

    func answerDetails(_ result: Result<CatalogGameDetail, any Error>) { state.withLock { $0.detail = result } }
    var detailFetches: [Int] { state.withLock { $0.fetches } }

    func fetchCatalog() async throws -> [CatalogGame] { [] }

    func fetchDetail(id: Int) async throws -> CatalogGameDetail {
        try state.withLock { state in
            state.fetches.append(id)
            return try state.detail.get()
        }
    }
}

@Suite struct CatalogRouteTests {
    static func game(
        _ id: Int, _ title: String, genre: String = "Shooter", platforms: Set<CatalogPlatform> = [.pc],
        date: String = "2020-01-01", publisher: String = "Pub"
    ) -> CatalogGame {
        CatalogGame(
            id: id, title: title, thumbnailURL: URL(string: "http://127.0.0.1:9/g/\(id).jpg"),
            shortDescription: "About \(title).", gameURL: URL(string: "https://www.freetogame.com/open/\(id)"),
            genre: genre, platforms: platforms, publisher: publisher, developer: "Dev",
            releaseDate: CatalogDate(date), profileURL: URL(string: "https://www.freetogame.com/\(id)"))
    }

    static let games = [
        game(1, "Starforge Legends", genre: "MMORPG"),
        game(2, "Gridlock Arena", date: "2022-10-04", publisher: "Arena Games"),
        game(3, "Cardhaven", genre: "Card Game", platforms: [.pc, .browser], date: "2019-02-00"),
        game(4, "Pixel Kingdoms", genre: "Strategy", platforms: [.browser], date: "0000-00-00"),
        game(5, "Mythwalkers", genre: "MMORPG", date: "2014-03-00"),
        game(6, "Deckbound", genre: "card game", platforms: [.browser]),
        game(7, "Éclair Tactics", genre: "Strategy"),
        game(8, "<script>alert(1)</script> Evil", genre: "MMORPG", publisher: "<b>Bad</b>"),
    ]

    func harness(_ games: [CatalogGame] = Self.games) async throws -> WebHarness {
        let harness = try await WebHarness()
        _ = try await CatalogSQLRepository(database: harness.repository.database).saveCatalog(games, at: harness.now)
        return harness
    }

    static func gameIDs(_ html: String) -> [Int] {
        html.components(separatedBy: "data-game-id=\"").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
    }

    @Test func theListShowsEveryGameWithGenresMergedAndFiltersInTheURL() async throws {
        let harness = try await harness()
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            try await client.execute(uri: "/free-to-play", method: .get) { response in
                #expect(response.status == .ok)
                #expect(Self.gameIDs(response.text) == Array(1...8))
                // "card game" and "Card Game" are one chip; chips by count, "All" first.
                #expect(response.text.contains(">MMORPG<span class=\"count\">3</span>"))
                #expect(response.text.contains(">Card Game<span class=\"count\">2</span>"))
                let all = try #require(response.text.range(of: ">All</a>"))
                let mmorpg = try #require(response.text.range(of: ">MMORPG<span"))
                #expect(all.lowerBound < mmorpg.lowerBound)
                #expect(!response.text.contains("<script>alert(1)</script>"))
                #expect(response.text.contains("&lt;script&gt;alert(1)&lt;/script&gt; Evil"))
            }
            let cards = try await client.execute(uri: "/free-to-play?genre=card-game", method: .get) {
                Self.gameIDs($0.text)
            }
            #expect(cards == [3, 6])
            let browser = try await client.execute(uri: "/free-to-play?platform=browser", method: .get) {
                Self.gameIDs($0.text)
            }
            #expect(browser == [3, 4, 6])
            let accents = try await client.execute(uri: "/free-to-play?q=ECLAIR", method: .get) {
                Self.gameIDs($0.text)
            }
            #expect(accents == [7])
            let publisher = try await client.execute(uri: "/free-to-play?q=arena%20games", method: .get) {
                Self.gameIDs($0.text)
            }
            #expect(publisher == [2])
            let newest = try await client.execute(uri: "/free-to-play?sort=release", method: .get) {
                Self.gameIDs($0.text)
            }
            #expect(newest.first == 2 && newest.last == 4)  // the unknown date last
            let az = try await client.execute(uri: "/free-to-play?sort=alphabetical", method: .get) {
                Self.gameIDs($0.text)
            }
            #expect(az.prefix(3) == [8, 3, 6])
            let fragment = try await client.execute(
                uri: "/free-to-play?q=grid", method: .get, headers: [.init("X-Fragment")!: "results"]
            ) { $0.text }
            #expect(!fragment.contains("<html") && Self.gameIDs(fragment) == [2])
        }
    }

    @Test(arguments: ["genre=racing", "sort=cheapest", "platform=xbox", "page=0", "page=x"])
    func badFiltersGetA400Page(query: String) async throws {
        let harness = try await harness()
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            try await client.execute(uri: "/free-to-play?\(query)", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(response.text.contains("<html"))
            }
        }
    }

    @Test func everyGameOfALongCatalogIsReachableThroughLoadMore() async throws {
        let many = (1...130).map { Self.game($0, "Game \($0)") }
        let harness = try await harness(many)
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            var seen: [Int] = []
            var page = 1
            while true {
                let text = try await client.execute(uri: "/free-to-play?page=\(page)", method: .get) { $0.text }
                seen = Self.gameIDs(text)
                #expect(seen.count == min(130, page * Defaults.listPageSize))
                guard text.contains("data-load-more") else { break }
                #expect(
                    text.contains("href=\"/free-to-play?page=\(page + 1)#game-\(page * Defaults.listPageSize + 1)\""))
                page += 1
            }
            #expect(page == 3)
            #expect(seen == Array(1...130))
        }
    }

    @Test func aGamesPageFetchesItsDetailOnceAndShowsEverything() async throws {
        let harness = try await harness()
        let stub = StubCatalog()
        stub.answerDetails(
            .success(
                CatalogGameDetail(
                    status: "Live", description: "First paragraph.\nSecond <b>bold</b> paragraph.",
                    requirements: SystemRequirements(os: "Windows 10", memory: "4 GB"),
                    screenshots: [URL(string: "http://127.0.0.1:9/s1.jpg")!, URL(string: "http://127.0.0.1:9/s2.jpg")!]
                )))
        try await harness.app(catalog: stub).test(.router) { client in
            for _ in 1...2 {
                try await client.execute(uri: "/free-to-play/5", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("<h1>Mythwalkers</h1>"))
                    #expect(response.text.contains("data-game-id=\"5\""))
                    #expect(response.text.contains("<time datetime=\"2014-03\">March 2014</time>"))
                    #expect(response.text.contains("<p>Second bold paragraph.</p>"))
                    #expect(response.text.contains("<th scope=\"row\">Memory</th><td>4 GB</td>"))
                    #expect(response.text.contains("<th scope=\"row\">Graphics</th><td>Not listed</td>"))
                    #expect(response.text.contains("src=\"/free-to-play/5/images/2\""))
                    #expect(
                        response.text.contains(
                            "href=\"https://www.freetogame.com/open/5\" target=\"_blank\" rel=\"noopener\""))
                    #expect(!response.text.contains("data-detail-pending"))
                }
            }
            #expect(stub.detailFetches == [5])
            try await client.execute(uri: "/free-to-play/4", method: .get) { response in
                #expect(response.text.contains("<dd>Unknown</dd>") || response.text.contains(">Unknown<"))
                #expect(!response.text.contains("0000"))
            }
        }
    }

    @Test func aFailedDetailFetchShowsTheListDataAndSaysSo() async throws {
        let harness = try await harness()
        let stub = StubCatalog()
        stub.answerDetails(.failure(FreeToGameError.badStatus(500, "down")))
        try await harness.app(catalog: stub).test(.router) { client in
            try await client.execute(uri: "/free-to-play/2", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("<p>About Gridlock Arena.</p>"))
                #expect(response.text.contains("did not send this game"))
                #expect(!response.text.contains("down"))
            }
            try await client.execute(uri: "/free-to-play/999", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/free-to-play/abc", method: .get) { #expect($0.status == .notFound) }
        }
    }

    @Test func aGameThatLeftTheCatalogStillHasItsPage() async throws {
        let harness = try await harness()
        _ = try await CatalogSQLRepository(database: harness.repository.database).saveCatalog(
            Array(Self.games.dropFirst()), at: harness.now)
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            try await client.execute(uri: "/free-to-play/1", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("no longer in the FreeToGame catalog"))
            }
            let listed = try await client.execute(uri: "/free-to-play", method: .get) { Self.gameIDs($0.text) }
            #expect(!listed.contains(1))
        }
    }

    @Test func theAPIListsTheCatalogWithThePagesFiltersAndRefusesWhatCannotBeOne() async throws {
        let harness = try await harness()
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            func ids(_ uri: String) async throws -> [Int] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    let items = try #require(
                        try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [[String: Any]])
                    return items.compactMap { $0["id"] as? Int }
                }
            }
            let page = try await client.execute(uri: "/free-to-play?genre=mmorpg", method: .get) {
                Self.gameIDs($0.text)
            }
            #expect(try await ids("/api/v1/free-to-play?genre=mmorpg") == page, "the page's order and filter")
            #expect(try await ids("/api/v1/free-to-play?platform=browser&sort=alphabetical") == [3, 6, 4])
            #expect(try await ids("/api/v1/free-to-play?q=cardhaven") == [3])
            #expect(try await ids("/api/v1/free-to-play").count == Self.games.count)
            try await client.execute(uri: "/api/v1/free-to-play?q=cardhaven", method: .get) { response in
                let item = try #require(
                    (try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [[String: Any]])?.first)
                #expect(item["url"] as? String == "/free-to-play/3")
                #expect(item["platforms"] as? [String] == ["pc", "browser"])
                #expect(item["releaseDate"] as? String == "2019-02")
                #expect(item.keys.contains("thumbnail") && item.keys.contains("gameURL"))
            }
            try await client.execute(uri: "/api/v1/free-to-play?q=%3Cscript%3E", method: .get) { response in
                #expect(response.text.contains("\"id\":8"), "a hostile title is only text in JSON")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            }
            #expect(try await ids("/api/v1/free-to-play?genre=nope").isEmpty, "a genre the catalog lacks lists nothing")
            for bad in [
                "platform=xbox", "sort=cheapest", "q=" + String(repeating: "a", count: 201),
                "genre=" + String(repeating: "g", count: 61),
            ] {
                try await client.execute(uri: "/api/v1/free-to-play?\(bad)", method: .get) { response in
                    #expect(response.status == .badRequest, "\(bad)")
                    #expect(response.text.contains("\"status\":400"))
                }
            }
        }
    }

    @Test func suggestionsAreFiveTitlesAtMost() async throws {
        let many = (1...12).map { Self.game($0, "Arena \($0)") }
        let harness = try await harness(many)
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            try await client.execute(uri: "/api/v1/free-to-play/suggestions?q=aren", method: .get) { response in
                let items = try #require(
                    try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [[String: Any]])
                #expect(items.count == 5)
                #expect(items.first?["title"] as? String == "Arena 1")
                #expect(items.first?["id"] as? Int == 1)
            }
            try await client.execute(uri: "/api/v1/free-to-play/suggestions?q=", method: .get) { response in
                #expect(response.text == "[]")
            }
        }
    }

    @Test func theStatusListsTheCatalogWhenItIsConfigured() async throws {
        let harness = try await harness()
        try await CatalogSQLRepository(database: harness.repository.database).saveDetail(
            CatalogGameDetail(), of: 1, at: harness.now)
        try await harness.repository.log.recordSuccess(
            of: .freetogame, report: SyncReport(added: Array(1...8), total: 8), at: harness.now)
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            try await client.execute(uri: "/api/v1/status", method: .get) { response in
                let body = try #require(
                    try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
                let sources = try #require(body["sources"] as? [[String: Any]])
                #expect(sources.map { $0["source"] as? String } == ["gamerpower", "freetogame"])
                #expect(sources[1]["items"] as? Int == 8)
                #expect(sources[1]["state"] as? String == "healthy")
            }
            try await client.execute(uri: "/status", method: .get) { response in
                #expect(response.text.contains("<h2 id=\"status-freetogame\">FreeToGame</h2>"))
                #expect(response.text.contains("name=\"source\" value=\"freetogame\""))
            }
        }
    }

    @Test func lootForACatalogGameIsLinkedBothWays() async throws {
        let harness = try await WebHarness(seed: false)
        _ = try await harness.repository.saveSync(
            [
                .stub(id: 71, title: "Gridlock Arena: Founder Pack Key Giveaway", type: .dlc),
                .stub(id: 72, title: "Gridlock Arena Skin Bundle", type: .dlc, endsAt: utc("2026-03-30T00:00:00Z")),
                .stub(id: 73, title: "Gridlock Arena: The Full Game", type: .game),
                .stub(id: 74, title: "Arena Skin Pack Giveaway", type: .dlc),
            ], at: harness.now)
        _ = try await CatalogSQLRepository(database: harness.repository.database).saveCatalog(
            Self.games, at: harness.now)
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            try await client.execute(uri: "/free-to-play", method: .get) { response in
                // Only live loot counts: the expired drop and the full game do not.
                #expect(response.text.components(separatedBy: "free loot drop").count == 2)
                #expect(response.text.contains(">1 free loot drop</span>"))
            }
            try await client.execute(uri: "/free-to-play/2", method: .get) { response in
                #expect(response.text.contains("Free loot for Gridlock Arena right now"))
                #expect(response.text.contains("data-giveaway-id=\"71\""))
                #expect(!response.text.contains("data-giveaway-id=\"72\""))
                #expect(!response.text.contains("data-giveaway-id=\"73\""))
            }
            try await client.execute(uri: "/giveaways/71", method: .get) { response in
                #expect(response.text.contains("Loot for <a href=\"/free-to-play/2\">Gridlock Arena</a>"))
            }
            try await client.execute(uri: "/giveaways/74", method: .get) { response in
                #expect(!response.text.contains("Loot for <a"))
            }
        }
    }
}
