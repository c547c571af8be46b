import Foundation
import GiveawaysTestSupport
import Testing

/// `giveaways sync --source epic` against a fake Epic front, then `list --upcoming` and `show` over the merged feed.
@Suite struct StoresCLITests {
    let cli: CLIRunner
    let now = "2026-03-31T12:00:00Z"

    init() throws {
        cli = try CLIRunner()
    }

    /// Epic's promotions in their shape: GamerPower's "Lantern Drift" (3101 in the sample feed) free this week, and
    /// "Tidewater Keep" next week.
    static let promotions = """
        {"data": {"Catalog": {"searchStore": {"elements": [
          {"title": "Lantern Drift", "id": "a1", "namespace": "ns", "offerType": "BASE_GAME", "productSlug": "lantern-drift",
           "keyImages": [], "price": {"totalPrice": {"discountPrice": 0, "originalPrice": 1999, "currencyCode": "USD",
             "currencyInfo": {"decimals": 2}}},
           "promotions": {"promotionalOffers": [{"promotionalOffers": [{"startDate": "2026-03-26T15:00:00.000Z",
             "endDate": "2026-04-02T15:00:00.000Z", "discountSetting": {"discountType": "PERCENTAGE", "discountPercentage": 0}}]}],
             "upcomingPromotionalOffers": []}},
          {"title": "Tidewater Keep", "id": "b2", "namespace": "ns", "offerType": "BASE_GAME", "productSlug": "tidewater-keep",
           "keyImages": [], "price": {"totalPrice": {"discountPrice": 1999, "originalPrice": 1999, "currencyCode": "USD",
             "currencyInfo": {"decimals": 2}}},
           "promotions": {"promotionalOffers": [], "upcomingPromotionalOffers": [{"promotionalOffers": [
             {"startDate": "2026-04-02T15:00:00.000Z", "endDate": "2026-04-09T15:00:00.000Z",
              "discountSetting": {"discountType": "PERCENTAGE", "discountPercentage": 0}}]}]}}
        ], "paging": {"count": 2, "total": 2}}}}}
        """

    @Test func aStoreIsSyncedAloneAndMergedIntoListAndShow() async throws {
        let file = try cli.write(GamerPowerWire.sampleFeed, name: "giveaways-2026-03-30.json")
        #expect(try cli.run(["import", file, "--now", "2026-03-30T12:00:00Z"]).status == 0)
        let front = FakeStoreFront()
        front.answer("/freeGamesPromotions", .init(Self.promotions))
        try await front.withServer { url in
            let sync = try await cli.runDetached([
                "sync", "--source", "epic", "--epic-url", url.absoluteString, "--country", "gb", "--now", now,
            ])
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(sync.stdout.contains("Synced Epic Games Store: 2 offers: 2 new"), "\(sync.stdout)")
            #expect(front.requests.count == 1 && front.requests[0].query["country"] == "GB")

            // `list` and `show` read the sources the server would (`--sources`, else GIVEAWAYS_SOURCES, which the
            // runner sets to GamerPower alone): Epic is read here.
            let read = ["--sources", "gamerpower,epic"]
            let upcoming = try cli.run(["list", "--upcoming", "--now", now] + read)
            #expect(upcoming.stdout.contains("Tidewater Keep") && upcoming.stdout.contains("from 2026-04-02 15:00"))
            #expect(!upcoming.stdout.contains("Lantern Drift"))
            let live = try cli.run(["list", "--now", now, "--json"] + read).stdout
            #expect(live.components(separatedBy: "\"Lantern Drift\"").count - 1 == 1, "one giveaway, the store's title")

            // With Epic turned off (GamerPower alone), its offers ended when last seen, as on the server's pages.
            let off = try cli.run(["list", "--upcoming", "--now", now]).stdout
            #expect(!off.contains("Tidewater Keep"), "\(off)")
            let offJSON = try cli.run(["list", "--now", now, "--json", "--include-expired"]).stdout
            #expect(offJSON.contains("\"Lantern Drift\""), "GamerPower's own listing stays")

            let show = try cli.run(["show", "3101", "--now", now] + read)
            #expect(show.stdout.contains("Seen on:"), "\(show.stdout)")
            #expect(show.stdout.contains("epic https://store.epicgames.com/en-US/p/lantern-drift; gamerpower #3101"))
            let ends = show.stdout.split(separator: "\n").first { $0.hasPrefix("Ends:") }
            #expect(ends?.hasSuffix("2026-04-02T15:00:00Z") == true, "the store's end")

            // A store that fails: exit 69, its offers kept.
            front.answer("/freeGamesPromotions", .init(status: 503, headers: ["Retry-After": "60"], "busy"))
            let failed = try await cli.runDetached(["sync", "--source", "epic", "--epic-url", url.absoluteString])
            #expect(failed.status == 69)
            #expect(failed.stderr.contains("Epic Games Store answered HTTP 503"))
            #expect(try cli.run(["list", "--upcoming", "--now", now] + read).stdout.contains("Tidewater Keep"))
        }
    }
}
