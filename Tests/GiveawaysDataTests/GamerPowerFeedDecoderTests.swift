import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData
@testable import GiveawaysUpstream

@Suite struct GamerPowerFeedDecoderTests {
    let decoder = GamerPowerFeedDecoder()

    func decode(_ status: Int, _ body: String) throws(GamerPowerError) -> [Giveaway] {
        try decoder.decode(status: status, body: Data(body.utf8)).giveaways
    }

    @Test func everyFieldOfTheSampleFeedMaps() throws {
        let giveaways = try decode(200, GamerPowerWire.sampleFeed)
        #expect(giveaways.map(\.id) == [3101, 3102, 2001, 3103, 3104, 3105])
        let epic = giveaways[0]
        #expect(epic.title == "Lantern Drift (Epic Games) Giveaway")
        #expect(epic.worth == Worth(cents: 1999))
        #expect(epic.thumbnailURL == "https://www.gamerpower.com/offers/1/3101abc.jpg")
        #expect(epic.imageURL == "https://www.gamerpower.com/offers/1b/3101abc.jpg")
        #expect(epic.description == "A game you can keep forever.\nClaim it before it ends.")
        #expect(epic.instructions == "1. Click the button.\n2. Log in.\n3. Add it to your library.")
        #expect(epic.openGiveawayURL.hasPrefix("https://www.gamerpower.com/open/lantern-drift"))
        #expect(epic.openGiveaway == epic.openGiveawayURL)
        #expect(epic.publishedAt == utc("2026-03-30T18:35:32Z"))
        #expect(epic.endsAt == utc("2026-04-06T15:00:00Z"))
        #expect(epic.type == .game)
        #expect(epic.platforms.map(\.displayName) == ["PC", "Epic Games Store"])
        #expect(epic.users == 15230)
        #expect(epic.status == "Active")
        #expect(epic.gamerpowerURL.hasPrefix("https://www.gamerpower.com/lantern-drift"))
    }

    @Test func quirksMapFaithfully() throws {
        let byID = Dictionary(uniqueKeysWithValues: try decode(200, GamerPowerWire.sampleFeed).map { ($0.id, $0) })
        let loot = try #require(byID[3102])
        #expect(loot.worth == nil)
        #expect(loot.endsAt == nil)
        #expect(loot.type == .dlc)
        #expect(loot.platforms.map(\.slug) == ["pc", "steam"])
        let beta = try #require(byID[3103])
        #expect(beta.title == "Pokémon-like Café Beta Key")
        #expect(beta.type == .earlyAccess)
        #expect(beta.platforms.map(\.displayName) == ["PC", "Steam", "Epic Games Store", "Hyperspace Store"])
        #expect(beta.platforms.last?.isKnown == false)
        #expect(beta.instructions.contains("<a href=\"https://example.com/claim\" target=\"_blank\">"))
        let console = try #require(byID[3104])
        #expect(console.type == .game)  // "Full Game"
        #expect(console.worth == Worth(cents: 129_900))
        #expect(console.openGiveaway == nil)
        #expect(console.platforms.map(\.slug) == ["ps5", "xbox-series-xs", "switch"])
        let expired = try #require(byID[2001])
        #expect(expired.status == "Active")
        #expect(expired.isExpired(at: utc("2026-03-31T00:00:00Z")))
        let mobile = try #require(byID[3105])
        #expect(mobile.type == .other)
        #expect(mobile.platforms.allSatisfy { $0.isKnown })
        #expect(mobile.platforms.count == 8)
    }

    @Test func status201WithAStatusObjectIsAnEmptyFeed() throws {
        let body = GamerPowerWire.statusObject("No active giveaways available at the moment, please try again later.")
        #expect(try decode(201, body).isEmpty)
        #expect(try decode(200, "[]").isEmpty)
        #expect(try decode(201, "[]").isEmpty)
    }

