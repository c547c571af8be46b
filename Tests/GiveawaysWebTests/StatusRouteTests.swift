import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

@testable import GiveawaysViews
@testable import GiveawaysWeb

/// A GamerPower stand-in whose next answer the test chooses.
final class SwitchableSource: GiveawaySource {
    private let next = Mutex<Result<[Giveaway], any Error>>(.failure(Down()))

    func answer(_ result: Result<[Giveaway], any Error>) { next.withLock { $0 = result } }

    func fetchGiveaways() async throws -> [Giveaway] { try next.withLock { $0 }.get() }
}

@Suite struct StatusRouteTests {
    /// Presses the status page's "Sync now" the way a browser does, then waits until the sync is recorded.
    func syncNow(_ client: some TestClientProtocol, attemptsBefore: Int) async throws {
        let headers: HTTPFields = [
            .contentType: "application/x-www-form-urlencoded", .init("Sec-Fetch-Site")!: "same-origin",
        ]
        try await client.execute(
            uri: "/sync", method: .post, headers: headers, body: ByteBuffer(string: "back=%2Fstatus")
        ) { response in
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/status")
        }
        for _ in 0..<200 {
            let status = try await client.execute(uri: "/api/v1/status", method: .get) { response in
                try JSONDecoder().decode(StatusJSON.self, from: Data(buffer: response.body))
            }
            if !status.syncing, status.sources[0].lastAttempt != nil,
                attemptsBefore == 0 || status.sources[0].lastOutcome != nil
            {
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    func status(_ client: some TestClientProtocol) async throws -> StatusJSON {
        try await client.execute(uri: "/api/v1/status", method: .get) { response in
            #expect(response.status == .ok)
            return try JSONDecoder().decode(StatusJSON.self, from: Data(buffer: response.body))
        }
    }

    @Test func statusShowsAFailureWithItsReasonKeepsTheDataAndShowsTheRecovery() async throws {
        let harness = try await WebHarness()  // the sample feed (6 items, 5 live), synced at 06:00
        let source = SwitchableSource()
        try await harness.app(source: source).test(.router) { client in
            // Healthy: the last sync's changes and what the source holds.
            let healthy = try await status(client)
            #expect(healthy.sources.map(\.source) == ["gamerpower"])
            #expect(healthy.sources[0].state == "healthy")
            #expect(healthy.sources[0].lastChanges?.added == 6)
            #expect(healthy.sources[0].items == 6)
            try await client.execute(uri: "/status", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("Healthy"))
                #expect(response.text.contains("<strong>6</strong> new"))
                #expect(response.text.contains("6 giveaways"))
            }

            // A failed sync: the reason is shown, the data kept.
            source.answer(.failure(GamerPowerError.badStatus(503, "Service Unavailable")))
            try await syncNow(client, attemptsBefore: 1)
            var failed = try await status(client)
            for _ in 0..<100 where failed.sources[0].lastOutcome != "failed" {
                try await Task.sleep(for: .milliseconds(20))
                failed = try await status(client)
            }
            #expect(failed.sources[0].state == "stale")
            #expect(failed.sources[0].lastFailureReason == "GamerPower answered HTTP 503: Service Unavailable")
            #expect(failed.sources[0].items == 6)
            #expect(failed.stale)
            try await client.execute(uri: "/status", method: .get) { response in
                #expect(response.text.contains("Failing — showing older data"))
                #expect(response.text.contains("GamerPower answered HTTP 503: Service Unavailable"))
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(PageRouteTests.cardIDs(response.text).count == 5)
                #expect(response.text.contains("Offline — showing data from"))
            }

            // Recovery: healthy again, with what the new sync changed.
            source.answer(.success([.stub(id: 1)]))
            try await syncNow(client, attemptsBefore: 2)
            var recovered = try await status(client)
            for _ in 0..<100 where recovered.sources[0].lastOutcome != "succeeded" {
                try await Task.sleep(for: .milliseconds(20))
                recovered = try await status(client)
            }
            #expect(recovered.sources[0].state == "healthy")
            #expect(recovered.sources[0].lastFailureReason == nil)
            #expect(recovered.sources[0].lastChanges == SyncChanges(added: 1, left: 6, total: 1))
            #expect(recovered.sources[0].items == 1)
            #expect(!recovered.stale)
            try await client.execute(uri: "/", method: .get) { response in
                #expect(PageRouteTests.cardIDs(response.text) == [1])
                #expect(!response.text.contains("Offline"))
            }
        }
    }

    @Test func theFooterLinksToTheStatusPage() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/more", method: .get) { response in
                #expect(response.text.contains("<a href=\"/status\">Sync status</a>"))
            }
        }
    }

    @Test func aStoreThatNeverSyncedSaysSo() async throws {
        let harness = try await WebHarness(seed: false)
        try await harness.app().test(.router) { client in
            let status = try await status(client)
            #expect(status.sources[0].state == "never-synced")
            #expect(status.sources[0].lastAttempt == nil)
            #expect(status.lastSync == nil)
            try await client.execute(uri: "/status", method: .get) { response in
                #expect(response.text.contains("Not synced yet"))
            }
        }
    }
}

