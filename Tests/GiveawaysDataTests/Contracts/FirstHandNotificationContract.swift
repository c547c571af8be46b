import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// The contract of notifications about the stores' own giveaways, for every `HookRepository`: the tick raises
/// `new`, `ending` and "free now" (`started`) from the merged feed once each, a claimed event carries the store's
/// giveaway, and GamerPower's sync does not announce again what a store listed first.
struct FirstHandNotificationContract {
    let hooks: any HookRepository
    let feed: any GiveawayFeedRepository
    let offers: any StoreOfferRepository
    let marks: any MarkRepository
    let profiles: any ProfileRepository
    var library: (any LibraryRepository)? = nil

    let monday = utc("2026-11-23T16:00:00Z")

    func epic(_ id: String, title: String, startsAt: Date, endsAt: Date) -> StoreOffer {
        StoreOffer(
            store: .epic, storeID: id, title: title, type: .game,
            claimURL: "https://store.epicgames.com/en-US/p/\(id)", imageURL: nil, startsAt: startsAt,
            endsAt: endsAt, isMystery: false, platforms: Platform.parseList("PC, Epic Games Store"),
            worth: Worth(cents: 2499))
    }

    /// What the server hands the tick: the merged feed's candidates at `now`.
    func raise(at now: Date) async throws -> Int {
        let merged = FeedMerge(gamerpower: try await feed.allStoredGiveaways(), offers: try await offers.allOffers())
        let candidates = HookEventPlanner.firstHandCandidates(merged.stored.map(\.giveaway), at: now)
        return try await hooks.raiseFirstHand(candidates, at: now)
    }

    func aStoresOwnGiveawayIsAnnouncedOnceAndDelivered() async throws {
        _ = try await feed.saveFeed([.stub(id: 1, title: "Other Game")], at: monday)
        let hook = try await hooks.addHook(
            Hook(url: URL(string: "https://example.org/h")!, events: [.new, .ending], createdAt: monday))
        let seen = monday.addingTimeInterval(3600)
        let ends = seen.addingTimeInterval(20 * 3600)
        let report = try await offers.saveOffers(
            [epic("lantern", title: "Lantern Quest", startsAt: monday, endsAt: ends)], of: .epic, at: seen)
        let id = try #require(report.added.first)
        #expect(try await raise(at: seen) == 2, "new, and ending (it ends within 24 hours)")
        #expect(try await raise(at: seen.addingTimeInterval(5)) == 0, "once each")
        let claimed = try await hooks.claimDue(now: seen.addingTimeInterval(5), lease: 600, limit: 10)
        #expect(claimed.map(\.event) == [.new, .ending])
        #expect(claimed.allSatisfy { $0.hook.id == hook.id && $0.giveaway.id == id })
        #expect(claimed.first?.giveaway.title == "Lantern Quest")
        #expect(claimed.first?.giveaway.openGiveawayURL == "https://store.epicgames.com/en-US/p/lantern")
        #expect(claimed.first?.giveaway.endsAt == ends)
    }

    func aHeartedAnnouncedGiveawayBringsFreeNowAtItsStart() async throws {
        let alice = ProfileID.random()
        _ = try await feed.saveFeed([.stub(id: 1, title: "Other Game")], at: monday)
        let start = monday.addingTimeInterval(3 * 86_400)
        let report = try await offers.saveOffers(
            [epic("next", title: "Next Week's Game", startsAt: start, endsAt: start.addingTimeInterval(7 * 86_400))],
            of: .epic, at: monday)
        let id = try #require(report.added.first)
        try await marks.setMark(.favorite, on: .giveaway(id), profile: alice, text: nil, at: monday)
        let hook = try await hooks.addHook(
            Hook(
                url: URL(string: "https://example.org/v")!, events: [.new, .back, .started], createdAt: monday,
                profileID: alice))
        #expect(try await raise(at: start.addingTimeInterval(-1)) == 0, "still coming")
        #expect(try await raise(at: start.addingTimeInterval(2)) == 1, "free now, and not `new` as well")
        #expect(try await raise(at: start.addingTimeInterval(7)) == 0)
        let claimed = try await hooks.claimDue(now: start.addingTimeInterval(7), lease: 600, limit: 10)
        #expect(claimed.map(\.event) == [.started])
        #expect(claimed.first?.giveaway.id == id && claimed.first?.hook.id == hook.id)
    }

    func gamerPowerDoesNotAnnounceAgainWhatAStoreListedFirst() async throws {
        _ = try await feed.saveFeed([.stub(id: 1, title: "Other Game")], at: monday)
        _ = try await hooks.addHook(
            Hook(url: URL(string: "https://example.org/h")!, events: [.new], createdAt: monday))
        let seen = monday.addingTimeInterval(60)
        _ = try await offers.saveOffers(
            [epic("lantern", title: "Lantern Quest", startsAt: monday, endsAt: monday.addingTimeInterval(7 * 86_400))],
            of: .epic, at: seen)
        #expect(try await raise(at: seen) == 1)
        // GamerPower lists the same giveaway an hour later, beside a game of its own.
        let later = seen.addingTimeInterval(3600)
        _ = try await feed.saveFeed(
            [
                .stub(id: 1, title: "Other Game"),
                .stub(id: 2, title: "Lantern Quest (Epic Games) Giveaway", platforms: "PC, Epic Games Store"),
                .stub(id: 3, title: "Brand New Game"),
            ], at: later)
        let claimed = try await hooks.claimDue(now: later, lease: 600, limit: 10)
        #expect(claimed.map(\.giveaway.id) == [OfferRecord.firstID, 3], "one notification for Lantern Quest")
    }