    @Test func failuresBecomeTypedErrorsWithReadableMessages() {
        #expect(throws: GamerPowerError.notFound("No object found, please check the id.")) {
            try decode(404, GamerPowerWire.statusObject("No object found, please check the id."))
        }
        #expect(throws: GamerPowerError.badStatus(500, "Internal Server Error")) {
            try decode(500, "Internal Server Error")
        }
        #expect(throws: GamerPowerError.throttled) { try decode(429, "") }
        #expect(
            throws: GamerPowerError.notJSON(
                status: 200, snippet: "<!DOCTYPE html><html><body>Maintenance</body></html>")
        ) {
            try decode(200, "<!DOCTYPE html><html><body>Maintenance</body></html>")
        }
        #expect(throws: GamerPowerError.malformed("empty body")) { try decode(200, "  ") }
        do {
            _ = try decode(200, String(GamerPowerWire.sampleFeed.dropLast(40)))
            Issue.record("truncated JSON decoded")
        } catch {
            guard case .malformed(let reason) = error else { Issue.record("got \(error)"); return }
            #expect(reason.contains("invalid JSON"))
            #expect(error.description.hasPrefix("GamerPower sent malformed data"))
        }
        do {
            _ = try decode(200, "{\"error\":\"nope\"}")
            Issue.record("object without status_message decoded")
        } catch {
            #expect(error == .malformed("expected an array of giveaways, got an object"))
        }
    }

    @Test func aFewBrokenItemsAreSkippedButAMostlyBrokenFeedIsRefused() throws {
        var noID = GamerPowerWire.Item(id: 1, title: "x")
        noID.publishedDate = "yesterday"
        let good = GamerPowerWire.sampleItems
        let feed = try decoder.decode(status: 200, body: Data(GamerPowerWire.feed(good + [noID]).utf8))
        #expect(feed.giveaways.count == good.count)
        #expect(feed.skipped.count == 1)
        #expect(feed.skipped[0].contains("published_date"))

        let mostlyBroken =
            "[" + (["{\"id\":1}", "{\"title\":\"x\"}", "42"]).joined(separator: ",") + ","
            + GamerPowerWire.object(good[0]) + "]"
        #expect(throws: GamerPowerError.self) { try decode(200, mostlyBroken) }
    }

    @Test func numbersSentAsStringsAndNullsAreTolerated() throws {
        let body = """
            [{"id":"77","title":"Loose Typing Giveaway","worth":null,"users":"1,2","published_date":"2026-03-01 00:00:00",\
            "type":"Game","platforms":"PC","end_date":null,"open_giveaway_url":"https:\\/\\/x.test\\/open"}]
            """
        let giveaway = try #require(try decode(200, body).first)
        #expect(giveaway.id == 77)
        #expect(giveaway.worth == nil)
        #expect(giveaway.users == 0)
        #expect(giveaway.endsAt == nil)
        #expect(giveaway.openGiveawayURL == "https://x.test/open")
    }

    @Test(arguments: [
        ("2026-03-31 23:59:00", "2026-03-31T23:59:00Z"), ("2026-03-31", "2026-03-31T00:00:00Z"),
        ("2024-02-29 12:00:00", "2024-02-29T12:00:00Z"),
    ])
    func upstreamDatesAreUTC(text: String, iso: String) {
        #expect(UpstreamDate.parse(text) == utc(iso))
    }

    @Test(arguments: ["N/A", "", "2026-02-30 00:00:00", "2026-13-01 00:00:00", "31/03/2026", "2026-03-31 25:00:00"])
    func impossibleDatesAreNothing(text: String) {
        #expect(UpstreamDate.parse(text) == nil)
    }

    @Test func upstreamDateReadsSecondsAndLeadingZeros() {
        #expect(UpstreamDate.parse("2026-03-05 07:08:09") == utc("2026-03-05T07:08:09Z"))
    }
}

@Suite struct UpstreamDateArithmeticTests {
    /// The hand-rolled calendar arithmetic agrees with Foundation's calendar, day by day across leap years.
    @Test func agreesWithFoundationEveryDayFrom1999To2031() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var date = calendar.date(from: DateComponents(year: 1999, month: 1, day: 1, hour: 13, minute: 7, second: 9))!
        while calendar.component(.year, from: date) < 2032 {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let text = String(format: "%04d-%02d-%02d 13:07:09", parts.year!, parts.month!, parts.day!)
            #expect(UpstreamDate.parse(text) == date, "\(text)")
            date = date.addingTimeInterval(86_400)
        }
    }
}

@Suite struct LineBreakTests {
    @Test(arguments: [
        ("a\r\nb", "a\nb"), ("a\rb", "a\nb"), ("a\r\n\r\nb", "a\n\nb"), ("a\n\rb", "a\n\nb"), (" \t x \r\n", "x"),
        ("Pokémon\r\ncafé ☕", "Pokémon\ncafé ☕"), ("", ""), ("\r\n", ""),
    ])
    func lineBreaksBecomeNewlinesAndEndsAreTrimmed(text: String, expected: String) {
        #expect(GiveawayDTO.normalizeLineBreaks(text) == expected)
    }
}
