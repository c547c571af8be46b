import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysWeb
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite struct HistoryRouteTests {
    static func historyIDs(_ html: String) -> [Int] {
        html.components(separatedBy: "<li class=\"history-item\"").dropFirst().compactMap { chunk in
            guard let range = chunk.range(of: "data-giveaway-id=\"") else { return nil }
            return Int(chunk[range.upperBound...].prefix { $0.isNumber })
        }
    }

    @Test func historyListsWhatLeftOrExpiredNewestFirstWithDatesWorthAndEndDateMoves() async throws {
        let harness = try await WebHarness(seed: false)
        try await HistoryStore.fill(harness.repository)
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/history", method: .get) { response in
                #expect(response.status == .ok)
                let html = response.text
                #expect(Self.historyIDs(html) == [4, 1])
                #expect(html.contains("<a href=\"/giveaways/4\">Paper Knights</a>"))
                #expect(
                    html.contains(
                        "Left the feed <time datetime=\"2026-03-20T06:00:00Z\" data-t=\"date\">Fri 20 Mar 2026, 06:00 UTC"
                    ))
                #expect(
                    html.contains(
                        "Expired <time datetime=\"2026-03-10T00:00:00Z\" data-t=\"date\">Tue 10 Mar 2026, 00:00 UTC"))
                #expect(html.contains("First seen <time datetime=\"2026-03-01T06:00:00Z\" data-t=\"date\">"))
                #expect(html.contains("End date changed: Sun 8 Mar 2026, 00:00 UTC → Tue 10 Mar 2026, 00:00 UTC"))
                #expect(html.contains("<span class=\"worth\">$5.00</span>"))
                #expect(html.contains("data-list data-append-all"))
                #expect(html.contains("href=\"/history\">History</a>"))
                #expect(html.contains("href=\"/stats\">Statistics</a>"))
            }
        }
    }

    @Test func filtersNarrowByPlatformTypeAndMonth() async throws {
        let harness = try await WebHarness(seed: false)
        try await HistoryStore.fill(harness.repository)
        try await harness.app().test(.router) { client in
            let cases: [(String, [Int])] = [
                ("/history?platform=gog", [4]), ("/history?platform=steam", [1]), ("/history?type=game", [4, 1]),
                ("/history?month=2026-03", [4, 1]), ("/history?platform=gog&month=2026-03", [4]),
                ("/history?type=&platform=all&month=", [4, 1]),
            ]
            for (uri, expected) in cases {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(Self.historyIDs(response.text) == expected, "\(uri)")
                }
            }
            try await client.execute(uri: "/history?month=2026-02", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("Nothing matches"))
                #expect(response.text.contains("<a class=\"button\" href=\"/history\">Clear filters</a>"))
            }
        }
    }

    @Test func badHistoryParametersGetA400Page() async throws {
        let harness = try await WebHarness(seed: false)
        try await HistoryStore.fill(harness.repository)
        try await harness.app().test(.router) { client in
            for uri in [
                "/history?month=2026-13", "/history?month=march", "/history?month=2026-3", "/history?type=skins",
                "/history?platform=dreamcast", "/history?page=0", "/history?month=%3Cscript%3E",
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    #expect(!response.text.contains("<script>"))
                }
            }
        }
    }

    @Test func anEmptyHistoryExplainsItself() async throws {
        let harness = try await WebHarness(seed: false)
        try await harness.repository.saveSync([HistoryStore.loot], at: utc("2026-03-30T06:00:00Z"))
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/history", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("No history yet"))
                #expect(response.text.contains("passes its end date"))
            }
        }
    }

    @Test func loadMoreAnswersTheNextPageAsAFragment() async throws {
        let harness = try await WebHarness(seed: false)
        let past = (1...50).map { n in
            Giveaway.stub(
                id: 100 + n, title: "Old \(n)", endsAt: utc("2026-03-01T00:00:00Z").addingTimeInterval(Double(n) * 3600)
            )
        }
        try await harness.repository.saveSync(past, at: utc("2026-02-20T06:00:00Z"))
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/history", method: .get) { response in
                let ids = Self.historyIDs(response.text)
                #expect(ids.count == 48)
                #expect(ids.first == 150)
                #expect(response.text.contains("href=\"/history?page=2#item-49\" data-load-more"))
                #expect(response.text.contains("Showing 48 of 50"))
            }
            try await client.execute(
                uri: "/history?page=2", method: .get, headers: [.init("X-Fragment")!: "results"]
            ) { response in
                #expect(!response.text.contains("<html"))
                #expect(Self.historyIDs(response.text) == [102, 101])
                #expect(!response.text.contains("data-load-more"))
            }
            try await client.execute(uri: "/history?page=2", method: .get) { response in
                #expect(Self.historyIDs(response.text).count == 50)
                #expect(response.text.contains("id=\"item-49\""))
            }
        }
    }
}
