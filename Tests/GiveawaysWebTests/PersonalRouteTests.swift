import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GiveawaysWeb

/// Claimed / not interested, the rules of Settings on Home and More, "ending soon" and "new since your last visit".
@Suite struct PersonalRouteTests {
    /// The ids of the cards on a page, in order.
    static func cardIDs(_ html: String) -> [Int] {
        html.components(separatedBy: "<article class=\"card").dropFirst().compactMap { part in
            guard let range = part.range(of: "data-giveaway-id=\"") else { return nil }
            return Int(part[range.upperBound...].prefix { $0.isNumber })
        }
    }

    @Test func claimedAndNotInterestedAreKeptPerBrowserListedAndUndone() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var alice = Browser()
            let set = try await alice.post("/giveaways/3101/mark", "kind=claimed&on=1&back=%2F", client: client)
            #expect(set.status == .seeOther)
            #expect(set.headers[.location] == "/")
            #expect(alice.profile != nil, "the first mark gives the browser its profile")
            let json = try await alice.post(
                "/giveaways/3102/mark", "kind=not-interested&on=1", client: client, extra: [.accept: "application/json"]
            )
            #expect(json.text == #"{"id":3102,"kind":"not-interested","on":true}"#)

            let home = try await alice.get("/", client: client).text
            #expect(home.contains("class=\"mark mark--claimed\" aria-pressed=\"true\""))
            #expect(home.contains("is-claimed"))
            let claimed = try await alice.get("/claimed", client: client).text
            #expect(Self.cardIDs(claimed) == [3101])
            #expect(claimed.contains("worth $19.99 together"))
            #expect(Self.cardIDs(try await alice.get("/not-interested", client: client).text) == [3102])
            let details = try await alice.get("/giveaways/3102", client: client).text
            #expect(details.contains("class=\"mark mark--not-interested\" aria-pressed=\"true\""))

            // Another browser sees none of it.
            let bob = Browser()
            #expect(!(try await bob.get("/", client: client).text.contains("aria-pressed=\"true\"")))
            #expect(Self.cardIDs(try await bob.get("/claimed", client: client).text).isEmpty)

            // Undo.
            _ = try await alice.post("/giveaways/3101/mark", "kind=claimed&on=0", client: client)
            #expect(Self.cardIDs(try await alice.get("/claimed", client: client).text).isEmpty)

