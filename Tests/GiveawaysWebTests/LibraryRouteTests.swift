import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import GiveawaysWeb

/// "Games you own" (`/settings/library`) as a visitor uses it: a list imported without Steam, a Steam profile read
/// through a local fake of Steam's Web API, failures that keep the last good read, and each visitor's share of reads.
@Suite struct LibraryRouteTests {
    static let alice = "76561197960287930"
    static let hidden = "76561197960287931"

    @Test func withoutASteamKeyAnImportedListMarksTheLiveGiveawaysYouOwn() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var visitor = Browser()
            let first = try await visitor.get("/settings/library", client: client)
            #expect(first.status == .ok)
            #expect(first.text.contains("has not turned Steam on") && !first.text.contains("name=\"profile\""))
            let list = "Lantern Drift\nUnknown Quest\n<script>alert(1)</script>"
            let imported = try await visitor.post(
                "/settings/library/import",
                "list=" + list.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, client: client)
            #expect(imported.status == .ok)
            #expect(visitor.profile != nil, "the first import gives the browser its profile")
            #expect(imported.text.contains("3 games imported. 1 of them have been given away here."))
            #expect(imported.text.contains("Not seen in a giveaway yet (2)"))
            #expect(
                imported.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;")
                    && !imported.text.contains("<script>alert"))
            let page = try await visitor.get("/settings/library", client: client).text
            #expect(page.contains("Live giveaways of games you own"))
            #expect(page.contains("3101\">Lantern Drift (Epic Games) Giveaway</a>"))
            #expect(page.contains("In your library (your list)"))
            #expect(page.contains("3 games imported."))
            // Someone else's browser sees none of it.
            #expect(!(try await Browser().get("/settings/library", client: client).text.contains("Lantern Drift")))
            let empty = try await visitor.post("/settings/library/import", "list=%0A%23+nothing%0A", client: client)
            #expect(empty.status == .badRequest && empty.text.contains("The list holds no game title."))
            #expect(try await visitor.post("/settings/library/clear", "", client: client).status == .seeOther)
            #expect(!(try await visitor.get("/settings/library", client: client).text.contains("games you own</h2>")))
        }
    }

    @Test func ownedGamesAreMarkedOnCardsAndHiddenFromHomeAndFeedsByTheRule() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var visitor = Browser()
            _ = try await visitor.post("/settings/library/import", "list=Lantern+Drift", client: client)
            var home = try await visitor.get("/", client: client).text
            #expect(home.contains("data-giveaway-id=\"3101\""))
            #expect(home.contains("<span class=\"badge badge--live\">In your library (your list)</span>"))
            #expect(home.components(separatedBy: "In your library").count == 2, "only the game owned")
            let details = try await visitor.get("/giveaways/3101", client: client).text
            #expect(details.contains("In your library (your list)"))
            #expect(!(try await Browser().get("/", client: client).text.contains("In your library")), "nobody else's")
            let saved = try await visitor.post("/settings", "hide_owned=1", client: client)
            #expect(saved.status == .seeOther)
            #expect(
                try await visitor.get("/settings", client: client).text.contains(
                    "name=\"hide_owned\" value=\"1\" checked"))
            home = try await visitor.get("/", client: client).text
            #expect(!home.contains("data-giveaway-id=\"3101\"") && home.contains("data-giveaway-id=\"3103\""))
            _ = try await visitor.post("/settings/feed", "", client: client)
            let settings = try await visitor.get("/settings", client: client).text
            let token = try #require(settings.range(of: #"/feeds/p/[A-Za-z0-9_-]+\.atom"#, options: .regularExpression))
            let feed = try await client.execute(uri: String(settings[token]), method: .get) { $0.text }
            #expect(feed.contains("<feed") && !feed.contains("Lantern Drift") && feed.contains("Café"))
        }
    }

    @Test func aSteamProfileIsReadAndItsLastGoodReadOutlivesFailures() async throws {
        let harness = try await WebHarness()
        let fake = FakeSteamWebAPI(
            key: "STEAMKEY123", names: ["gaben": Self.alice],
            libraries: [Self.alice: [(appID: 1, name: "Lantern Drift"), (appID: 2, name: nil)]])
        try await fake.withServer { url in
            var configuration = harness.configuration
            configuration.steamLibrary = SteamWebAPIClient(
                connections: .forTests, baseURL: url, key: "STEAMKEY123", retryDelays: [])
            try await harness.app(configuration: configuration).test(.router) { client in
                var visitor = Browser()
                #expect(try await visitor.get("/settings/library", client: client).text.contains("Read my library"))
                let bad = try await visitor.post(
                    "/settings/library/steam", "profile=https%3A%2F%2Fexample.org%2Fid%2Fgaben", client: client)
                #expect(bad.status == .badRequest && bad.text.contains("That is not a Steam profile"))
                let linked = try await visitor.post("/settings/library/steam", "profile=gaben", client: client)
                #expect(linked.status == .seeOther && linked.headers[.location] == "/settings/library")
                var page = try await visitor.get("/settings/library", client: client).text
                #expect(page.contains("Linked to Steam profile \(Self.alice): 2 games."))
                #expect(page.contains("In your library (Steam)"))
                #expect(!page.contains("STEAMKEY123"))
                // Steam fails: the page says so, and the last good read stays.
                fake.fail(with: 500)
                let failed = try await visitor.post("/settings/library/refresh", "", client: client)
                #expect(failed.status == .badGateway && failed.text.contains("Steam did not answer just now"))
                #expect(failed.text.contains("2 games") && !failed.text.contains("STEAMKEY123"))
                fake.fail(with: nil)
                // A private profile says which setting to change.
                let hidden = try await visitor.post("/settings/library/steam", "profile=\(Self.hidden)", client: client)
                #expect(hidden.status == .ok && hidden.text.contains("Game details: Public"))
                page = try await visitor.get("/settings/library", client: client).text
                #expect(
                    page.contains("Linked to Steam profile \(Self.hidden): 0 games."), "the other profile's games went")
                // Four reads a profile at once (this is the fourth), then one every 15 minutes.
                #expect(try await visitor.post("/settings/library/refresh", "", client: client).status == .ok)
                let fifth = try await visitor.post("/settings/library/refresh", "", client: client)
                #expect(fifth.status == .tooManyRequests && fifth.headers[.retryAfter] != nil)
                #expect(try await visitor.post("/settings/library/unlink", "", client: client).status == .seeOther)
                #expect(!(try await visitor.get("/settings/library", client: client).text.contains("Linked to")))
            }
        }
        #expect(fake.requests.allSatisfy { !$0.contains("example.org") })
    }

    @Test func theLibraryTravelsWithTheProfilesExport() async throws {
        let harness = try await WebHarness()
        let fake = FakeSteamWebAPI(
            key: "STEAMKEY123", libraries: [Self.alice: [(appID: 1, name: "Lantern Drift"), (appID: 2, name: "Other")]])
        try await fake.withServer { url in
            var configuration = harness.configuration
            configuration.steamLibrary = SteamWebAPIClient(
                connections: .forTests, baseURL: url, key: "STEAMKEY123", retryDelays: [])
            try await harness.app(configuration: configuration).test(.router) { client in
                var first = Browser()
                _ = try await first.post("/settings/library/steam", "profile=\(Self.alice)", client: client)
                _ = try await first.post("/settings/library/import", "list=Stasis", client: client)
                let exported = try await first.get("/settings/export", client: client).text
                #expect(exported.contains("\"steamID\" : \"\(Self.alice)\"") && exported.contains("\"Stasis\""))
                #expect(!exported.contains("STEAMKEY123"))
                var second = Browser()
                let data = exported.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let imported = try await second.post("/settings/import", "data=" + data, client: client)
                #expect(imported.status == .seeOther)
                let page = try await second.get("/settings/library", client: client).text
                #expect(page.contains("Linked to Steam profile \(Self.alice): 2 games."))
                #expect(page.contains("1 game imported."))
                #expect(page.contains("In your library (Steam)"))
                // The API answers the browser's own library, and nobody else's.
                let mine = try await client.execute(
                    uri: "/api/v1/me/library", method: .get, headers: second.cookieHeader
                ) { response in
                    #expect(response.headers[.cacheControl] == "private")
                    return try #require(
                        try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
                }
                #expect(mine["count"] as? Int == 3)
                #expect((mine["steam"] as? [String: Any])?["steamId"] as? String == Self.alice)
                #expect((mine["steam"] as? [String: Any])?["failure"] is NSNull)
                let nobody = try await client.execute(uri: "/api/v1/me/library", method: .get) { $0.text }
                #expect(nobody == #"{"count":0,"games":[],"steam":null}"#)
            }
        }
    }

    @Test func linkedLibrariesAreReadAgainOnceADay() async throws {
        let store = try TestStore()
        let library = LibrarySQLRepository(database: store.database)
        let fake = FakeSteamWebAPI(key: "K3Y", libraries: [Self.alice: [(appID: 1, name: "Lantern Drift")]])
        let now = Mutex(utc("2026-11-29T12:00:00Z"))
        let alice = ProfileID.random()
        try await library.linkSteam(Self.alice, for: alice, at: now.withLock { $0 })
        try await library.saveSteamGames([], of: Self.alice, for: alice, at: now.withLock { $0 })
        try await fake.withServer { url in
            let service = LibraryRefreshService(
                library: library,
                steam: SteamWebAPIClient(connections: .forTests, baseURL: url, key: "K3Y", retryDelays: []),
                clock: { now.withLock { $0 } }, logger: Logger(label: "test"))
            #expect(await service.refreshDue() == 0, "read an hour ago: not due")
            now.withLock { $0 += 25 * 3600 }
            #expect(await service.refreshDue() == 1)
            let games = try await library.library(of: alice).games
            #expect(games.map(\.title) == ["Lantern Drift"])
            #expect(await service.refreshDue() == 0, "read just now")
        }
    }

    @Test func aGamesPageSaysTheVisitorOwnsTheGame() async throws {
        let harness = try await WebHarness()
        try await harness.app(discover: StubDiscover()).test(.router) { client in
            var visitor = Browser()
            #expect(!(try await visitor.get("/discover/games/145", client: client).text.contains("In your library")))
            _ = try await visitor.post("/settings/library/import", "list=Portal+2", client: client)
            let page = try await visitor.get("/discover/games/145", client: client).text
            #expect(page.contains("<h1>Portal 2</h1>") && page.contains("In your library (your list)"))
            let other = try await visitor.get("/discover/games/144", client: client).text
            #expect(!other.contains("In your library"), "Portal is not Portal 2")
        }
    }
}
