import Foundation
import GiveawaysData
import GiveawaysDomain
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysViews
@testable import GiveawaysWeb

/// Notes and hidden games without JavaScript: plain forms, redirects, the confirmation page, per profile.
@Suite struct CatalogMarkRouteTests {
    func harness() async throws -> WebHarness {
        let harness = try await WebHarness()
        _ = try await CatalogSQLRepository(database: harness.repository.database).saveCatalog(
            CatalogRouteTests.games, at: harness.now)
        return harness
    }

    @Test func notesAreSavedPerProfileEscapedAndKeptWhenTheGameLeaves() async throws {
        let harness = try await harness()
        let profile = try await harness.app(catalog: StubCatalog()).test(.router) { client in
            var alice = Browser()
            let saved = try await alice.post(
                "/free-to-play/2/note", "note=Clan+%3Cb%3Etag%3C%2Fb%3E%0D%0Aline+2&back=%2Ffree-to-play%2F2%23notes",
                client: client)
            #expect(saved.status == .seeOther || saved.status == .found)
            #expect(saved.headers[.location] == "/free-to-play/2#notes")
            #expect(alice.profile != nil)
            let page = try await alice.get("/free-to-play/2", client: client).text
            #expect(page.contains(">Clan &lt;b&gt;tag&lt;/b&gt;\nline 2</textarea>"))
            #expect(page.contains("Saved "))
            let bob = try await Browser().get("/free-to-play/2", client: client).text
            #expect(bob.contains("placeholder=\"Only you see these"))
            #expect(!bob.contains("Clan"))
            return alice.profile
        }
        // The game leaves the catalog (a later sync): the note stays with it, and so does its page.
        _ = try await CatalogSQLRepository(database: harness.repository.database).saveCatalog(
            CatalogRouteTests.games.filter { $0.id != 2 }, at: harness.now.addingTimeInterval(60))
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            let alice = Browser(profile: profile)
            let page = try await alice.get("/free-to-play/2", client: client).text
            #expect(page.contains("no longer in the FreeToGame catalog"))
            #expect(page.contains(">Clan &lt;b&gt;tag&lt;/b&gt;\nline 2</textarea>"))
            // Listed under "Games with your notes", marked as gone from the catalog.
            let mine = try await alice.get("/free-to-play/hidden", client: client).text
            #expect(mine.contains("Games with your notes"))
            #expect(
                mine.contains(
                    "href=\"/free-to-play/2#notes\">Gridlock Arena</a> <span class=\"badge badge--muted\">No longer in the catalog</span>"
                ))
        }
    }

    @Test func tooLongNotesAndCrossSitePostsAreRefused() async throws {
        let harness = try await harness()
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            var visitor = Browser()
            let long = String(repeating: "a", count: CatalogGamePage.maxNoteLength + 1)
            #expect(
                try await visitor.post("/free-to-play/2/note", "note=\(long)", client: client).status == .badRequest)
            let forged = try await visitor.post(
                "/free-to-play/2/hide", "hidden=1", client: client, extra: [.init("Sec-Fetch-Site")!: "cross-site"])
            #expect(forged.status == .forbidden)
            #expect(try await visitor.post("/free-to-play/999/note", "note=x", client: client).status == .notFound)
        }
    }

    @Test func hidingAsksFirstThenLeavesTheCatalogForThatProfileAndRestoreAllBringsItBack() async throws {
        let harness = try await harness()
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            var visitor = Browser()
            let confirm = try await visitor.get("/free-to-play/3/hide", client: client)
            #expect(confirm.status == .ok)
            #expect(confirm.text.contains("<h1>Hide Cardhaven?</h1>"))
            #expect(confirm.text.contains("action=\"/free-to-play/3/hide\""))
            for id in [3, 6] {
                let hidden = try await visitor.post(
                    "/free-to-play/\(id)/hide", "hidden=1&back=%2Ffree-to-play", client: client)
                #expect(hidden.headers[.location] == "/free-to-play")
            }
            let list = try await visitor.get("/free-to-play", client: client).text
            #expect(CatalogRouteTests.gameIDs(list) == [1, 2, 4, 5, 7, 8])
            #expect(list.contains(">2 hidden</a>"))
            let genre = try await visitor.get("/free-to-play?genre=card-game", client: client).text
            #expect(CatalogRouteTests.gameIDs(genre).isEmpty)
            let suggestions = try await visitor.get("/api/v1/free-to-play/suggestions?q=card", client: client).text
            #expect(suggestions == "[]")
            let everyone = try await Browser().get("/free-to-play?genre=card-game", client: client).text
            #expect(CatalogRouteTests.gameIDs(everyone) == [3, 6])
            let hiddenPage = try await visitor.get("/free-to-play/hidden", client: client).text
            #expect(CatalogRouteTests.gameIDs(hiddenPage) == [6, 3])
            #expect(hiddenPage.contains("Restore all 2"))
            let game = try await visitor.get("/free-to-play/3", client: client).text
            #expect(game.contains("Restore to the catalog"))
            let restored = try await visitor.post(
                "/free-to-play/hidden/restore", "back=%2Ffree-to-play", client: client)
            #expect(restored.headers[.location] == "/free-to-play")
            let after = try await visitor.get("/free-to-play", client: client).text
            #expect(CatalogRouteTests.gameIDs(after) == Array(1...8))
            #expect(try await visitor.get("/free-to-play/hidden", client: client).text.contains("No hidden games"))
        }
    }
}