            // Without JavaScript the pair is one form and the pressed button names itself: `claimed=1`.
            #expect(home.contains("name=\"claimed\" value=\"0\""), "a pressed toggle clears the mark")
            #expect(home.contains("name=\"not-interested\" value=\"1\""))
            let pressed = try await alice.post("/giveaways/3104/mark", "back=%2Fmore&claimed=1", client: client)
            #expect(pressed.headers[.location] == "/more")
            #expect(Self.cardIDs(try await alice.get("/claimed", client: client).text) == [3104])
            _ = try await alice.post("/giveaways/3104/mark", "back=%2F&claimed=0", client: client)
            #expect(Self.cardIDs(try await alice.get("/claimed", client: client).text).isEmpty)
        }
    }

    @Test func badMarkFormsAreRefusedAndChangeNothing() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var browser = Browser()
            let owned = try await browser.post("/giveaways/3101/mark", "kind=owned&on=1", client: client)
            #expect(owned.status == .badRequest)
            let yes = try await browser.post("/giveaways/3101/mark", "kind=claimed&on=yes", client: client)
            #expect(yes.status == .badRequest)
            let missing = try await browser.post("/giveaways/999/mark", "kind=claimed&on=1", client: client)
            #expect(missing.status == .notFound)
            let forged = try await browser.post(
                "/giveaways/3101/mark", "kind=claimed&on=1", client: client,
                extra: [.init("Sec-Fetch-Site")!: "cross-site"])
            #expect(forged.status == .forbidden)
            if let profile = browser.profileID {
                #expect(try await harness.repository.marks.marks(of: profile).isEmpty)
            }
        }
    }

    @Test func rulesFilterHomeAndMoreWithAShowEverythingSwitch() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            // Visitors without a profile warm the shared page cache first…
            for uri in ["/", "/more", "/giveaways/3101", "/?all=1"] {
                #expect(try await Browser().get(uri, client: client).status == .ok)
            }
            var browser = Browser()
            // …which never answers for a visitor with rules.
            // Only Steam, and no loot: of the five live sample giveaways, only the Steam beta (3103) is left.
            let saved = try await browser.post(
                "/settings", "store=steam&no_loot=1&min_worth=&keywords=", client: client)
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/settings?done=saved")
            let settings = try await browser.get("/settings?done=saved", client: client).text
            #expect(settings.contains("Your rules are saved"))
            #expect(settings.contains("value=\"steam\" checked"))
            #expect(settings.contains("Your rules let 1 of 5 live giveaways through."))

            let home = try await browser.get("/", client: client).text
            #expect(Self.cardIDs(home) == [3103])
            #expect(home.contains("Filtered by"))
            #expect(home.contains("4 hidden"))
            #expect(home.contains("href=\"/?all=1\""))
            let everything = try await browser.get("/?all=1", client: client).text
            #expect(Self.cardIDs(everything).count == 5)
            #expect(everything.contains("Apply my rules"))
            let more = try await browser.get("/more", client: client).text
            #expect(Set(Self.cardIDs(more)) == [3103])
            #expect(Set(Self.cardIDs(try await browser.get("/more?all=1", client: client).text)).count == 5)

            // A visitor without rules sees everything, with no switch.
            let other = try await Browser().get("/", client: client).text
            #expect(Self.cardIDs(other).count == 5)
            #expect(!other.contains("Filtered by"))

            // Clearing the rules brings everything back.
            let cleared = try await browser.post("/settings", "clear=1", client: client)
            #expect(cleared.headers[.location] == "/settings?done=cleared")
            #expect(Self.cardIDs(try await browser.get("/", client: client).text).count == 5)
        }
    }

    @Test func hidingClaimedMinimumWorthKeywordsAndKeySites() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var browser = Browser()
            _ = try await browser.post("/giveaways/3101/mark", "kind=claimed&on=1", client: client)
            _ = try await browser.post("/settings", "hide_claimed=1", client: client)
            #expect(!Self.cardIDs(try await browser.get("/", client: client).text).contains(3101))
            // $5 minimum: the $1,299 console game stays; N/A and $2.99 go.
            _ = try await browser.post("/settings", "min_worth=5", client: client)
            #expect(Self.cardIDs(try await browser.get("/", client: client).text).sorted() == [3101, 3104])
            _ = try await browser.post("/settings", "keywords=rally%0Astarter+pack", client: client)
            #expect(Self.cardIDs(try await browser.get("/", client: client).text).sorted() == [3101, 3103, 3105])
            // The sample beta's steps ask to create an account but name no key site: it stays.
            _ = try await browser.post("/settings", "hide_key_sites=1", client: client)
            #expect(Self.cardIDs(try await browser.get("/", client: client).text).count == 5)
        }
    }

    @Test(arguments: [
        "store=nintendo-64", "type=dlc", "min_worth=cheap", "min_worth=-3", "min_worth=92233720368547758.08",
        "min_worth=100001",
        "keywords=" + String(repeating: "x", count: 61),
        "keywords=" + (1...51).map { "k\($0)" }.joined(separator: "%0A"),
    ])
    func badSettingsAreRefusedAndNothingIsSaved(_ body: String) async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var browser = Browser()
            let response = try await browser.post("/settings", body, client: client)
            #expect(response.status == .badRequest)
            #expect(browser.profile == nil)
        }
    }

    @Test func endingSoonListsOnlyUnclaimedGiveawaysEndingWithinADay() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var browser = Browser()
            let page = try await browser.get("/?ending=24h", client: client).text
            #expect(Self.cardIDs(page) == [3105])  // ends 1 April 00:00, 12 hours after "now"
            #expect(page.contains("<input type=\"hidden\" name=\"ending\" value=\"24h\">"), "live search keeps it")
            let feed = try await browser.get("/feeds/giveaways.atom?ending=24h", client: client).text
            #expect(feed.contains("/giveaways/3105") && !feed.contains("/giveaways/3101"))
            let api = try await browser.get("/api/v1/giveaways?ending=24h", client: client).text
            #expect(api.contains("\"id\":3105") && !api.contains("\"id\":3101"))
            #expect(page.contains("class=\"pill pill--soon\" href=\"/\" aria-current=\"true\""))
            _ = try await browser.post("/giveaways/3105/mark", "kind=claimed&on=1", client: client)
            let claimed = try await browser.get("/?ending=24h", client: client).text
            #expect(Self.cardIDs(claimed).isEmpty)
            #expect(claimed.contains("Nothing ends in the next 24 hours"))
            let week = try await browser.get("/?ending=7d", client: client)
            #expect(week.status == .badRequest)
            let yes = try await browser.get("/?all=yes", client: client)
            #expect(yes.status == .badRequest)
        }
    }

    @Test func newSinceTheLastVisitIsBadgedUntilTheNextVisit() async throws {
        let harness = try await WebHarness()
        let profiles = ProfileSQLRepository(database: harness.repository.database)
        let alice = ProfileID.random()
        // Alice (who hearted something once) last came at 08:00; the sample feed was first seen at 06:00.
        try await harness.repository.marks.setMark(
            .favorite, on: .giveaway(3101), profile: alice, text: nil, at: utc("2026-03-31T07:00:00Z"))
        _ = try await profiles.recordVisit(of: alice, at: utc("2026-03-31T08:00:00Z"))
        // A giveaway first seen at 10:00, after her visit.
        let sample = try GamerPowerFeedDecoder().decode(status: 200, body: Data(GamerPowerWire.sampleFeed.utf8))
        _ = try await harness.repository.saveSync(
            sample.giveaways + [.stub(id: 4000, title: "Fresh Arrival", endsAt: utc("2026-04-30T00:00:00Z"))],
            at: utc("2026-03-31T10:00:00Z"))
        try await harness.app().test(.router) { client in
            let browser = Browser(profile: alice.rawValue)
            let page = try await browser.get("/", client: client).text
            let fresh = try #require(
                page.components(separatedBy: "<article").first { $0.contains("data-giveaway-id=\"4000\"") })
            #expect(fresh.contains("New since your last visit"))
            #expect(page.components(separatedBy: "New since your last visit").count == 2, "only the new one")
            // A browser without a profile gets the shared page, without badges.
            #expect(!(try await Browser().get("/", client: client).text.contains("New since your last visit")))
        }
    }
}