    func aGameClaimedAnywhereIsLeftOutForAVisitorWhoseRulesSaySo() async throws {
        let alice = ProfileID.random()
        // Alice claimed Lantern Quest through GamerPower on GOG; it has since left the feed.
        _ = try await feed.saveFeed(
            [.stub(id: 5, title: "Lantern Quest (GOG) Giveaway", platforms: "PC, GOG")], at: monday)
        try await marks.setMark(.claimed, on: .giveaway(5), profile: alice, text: nil, at: monday)
        _ = try await feed.saveFeed([.stub(id: 1, title: "Other Game")], at: monday.addingTimeInterval(60))
        // A visitor's hook follows the visitor's rules.
        try await profiles.saveRules(GiveawayRules(hideClaimedAnywhere: true), for: alice, at: monday)
        let hides = try await hooks.addHook(
            Hook(url: URL(string: "https://example.org/a")!, events: [.new], createdAt: monday, profileID: alice))
        let seen = monday.addingTimeInterval(3600)
        let ends = seen.addingTimeInterval(7 * 86_400)
        _ = try await offers.saveOffers(
            [
                epic("lantern", title: "Lantern Quest™ – Standard Edition", startsAt: monday, endsAt: ends),
                epic("harbor", title: "Harbor Lights", startsAt: monday, endsAt: ends),
            ], of: .epic, at: seen)
        let raised = try await raise(at: seen)
        let claimed = try await hooks.claimDue(now: seen, lease: 600, limit: 10)
        #expect(raised == 1, "Harbor Lights only: \(claimed.map(\.giveaway.title))")
        #expect(claimed.map(\.giveaway.title) == ["Harbor Lights"] && claimed.allSatisfy { $0.hook.id == hides.id })
    }

    func aGameHeartedOnGamesBringsFreeNowWhenItGoesFree() async throws {
        let alice = ProfileID.random()
        _ = try await feed.saveFeed([.stub(id: 1, title: "Other Game")], at: monday)
        try await marks.setMark(
            .favorite, on: .rawgGame(4200), profile: alice, text: KeptGame(id: 4200, name: "Lantern Quest").text,
            at: monday)
        let hook = try await hooks.addHook(
            Hook(
                url: URL(string: "https://example.org/v")!, events: [.back, .started], createdAt: monday,
                profileID: alice))
        // A day later Epic gives away the game, and its sequel.
        let seen = monday.addingTimeInterval(86_400)
        let ends = seen.addingTimeInterval(7 * 86_400)
        _ = try await offers.saveOffers(
            [
                epic("lantern", title: "Lantern Quest", startsAt: seen, endsAt: ends),
                epic("lantern2", title: "Lantern Quest 2", startsAt: seen, endsAt: ends),
            ], of: .epic, at: seen)
        #expect(try await raise(at: seen.addingTimeInterval(30)) == 1, "the hearted game, not its sequel")
        #expect(try await raise(at: seen.addingTimeInterval(90)) == 0, "once")
        let claimed = try await hooks.claimDue(now: seen.addingTimeInterval(90), lease: 600, limit: 10)
        #expect(claimed.map(\.event) == [.started])
        #expect(claimed.first?.giveaway.title == "Lantern Quest" && claimed.first?.hook.id == hook.id)
    }

    func aGameTheVisitorOwnsIsLeftOutWhenTheirRulesHideOwnedGames() async throws {
        let library = try #require(library)
        let alice = ProfileID.random()
        _ = try await feed.saveFeed([.stub(id: 1, title: "Other Game")], at: monday)
        try await library.replaceListedGames([OwnedGame(title: "Lantern Quest", source: .list)], for: alice, at: monday)
        try await profiles.saveRules(GiveawayRules(hideOwned: true), for: alice, at: monday)
        let hook = try await hooks.addHook(
            Hook(url: URL(string: "https://example.org/o")!, events: [.new], createdAt: monday, profileID: alice))
        let seen = monday.addingTimeInterval(3600)
        let ends = seen.addingTimeInterval(7 * 86_400)
        _ = try await offers.saveOffers(
            [
                epic("lantern", title: "Lantern Quest", startsAt: monday, endsAt: ends),
                epic("harbor", title: "Harbor Lights", startsAt: monday, endsAt: ends),
            ], of: .epic, at: seen)
        #expect(try await raise(at: seen) == 1, "Harbor Lights only: Lantern Quest is owned")
        let claimed = try await hooks.claimDue(now: seen, lease: 600, limit: 10)
        #expect(claimed.map(\.giveaway.title) == ["Harbor Lights"] && claimed.allSatisfy { $0.hook.id == hook.id })
    }
}
