import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysUpstream

/// FreeToGame's quirks, each in a hand-written answer in its wire format (see docs: leading-space genres,
/// `0000-00-00`, escaped and unescaped slashes, `\r\n`, missing requirements, `Windows` vs `PC (Windows)`).
@Suite struct FreeToGameDecoderTests {
    static let catalog = #"""
        [
         {"id": 540, "title": "Overdrive 2 ", "thumbnail": "https:\/\/www.freetogame.com\/g\/540\/thumbnail.jpg",
          "short_description": "A hero shooter.\r\n", "game_url": "https://www.freetogame.com/open/overdrive-2",
          "genre": "Shooter", "platform": "PC (Windows)", "publisher": "Big Pub ", "developer": "Big Dev",
          "release_date": "2022-10-04", "freetogame_profile_url": "https://www.freetogame.com/overdrive-2"},
         {"id": "12", "title": "Old Realm", "thumbnail": "https://www.freetogame.com/g/12/thumbnail.jpg",
          "short_description": "", "game_url": "javascript:alert(1)", "genre": " MMORPG",
          "platform": "PC (Windows), Web Browser", "publisher": null, "developer": "Old Dev",
          "release_date": "2014-03-00", "freetogame_profile_url": "https://www.freetogame.com/old-realm"},
         {"id": 77, "title": "Mystery", "genre": "card game", "platform": "Web Browser", "release_date": "0000-00-00"},
         {"id": 78, "title": "   ", "genre": "Card Game"},
         {"title": "No id"}
        ]
        """#

    func decode(_ body: String, status: Int = 200) throws(FreeToGameError) -> FreeToGameDecoder.Catalog {
        try FreeToGameDecoder().decodeCatalog(status: status, body: Data(body.utf8))
    }

    @Test func everyQuirkOfTheListIsCleanedUp() throws {
        let catalog = try decode(Self.catalog)
        #expect(catalog.games.map(\.id) == [540, 12, 77])
        #expect(catalog.skipped.count == 2)  // a blank title, a missing id
        let shooter = catalog.games[0]
        #expect(shooter.title == "Overdrive 2")
        #expect(shooter.thumbnailURL?.absoluteString == "https://www.freetogame.com/g/540/thumbnail.jpg")
        #expect(shooter.shortDescription == "A hero shooter.")
        #expect(shooter.publisher == "Big Pub")
        #expect(shooter.platforms == [.pc])
        #expect(shooter.releaseDate == CatalogDate(year: 2022, month: 10, day: 4))
        let realm = catalog.games[1]
        #expect(realm.genre == "MMORPG")
        #expect(realm.platforms == [.pc, .browser])
        #expect(realm.gameURL == nil)  // never a javascript: link
        #expect(realm.publisher == "")
        #expect(realm.releaseDate == CatalogDate(year: 2014, month: 3, day: nil))
        #expect(realm.releaseDate?.iso == "2014-03")
        let mystery = catalog.games[2]
        #expect(mystery.releaseDate == nil)
        #expect(mystery.platforms == [.browser])
        #expect(mystery.genreKey == CatalogGame(id: 1, title: "x", genre: "Card Game").genreKey)
    }

    @Test func badAnswersChangeNothingAndSayWhy() {
        #expect(throws: FreeToGameError.badStatus(500, "Internal Server Error")) {
            try decode("Internal Server Error", status: 500)
        }
        #expect(throws: FreeToGameError.notFound("Not found")) {
            try decode(#"{"status":0,"status_message":"Not found"}"#, status: 404)
        }
        #expect(throws: FreeToGameError.malformed("a status object instead of the catalog: Server error")) {
            try decode(#"{"status":0,"status_message":"Server error"}"#)
        }
        #expect(throws: FreeToGameError.malformed("the catalog is empty")) { try decode("[]") }
        #expect(throws: FreeToGameError.notJSON(status: 200, snippet: "<html>Maintenance</html>")) {
            try decode("<html>Maintenance</html>")
        }
        #expect(throws: FreeToGameError.self) { try decode(String(Self.catalog.prefix(200))) }
        #expect(throws: FreeToGameError.self) { try decode(#"[{"title":"a"},{"title":"b"},{"id":1,"title":"c"}]"#) }
    }

    @Test func aDetailWithRequirementsScreenshotsAndOddSpacing() throws {
        let body = #"""
            {"id": 452, "title": "Warzone", "status": "Live", "description": "First.\r\n\r\nSecond. ",
             "genre": "Shooter", "platform": "Windows", "release_date": "2020-03-10",
             "minimum_system_requirements": {"os": "Windows 10 64-Bit", "processor": "i3", "memory": "8GB RAM",
               "graphics": "", "storage": " 175GB HD space"},
             "screenshots": [{"id": 1, "image": "https:\/\/www.freetogame.com\/g\/452\/1.jpg"}, {"id": 2, "image": null}]}
            """#
        let detail = try FreeToGameDecoder().decodeDetail(status: 200, body: Data(body.utf8))
        #expect(detail.status == "Live")
        #expect(detail.description == "First.\n\nSecond.")
        #expect(detail.requirements?.storage == "175GB HD space")
        #expect(detail.requirements?.graphics == nil)
        #expect(detail.screenshots.map(\.absoluteString) == ["https://www.freetogame.com/g/452/1.jpg"])
    }

    @Test func aBrowserGameHasNoRequirementsAndAnUnknownIdIsNotFound() throws {
        let body = #"{"id": 9, "title": "Tiny", "platform": "Web Browser", "description": "Plays in a tab."}"#
        let detail = try FreeToGameDecoder().decodeDetail(status: 200, body: Data(body.utf8))
        #expect(detail.requirements == nil)
        #expect(detail.screenshots.isEmpty)
        #expect(throws: FreeToGameError.notFound("No game found with this id.")) {
            try FreeToGameDecoder().decodeDetail(
                status: 200, body: Data(#"{"status":0,"status_message":"No game found with this id."}"#.utf8))
        }
    }

    @Test func theClientFetchesTheCatalogAndOneDetailOverHTTP() async throws {
        let fake = FakeGamerPower(.json(Self.catalog))
        try await fake.withServer { url in
            let client = FreeToGameHTTPClient(connections: .forTests, baseURL: url, retryDelays: [])
            let games = try await client.fetchCatalog()
            #expect(games.count == 3)
            fake.setBehavior(.json(#"{"id": 540, "title": "Overdrive 2", "description": "Long text."}"#))
            let detail = try await client.fetchDetail(id: 540)
            #expect(detail.description == "Long text.")
            fake.setBehavior(.raw(status: 503, body: "busy", contentType: "text/plain"))
            await #expect(throws: FreeToGameError.badStatus(503, "busy")) { try await client.fetchCatalog() }
        }
        #expect(fake.paths.contains("/game?id=540"))
    }
}

@Suite struct CatalogDateTests {
    @Test(arguments: [
        ("2022-10-04", "2022-10-04"), ("2014-03-00", "2014-03"), ("2014-00-00", "2014"), ("2014", "2014"),
        (" 2020-02-29 ", "2020-02-29"),
    ])
    func partlyKnownDatesKeepWhatIsKnown(text: String, iso: String) {
        #expect(CatalogDate(text)?.iso == iso)
    }

    @Test(arguments: ["0000-00-00", "", "N/A", "2021-02-29", "2021-13-01", "2021-04-31", "20-01-01", "2021-1x-01"])
    func unknownOrImpossibleDatesAreNothing(text: String) {
        #expect(CatalogDate(text) == nil)
    }

    @Test func unknownPartsSortBeforeKnownOnesOfTheSameYear() {
        let dates = ["2014-03-02", "2014", "2014-03-00", "2013-12-31"].compactMap(CatalogDate.init)
        #expect(dates.sorted().map(\.iso) == ["2013-12-31", "2014", "2014-03", "2014-03-02"])
    }
}