@Suite struct SiteRouteTests {
    static let routes: [SiteRoute] = [
        .home(HomeFilters()),
        .home(HomeFilters(query: GiveawayQuery(platform: "steam", type: .loot, sort: .value, search: "a+b & c/d"))),
        .details(id: 3105), .favorite(id: 7), .more(showAll: false), .more(showAll: true), .favorites(page: 1),
        .favorites(page: 3), .status, .sync,
        .image(id: 12, kind: .thumbnail), .image(id: 12, kind: .image), .health, .metrics, .api(.giveaways),
        .api(.giveaway(id: 9)), .api(.platforms), .api(.status), .api(.reference), .api(.document),
        .freeToPlay(CatalogFilters()),
        .freeToPlay(
            {
                var filters = CatalogFilters()
                filters.genre = "card-game"
                filters.platform = .browser
                filters.sort = .release
                filters.search = "éclair & co/op+"
                filters.page = 3
                return filters
            }()),
        .catalogGame(id: 452), .catalogImage(id: 452, index: 0), .catalogImage(id: 452, index: 4),
        .api(.catalogSuggestions(query: "war zone")), .api(.catalogGames), .api(.myLibrary), .library, .librarySteam,
        .libraryRefresh,
        .libraryUnlink, .libraryImport, .libraryClear,
        .nearbyTile(z: 19, x: 524_287, y: 0), .api(.nearby), .api(.events),
        .home(HomeFilters(query: GiveawayQuery(platform: "steam"), endingSoon: true, showAll: true)),
        .mark(id: 3), .markedList(.claimed, page: 1), .markedList(.notInterested, page: 2), .settings(notice: nil),
        .settings(notice: .saved),
        .settingsFeedToken, .settingsLinkCode, .settingsExport, .settingsImport, .link(code: nil),
        .link(code: "ABCD-EFGH"), .notifications, .notificationRemove(id: 4), .manifest, .serviceWorker, .offline,
        .notificationSchedule,
        .pushSubscribe, .pushTest(id: 4),
        .staticAsset(name: "app.css", version: "1a2b3c4d"), .staticAsset(name: "favicon.svg", version: nil),
        .catalogHidden, .catalogRestoreAll, .catalogNote(id: 452), .catalogHide(id: 452),
        .discover(showGenres: false), .discover(showGenres: true), .discoverChoose, .discoverForget,
        .discoverGenre(slug: "role-playing-games-rpg", page: 1), .discoverGenre(slug: "indie", page: 3),
        .discoverGame(id: 3498), .discoverImage(genre: "action", page: 1, game: 7),
        .discoverImage(genre: "strategy", page: nil, game: nil), .discoverImage(genre: nil, page: nil, game: 7),
        .discoverImage(genre: nil, page: nil, game: nil), .settings(notice: .feedRenewed),
        .markedList(.claimed, page: 4),
        .history(HistoryFilters()), .history(HistoryFilters(month: Month("2026-02"), page: 2)), .stats,
        .feed(HomeFilters(), format: .atom), .feed(HomeFilters(query: GiveawayQuery(sort: .value)), format: .json),
        .feed(HomeFilters(endingSoon: true), format: .ics),
        .personalFeed(token: ProfileToken(rawValue: String(repeating: "ab12", count: 8))!, format: .atom),
        .personalFeed(token: ProfileToken(rawValue: String(repeating: "cd34", count: 8))!, format: .ics),
        .language(.de, back: "/free-to-play?genre=card-game&page=2"), .language(.en, back: "/"),
        .nearby(NearbyFilters()), .nearby(nearbySample), .nearbyTile(z: 14, x: 8802, y: 5373), .api(.nearby),
        .games(GameQuery()), .games(GameQuery(ordering: .rating, page: 3)), .games(GameQuery(search: "café & co/op+")),
        .gameImage(GameQuery(ordering: .name, page: 2), game: 7), .gameImage(GameQuery(search: "half life"), game: 9),
        .gameFind(title: "portal 2"), .gameFavorite(id: 3498), .gameScreenshot(id: 3498, index: 11), .api(.games),
        .api(.game(id: 3498)),
    ]

