import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysWeb

/// The read model's shared queries, seen from every page that uses them: one "ending soon", one platform count.
@Suite struct SharedQueriesTests {
    /// Ends in 12 hours, ends in 36 hours, and an expired one on a platform GamerPower does not list.
    func harness() async throws -> WebHarness {
        let harness = try await WebHarness(seed: false)
        let now = harness.now
        try await harness.repository.saveSync(
            [
                .stub(id: 1, title: "Soon Game Giveaway", endsAt: now.addingTimeInterval(12 * 3600)),
                .stub(id: 2, title: "Later Game Giveaway", endsAt: now.addingTimeInterval(36 * 3600)),
                .stub(
                    id: 3, title: "Gone Game Giveaway", platforms: "PC, Atari VCS",
                    endsAt: now.addingTimeInterval(-3600)),
            ], at: now.addingTimeInterval(-7200))
        return harness
    }

    /// Each card's id and whether its time is highlighted as ending soon.
    static func highlighted(_ html: String) -> [Int: Bool] {
        var result: [Int: Bool] = [:]
        for chunk in html.components(separatedBy: "<article class=\"card").dropFirst() {
            guard let range = chunk.range(of: "data-giveaway-id=\""),
                let id = Int(chunk[range.upperBound...].prefix { $0.isNumber })
            else { continue }
            result[id] = chunk.components(separatedBy: "</article>")[0].contains("time--soon")
        }
        return result
    }

    @Test func cardsHighlightWhatTheEndingWithin24hChipLists() async throws {
        try await harness().app().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(Self.highlighted(response.text) == [1: true, 2: false])
                #expect(response.text.contains("Ending within 24 h <span class=\"count\">1</span>"))
            }
            try await client.execute(uri: "/?ending=24h", method: .get) { response in
                #expect(PageRouteTests.cardIDs(response.text) == [1])
            }
            try await client.execute(uri: "/giveaways/2", method: .get) { response in
                #expect(!response.text.contains("time--soon"), "36 hours is not ending soon on Details either")
            }
            try await client.execute(uri: "/giveaways/1", method: .get) { response in
                #expect(response.text.contains("details__countdown time--soon"))
            }
        }
    }

    @Test func homeTheAPIAndSettingsListTheSamePlatformsWithTheSameCounts() async throws {
        let atari = try #require(Platform.parseList("Atari VCS").first)
        #expect(!atari.isKnown)
        try await harness().app().test(.router) { client in
            let api = try await client.execute(uri: "/api/v1/platforms", method: .get) { response in
                try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [[String: Any]])
            }
            let slugs = api.compactMap { $0["slug"] as? String }
            #expect(slugs == Platform.catalog.map(\.slug) + [atari.slug], "the feed's own platform comes last")
            #expect(api.last?["count"] as? Int == 0, "its only giveaway has expired")
            #expect(api.first { $0["slug"] as? String == "steam" }?["count"] as? Int == 2)
            try await client.execute(uri: "/", method: .get) { response in
                for slug in slugs { #expect(response.text.contains("?platform=\(slug)\""), "\(slug)") }
            }
            try await client.execute(uri: "/settings", method: .get) { response in
                for slug in slugs {
                    #expect(response.text.contains("name=\"store\" value=\"\(slug)\""), "\(slug)")
                }
            }
        }
    }
}
