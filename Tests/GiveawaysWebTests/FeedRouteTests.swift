import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysWeb
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// The router test client names its requests' authority `localhost`: that is the host in every absolute link here.
/// The browser tests cover a `Host` header with a port and a malformed one.
@Suite struct FeedRouteTests {
    /// The text of every `<id>` of an Atom feed's entries.
    static func entryIDs(_ xml: String) -> [String] {
        xml.components(separatedBy: "<entry>\n<id>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    static let hostile = Giveaway.stub(
        id: 66, title: "<script>alert(\"x\")</script> ]]> & 'q' \u{01}\u{08}bell\nnew line, comma; semi \\ slash",
        description: "<b>bold</b> & \u{0B}", platforms: "PC, Steam", endsAt: utc("2026-04-30T12:00:00Z"))

    @Test func atomFeedIsValidAtomWithAbsoluteLinksToDetailsAndClaimPages() async throws {
        let harness = try await WebHarness(seed: false)
        try await HistoryStore.fill(harness.repository)
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/feeds/giveaways.atom", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/atom+xml; charset=utf-8")
                let xml = response.text
                #expect(
                    xml.hasPrefix(
                        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">"))
                #expect(xml.contains("<id>http://localhost/feeds/giveaways.atom</id>"))
                #expect(
                    xml.contains(
                        "<link rel=\"self\" type=\"application/atom+xml\" href=\"http://localhost/feeds/giveaways.atom\"/>"
                    ))
                #expect(xml.contains("<updated>2026-03-30T06:00:00Z</updated>"))
                #expect(Self.entryIDs(xml) == ["5", "2", "3"].map { "tag:localhost,2026:giveaway/\($0)" })
                #expect(
                    xml.contains("<link rel=\"alternate\" type=\"text/html\" href=\"http://localhost/giveaways/5\"/>"))
                #expect(xml.contains("<link rel=\"related\" href=\"https://www.gamerpower.com/open/5\"/>"))
                #expect(
                    xml.contains(
                        "<summary type=\"text\">Worth $12.99 · free until 5 Apr 2026, 17:00 UTC · PC, Steam · Game</summary>"
                    ))
                #expect(xml.contains("<summary type=\"text\">Free, no end date · PC, Steam · Loot / DLC</summary>"))
                #expect(xml.contains("<published>2026-03-29T10:00:00Z</published>"))
                // Star Relay's end date moved on 20 March: its entry changed then.
                #expect(xml.contains("<title>Star Relay</title>\n<updated>2026-03-20T06:00:00Z</updated>"))
                #expect(response.headers[.lastModified] == "Mon, 30 Mar 2026 06:00:00 GMT")
                #expect(response.headers[.eTag]?.hasPrefix("W/\"") == true)
            }
        }
    }

    @Test func feedsFollowHomeFiltersAndRefuseBadValues() async throws {
        let harness = try await WebHarness(seed: false)
        try await HistoryStore.fill(harness.repository)
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/feeds/giveaways.atom?platform=steam&sort=value", method: .get) {
                response in
                #expect(Self.entryIDs(response.text).map { $0.split(separator: "/").last } == ["5", "2"])
                #expect(response.text.contains("<title>GameGiveaways · Steam</title>"))
                #expect(response.text.contains("/feeds/giveaways.atom?platform=steam&amp;sort=value"))
            }
            try await client.execute(uri: "/feeds/giveaways.json?type=loot", method: .get) { response in
                let json = try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any]
                let items = json?["items"] as? [[String: Any]] ?? []
                #expect(items.compactMap { $0["title"] as? String } == ["Gem Chest"])
            }
            try await client.execute(uri: "/feeds/ends.ics?q=star", method: .get) { response in
                #expect(response.text.components(separatedBy: "BEGIN:VEVENT").count == 2)
            }
            for uri in [
                "/feeds/giveaways.atom?platform=dreamcast", "/feeds/giveaways.json?type=skins",
                "/feeds/ends.ics?sort=cheapest",
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                }
            }
            try await client.execute(uri: "/feeds/giveaways.rss", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func jsonFeedIsJSONFeed11() async throws {
        let harness = try await WebHarness(seed: false)
        try await HistoryStore.fill(harness.repository)
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/feeds/giveaways.json", method: .get) { response in
                #expect(response.headers[.contentType] == "application/feed+json")
                let json = try #require(
                    try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
                #expect(json["version"] as? String == "https://jsonfeed.org/version/1.1")
                #expect(json["feed_url"] as? String == "http://localhost/feeds/giveaways.json")
                #expect(json["home_page_url"] as? String == "http://localhost/")
                let items = try #require(json["items"] as? [[String: Any]])
                #expect(items.count == 3)
                let first = items[0]
                #expect(first["id"] as? String == "tag:localhost,2026:giveaway/5")
                #expect(first["url"] as? String == "http://localhost/giveaways/5")
                #expect(first["external_url"] as? String == "https://www.gamerpower.com/open/5")
                #expect(first["image"] as? String == "http://localhost/images/5/image")
                #expect(first["date_published"] as? String == "2026-03-29T10:00:00Z")
                #expect(first["date_modified"] as? String == "2026-03-30T06:00:00Z")
                #expect((first["content_text"] as? String)?.contains("A test giveaway.") == true)
            }
        }
    }

    /// A long title of two- and four-byte characters: folding must never split one.
    static let wide = Giveaway.stub(
        id: 67, title: String(repeating: "Café 🎮 ", count: 14), endsAt: utc("2026-05-01T00:00:00Z"))

    @Test func calendarHasOneFoldedEscapedEventPerGiveawayWithAnEndDate() async throws {
        let harness = try await WebHarness(seed: false)
        try await harness.repository.saveSync(
            [HistoryStore.loot, HistoryStore.steam, Self.hostile, Self.wide], at: utc("2026-03-30T06:00:00Z"))
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/feeds/ends.ics", method: .get) { response in
                #expect(response.headers[.contentType] == "text/calendar; charset=utf-8")
                let text = response.text
                #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"))
                #expect(text.hasSuffix("END:VCALENDAR\r\n"))
                #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
                for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75, "\(line)") }
                let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
                #expect(unfolded.components(separatedBy: "BEGIN:VEVENT").count == 4)  // the loot has no end
                #expect(!text.contains("\u{FFFD}"))
                #expect(unfolded.contains("SUMMARY:Ends: \(Self.wide.title)\r\n"))
                #expect(unfolded.contains("UID:giveaway-5@localhost\r\n"))
                #expect(unfolded.contains("DTSTART:20260405T164500Z\r\nDTEND:20260405T170000Z\r\n"))
                #expect(unfolded.contains("DTSTAMP:20260330T060000Z\r\n"))
                #expect(
                    unfolded.contains(
                        "SUMMARY:Ends: <script>alert(\"x\")</script> ]]> & 'q' bell\\nnew line\\, comma\\; semi \\\\ slash\r\n"
                    ))
                #expect(!text.contains("\u{01}") && !text.contains("\u{08}"))
                #expect(unfolded.contains("URL:http://localhost/giveaways/66\r\n"))
            }
        }
    }

    /// Next week's Epic giveaway ("Coming soon") has an event at its start, in UTC, beside the one at its end; the
    /// one free now keeps the event at its store's start. Atom and JSON Feed list only what is free now.
    @Test func calendarHasAnEventAtEachStartAStoreAnnounced() async throws {
        let harness = try await FirstHandStoresTests.harness()
        // Two profiles' own calendars: one follows Epic, one Steam only.
        let profiles = ProfileSQLRepository(database: harness.repository.database)
        var following: [String: String] = [:]
        for platform in ["epic-games-store", "steam"] {
            let profile = ProfileID.random()
            try await profiles.saveRules(GiveawayRules(platforms: [platform]), for: profile, at: harness.now)
            following[platform] = try await profiles.renewFeedToken(for: profile, at: harness.now).rawValue
        }
        let tokens = following
        try await harness.app(configuration: FirstHandStoresTests.configuration(harness)).test(.router) { client in
            let calendar = try await client.execute(uri: "/feeds/ends.ics", method: .get) { $0.text }
            let unfolded = calendar.replacingOccurrences(of: "\r\n ", with: "")
            let events = unfolded.components(separatedBy: "BEGIN:VEVENT").dropFirst()
            let start = try #require(events.first { $0.contains("SUMMARY:Free from now: Tidewater Keep\r\n") })
            #expect(start.contains("DTSTART:20260402T150000Z\r\nDTEND:20260402T151500Z\r\n"))
            let uid = try #require(start.firstRange(of: "UID:giveaway-"))
            let id = start[uid.upperBound...].prefix { $0.isNumber }
            #expect(start.contains("UID:giveaway-\(id)-start@localhost\r\n"))
            #expect(start.contains("DESCRIPTION:Free from 2 Apr 2026\\, 15:00 UTC · "))
            #expect(start.contains("URL:http://localhost/giveaways/\(id)\r\n"))
            let end = try #require(events.first { $0.contains("SUMMARY:Ends: Tidewater Keep\r\n") })
            #expect(end.contains("UID:giveaway-\(id)@localhost\r\n"))
            #expect(end.contains("DTSTART:20260409T144500Z\r\nDTEND:20260409T150000Z\r\n"))
            // Next week's come first; the one free now keeps its start (Epic's listing, merged into GamerPower's).
            #expect(events.first?.contains("SUMMARY:Free from now: Tidewater Keep") == true)
            #expect(unfolded.contains("UID:giveaway-3101-start@localhost\r\nDTSTAMP:"))
            #expect(unfolded.contains("DTSTART:20260326T150000Z\r\nDTEND:20260326T151500Z\r\n"))
            // Uniquely named events.
            let uids = events.compactMap { $0.split(separator: "\r\n").first { $0.hasPrefix("UID:") } }
            #expect(Set(uids).count == uids.count && uids.count == events.count)
            // A platform without an announcement has none; one filtered to Epic has it.
            let steam = try await client.execute(uri: "/feeds/ends.ics?platform=steam", method: .get) { $0.text }
            #expect(!steam.contains("Tidewater"))
            let epic = try await client.execute(uri: "/feeds/ends.ics?platform=epic-games-store", method: .get) {
                $0.text
            }
            #expect(epic.contains("SUMMARY:Free from now: Tidewater Keep"))
            let mine = try await client.execute(uri: "/feeds/p/\(tokens["epic-games-store"]!).ics", method: .get) {
                $0.text
            }
            #expect(mine.contains("SUMMARY:Free from now: Tidewater Keep"), "a profile's calendar, its rules")
            let notMine = try await client.execute(uri: "/feeds/p/\(tokens["steam"]!).ics", method: .get) { $0.text }
            #expect(notMine.hasPrefix("BEGIN:VCALENDAR") && !notMine.contains("Tidewater"))
            for uri in ["/feeds/giveaways.atom", "/feeds/giveaways.json"] {
                let feed = try await client.execute(uri: uri, method: .get) { $0.text }
                #expect(!feed.contains("Tidewater"), "\(uri) lists what is free now")
            }
        }
    }

    @Test func hostileTitlesStayTextInAtomAndJSON() async throws {
        let harness = try await WebHarness(seed: false)
        try await harness.repository.saveSync([Self.hostile], at: utc("2026-03-30T06:00:00Z"))
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/feeds/giveaways.atom", method: .get) { response in
                let xml = response.text
                #expect(!xml.contains("<script>"))
                #expect(!xml.contains("]]>"))
                #expect(!xml.contains("\u{01}") && !xml.contains("\u{08}") && !xml.contains("\u{0B}"))
                #expect(
                    xml.contains(
                        "<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; ]]&gt; &amp; &#39;q&#39; bell\nnew line, comma; semi \\ slash</title>"
                    ))
            }
            try await client.execute(uri: "/feeds/giveaways.json", method: .get) { response in
                let json = try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any]
                let items = json?["items"] as? [[String: Any]] ?? []
                #expect(items.first?["title"] as? String == Self.hostile.title)
                #expect(!response.text.contains("\u{01}"))
            }
        }
    }

    @Test func linksAreHTTPSBehindAProxyThatSaysSoAndHEADAnswersWithoutABody() async throws {
        let harness = try await WebHarness(seed: false)
        try await HistoryStore.fill(harness.repository)
        try await harness.app().test(.router) { client in
            let proxied = try await client.execute(
                uri: "/feeds/giveaways.json", method: .get, headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"])
            #expect(proxied.text.contains("\"url\":\"https://localhost/giveaways/5\""))
            let head = try await client.execute(uri: "/feeds/giveaways.atom", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentType] == "application/atom+xml; charset=utf-8")
        }
    }

    @Test func feedsAnswer304ForAMatchingETagOrAnUnchangedDate() async throws {
        let harness = try await WebHarness(seed: false)
        try await HistoryStore.fill(harness.repository)
        try await harness.app().test(.router) { client in
            for uri in ["/feeds/giveaways.atom", "/feeds/giveaways.json", "/feeds/ends.ics"] {
                let first = try await client.execute(uri: uri, method: .get)
                let etag = try #require(first.headers[.eTag])
                let lastModified = try #require(first.headers[.lastModified])
                let byTag = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: etag])
                #expect(byTag.status == .notModified, "\(uri)")
                #expect(byTag.body.readableBytes == 0)
                let byDate = try await client.execute(uri: uri, method: .get, headers: [.ifModifiedSince: lastModified])
                #expect(byDate.status == .notModified, "\(uri)")
                let older = try await client.execute(
                    uri: uri, method: .get, headers: [.ifModifiedSince: "Sun, 29 Mar 2026 06:00:00 GMT"])
                #expect(older.status == .ok, "\(uri)")
                // If-None-Match decides when both are sent.
                let otherTag = try await client.execute(
                    uri: uri, method: .get, headers: [.ifNoneMatch: "W/\"0\"", .ifModifiedSince: lastModified])
                #expect(otherTag.status == .ok, "\(uri)")
            }
        }
    }

    // MARK: - Home

    @Test func homeLinksTheFeedsOfItsFilters() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/?platform=steam&type=loot", method: .get) { response in
                let html = response.text
                #expect(
                    html.contains(
                        "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"GameGiveaways · Steam · Loot (Atom)\" href=\"/feeds/giveaways.atom?platform=steam&amp;type=loot\">"
                    ))
                #expect(html.contains("<link rel=\"alternate\" type=\"application/feed+json\""))
                #expect(html.contains("Subscribe: <a href=\"/feeds/giveaways.atom?platform=steam&amp;type=loot\""))
                #expect(
                    html.contains(
                        "<a href=\"/feeds/ends.ics?platform=steam&amp;type=loot\" type=\"text/calendar\">Calendar (starts and ends)</a>"
                    ))
            }
        }
    }
}