    /// A Nearby address with every parameter set.
    static var nearbySample: NearbyFilters {
        var filters = NearbyFilters()
        filters.view = .map
        filters.center = GeoPoint(latitude: 52.52, longitude: -13.405)
        filters.zoom = 15
        filters.query = "café <&> 1+1"
        filters.category = .vrCafe
        filters.near = "Berlin, DE"
        filters.cursor = PlaceCursor(rawValue: "osm.20")
        return filters
    }

    /// Every kind of route has a sample above, so a new case cannot escape the round trip.
    @Test func everyKindOfRouteHasASample() {
        let sampled = Set(Self.routes.map(\.name))
        for name in SiteRoute.Name.allCases {
            #expect(sampled.contains(name), "no sample route for \(name)")
        }
    }

    /// Every line of the route table prints at least one sample, so each path is exercised both ways.
    @Test func everyLineOfTheTablePrintsASample() {
        for (index, line) in SiteRoute.table.enumerated() {
            #expect(Self.routes.contains { line.print($0) != nil }, "line \(index) (\(line.template)) prints no sample")
        }
    }

    /// Every route builds a path that parses back to the same route.
    @Test(arguments: routes) func everyPathParsesBackToItsRoute(_ route: SiteRoute) throws {
        let path = route.path
        let components = try #require(URLComponents(string: path))
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] where query[item.name] == nil { query[item.name] = item.value ?? "" }
        #expect(try SiteRoute(path: components.path, query: query) == route, "\(path)")
    }

    @Test func malformedIdsAndUnknownPathsAreNoRoute() throws {
        for path in [
            "/giveaways/0", "/giveaways/-1", "/giveaways/+5", "/giveaways/1e3", "/giveaways/99999999999999999999",
            "/images/1/poster", "/nope", "/api/v1/nope", "/giveaways/1/unknown", "/free-to-play/0",
            "/free-to-play/1/images/51", "/free-to-play/1/images/-1", "/free-to-play/1/images/+1",
        ] {
            #expect(try SiteRoute(path: path) == nil, "\(path)")
        }
    }

    @Test func badFilterValuesAreBadRequests() {
        #expect(throws: BadRequest.self) { try SiteRoute(path: "/", query: ["platform": "dreamcast"]) }
        #expect(throws: BadRequest.self) { try SiteRoute(path: "/", query: ["sort": "random"]) }
        #expect(throws: BadRequest.self) { try SiteRoute(path: "/favorites", query: ["page": "0"]) }
        #expect(throws: Never.self) {
            try SiteRoute(path: "/", query: ["platform": "dreamcast"], platformSlugs: ["dreamcast"])
        }
    }
}
