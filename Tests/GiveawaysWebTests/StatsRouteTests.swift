import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysWeb
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite struct StatsRouteTests {
    @Test func statsShowLiveWorthStoresAndAWeeklyChartWithATable() async throws {
        let harness = try await WebHarness(seed: false)
        try await HistoryStore.fill(harness.repository)
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/stats", method: .get) { response in
                #expect(response.status == .ok)
                let html = response.text
                // Live: 2 (no worth), 3 ($19.99) and 5 ($12.99).
                #expect(html.contains("<p class=\"stat__value\">$32.98</p>"))
                #expect(html.contains("Worth of 3 live giveaways"))
                #expect(html.contains("<p class=\"stat__value\">$0.00</p>"))
                #expect(html.contains("mark giveaways as claimed"))
                #expect(html.contains("<a href=\"/?platform=pc\">PC</a>"))
                #expect(html.contains("<a href=\"/?platform=steam\">Steam</a>"))
                #expect(html.contains("role=\"img\""))
                #expect(html.contains("<title>New giveaways per week: 5 in 8 weeks"))
                #expect(html.contains("<summary>Show as table</summary>"))
                // 1–4 first seen in the week of 23 Feb (1 March is a Sunday), 5 on Monday 30 March; at least 8 weeks.
                #expect(html.contains("<tr><th scope=\"row\">Week of 9 Feb 2026</th><td>0</td></tr>"))
                #expect(html.contains("<tr><th scope=\"row\">Week of 23 Feb 2026</th><td>4</td></tr>"))
                #expect(html.contains("<tr><th scope=\"row\">Week of 23 Mar 2026</th><td>0</td></tr>"))
                #expect(html.contains("<tr><th scope=\"row\">Week of 30 Mar 2026</th><td>1</td></tr>"))
            }
        }
    }

    @Test func claimedWorthComesFromTheVisitorsClaimedMarks() async throws {
        let harness = try await WebHarness(seed: false)
        try await HistoryStore.fill(harness.repository)
        let profile = ProfileID.random()
        for id in [1, 3] {
            try await harness.repository.marks.setMark(
                .claimed, on: .giveaway(id), profile: profile, text: nil, at: harness.now)
        }
        let browser = Browser(profile: profile.rawValue)
        try await harness.app().test(.router) { client in
            let response = try await browser.get("/stats", client: client)
            #expect(response.text.contains("<p class=\"stat__value\">$24.99</p>"))
            #expect(response.text.contains("2 giveaways marked claimed"))
            // Someone else's browser sees nothing of it.
            let other = try await Browser().get("/stats", client: client)
            #expect(other.text.contains("<p class=\"stat__value\">$0.00</p>"))
        }
    }
}
