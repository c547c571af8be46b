import Foundation
import GiveawaysTestSupport
import Testing

/// `giveaways catalog …` and `giveaways sync --source freetogame`, run as the real binary.
@Suite struct CatalogCLITests {
    let cli: CLIRunner
    let now = "2026-03-31T12:00:00Z"

    init() throws {
        cli = try CLIRunner()
    }

    static let catalog = #"""
        [
         {"id": 540, "title": "Overdrive 2", "genre": "Shooter", "platform": "PC (Windows)", "publisher": "Big Pub",
          "developer": "Big Dev", "release_date": "2022-10-04", "short_description": "A hero shooter.",
          "game_url": "https:\/\/www.freetogame.com\/open\/overdrive-2"},
         {"id": 12, "title": "Old Realm", "genre": " MMORPG", "platform": "PC (Windows), Web Browser",
          "release_date": "2014-03-00", "short_description": "An old one."},
         {"id": 77, "title": "Deckbound", "genre": "card game", "platform": "Web Browser", "release_date": "0000-00-00"},
         {"id": 78, "title": "Cardhaven", "genre": "Card Game", "platform": "Web Browser", "release_date": "2019-05-05"}
        ]
        """#

    func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test func importListShowAndFilters() throws {
        let file = try cli.write(Self.catalog, name: "games-2026-03-31.json")
        let imported = try cli.run(["catalog", "import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported the catalog: 4 games: 4 new"))

        let table = try cli.run(["catalog", "list"])
        #expect(table.status == 0)
        #expect(table.stdout.contains("Overdrive 2"))
        #expect(table.stdout.contains("2014-03"))

        let cards = try json(try cli.run(["catalog", "list", "--genre", "CARD-GAME", "--json"]).stdout)
        #expect(cards.map { $0["id"] as? Int } == [77, 78])
        #expect(cards[0]["releaseDate"] is NSNull)
        #expect(cards[0]["platforms"] as? [String] == ["browser"])
        #expect(cards[0]["removed"] as? Bool == false)
        let byDate = try json(try cli.run(["catalog", "list", "--sort", "release", "--json"]).stdout)
        #expect(byDate.map { $0["id"] as? Int } == [540, 78, 12, 77])
        let pc = try json(try cli.run(["catalog", "list", "--platform", "pc", "--search", "realm", "--json"]).stdout)
        #expect(pc.map { $0["id"] as? Int } == [12])
        #expect(pc[0]["genre"] as? String == "MMORPG")

        let unknown = try cli.run(["catalog", "list", "--genre", "racing"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("there is no genre 'racing'"))
        #expect(try cli.run(["catalog", "list", "--platform", "xbox"]).status == 64)

        let show = try cli.run(["catalog", "show", "540"])
        #expect(show.stdout.contains("Overdrive 2"))
        #expect(show.stdout.contains("Play        https://www.freetogame.com/open/overdrive-2"))
        #expect(try cli.run(["catalog", "show", "9"]).status == 1)

        // A later capture without "Old Realm": it is kept as removed, listed only when asked for.
        let later = try cli.write(
            Self.catalog.replacingOccurrences(of: #""id": 12,"#, with: #""id": 13,"#), name: "games-2026-04-01.json")
        #expect(try cli.run(["catalog", "import", later]).stdout.contains("1 new, 0 updated, 0 back, 1 left"))
        let all = try json(try cli.run(["catalog", "list", "--include-removed", "--json"]).stdout)
        #expect(all.first { $0["id"] as? Int == 12 }?["removed"] as? Bool == true)
        #expect(try json(try cli.run(["catalog", "list", "--json"]).stdout).count == 4)
    }

    @Test func syncTheCatalogFromAFakeFreeToGameAndAFailureKeepsIt() async throws {
        let fake = FakeGamerPower(.json(Self.catalog))
        try await fake.withServer { url in
            let synced = try await cli.runDetached([
                "sync", "--source", "freetogame", "--freetogame-url", url.absoluteString, "--now", now,
            ])
            #expect(synced.status == 0, "\(synced.stderr)")
            #expect(synced.stdout.contains("Synced the catalog: 4 games: 4 new"))
            fake.setBehavior(
                .raw(
                    status: 200, body: #"{"status":0,"status_message":"Server error"}"#, contentType: "application/json"
                ))
            let failed = try await cli.runDetached([
                "catalog", "sync", "--freetogame-url", url.absoluteString, "--now", now,
            ])
            #expect(failed.status == 69)
            #expect(failed.stderr.contains("catalog sync failed, local data unchanged: FreeToGame sent malformed data"))
            #expect(try json(try await cli.runDetached(["catalog", "list", "--json"]).stdout).count == 4)
            let status = try await cli.runDetached(["status", "--source", "freetogame", "--now", now])
            #expect(status.status == 69)
            #expect(status.stdout.contains("FreeToGame: stale"))
            #expect(status.stdout.contains("Holds         4 games"))
            #expect(status.stdout.contains("(4 in the catalog after it)"))
            #expect(status.stdout.contains("with a 1440-minute interval"))
        }
        #expect(fake.paths.allSatisfy { $0.hasPrefix("/games") })
    }
}
