import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// The stores' own giveaways and announced ones going free, planned from the merged feed without a database: which
/// giveaways the tick weighs, `new` after the baseline and within the lookback, "free now" for a hearted one instead
/// of `new`, the visitor's rules, and GamerPower's sync leaving alone what a store listed first.
@Suite struct HookEventPlannerFirstHandTests {
    let planner = HookEventPlanner()
    let now = utc("2026-11-26T16:00:30Z")
    let alice = ProfileID(rawValue: String(repeating: "a", count: 32))!
    let storeID = OfferRecord.firstID + 7

    /// A store's own giveaway as the merged feed shows it: first seen `seen`, free from `start`.
    func store(
        id: Int? = nil, seen: Date, start: Date? = nil, end: Date? = nil, title: String = "Lantern Quest",
        platforms: String = "PC, Epic Games Store"
    ) -> Giveaway {
        var giveaway = Giveaway.stub(id: id ?? storeID, title: title, platforms: platforms, endsAt: end)
        giveaway.startsAt = start
        giveaway.sources = [GiveawaySighting(source: "epic", url: nil, firstSeenAt: seen)]
        return giveaway
    }

    func hook(
        _ id: Int, events: Set<HookEvent>, profile: ProfileID? = nil, rules: GiveawayRules = .none,
        baseline: Date? = utc("2026-11-01T00:00:00Z")
    ) -> Hook {
        Hook(
            id: id, url: URL(string: "https://example.org/\(id)")!, rules: rules, events: events,
            createdAt: utc("2026-11-01T00:00:00Z"), baselineAt: baseline, profileID: profile)
    }

    func hearted(_ id: Int, claimed: Bool = false) -> [ProfileID: VisitorMarks] {
        var marks = [Mark(subject: .giveaway(id), kind: .favorite, createdAt: now, updatedAt: now)]
        if claimed { marks.append(Mark(subject: .giveaway(id), kind: .claimed, createdAt: now, updatedAt: now)) }
        return [alice: VisitorMarks(marks)]
    }

    @Test func theTickWeighsTheStoresOwnAndTheAnnouncedOnesOnly() {
        let fresh = store(seen: now.addingTimeInterval(-60))
        let old = store(id: storeID + 1, seen: now.addingTimeInterval(-3 * 86_400))
        let oldEndingSoon = store(
            id: storeID + 2, seen: now.addingTimeInterval(-3 * 86_400), end: now.addingTimeInterval(3600))
        let coming = store(id: storeID + 3, seen: now.addingTimeInterval(-86_400), start: now.addingTimeInterval(60))
        var merged = Giveaway.stub(id: 12, title: "GamerPower first")
        merged.startsAt = now.addingTimeInterval(-30)
        let gamerpower = Giveaway.stub(id: 13)
        let candidates = HookEventPlanner.firstHandCandidates(
            [gamerpower, coming, oldEndingSoon, old, fresh, merged], at: now)
        #expect(
            candidates.map(\.id) == [12, storeID, storeID + 2], "sorted by id; nothing upcoming, stale or GamerPower's")
    }

    @Test func newComesOnceAfterTheBaselineAndWithinTheLookback() {
        let hooks = [
            hook(1, events: [.new]), hook(2, events: [.new], baseline: now), hook(3, events: [.new], baseline: nil),
            hook(4, events: [.ending]),
        ]
        let fresh = store(seen: now.addingTimeInterval(-60))
        let events = planner.firstHand([fresh], hooks: hooks, marks: [:], leads: [:], at: now)
        #expect(
            events == [.init(hookID: 1, giveawayID: storeID, event: .new)], "not before a baseline, nor without one")
        let stale = store(seen: now.addingTimeInterval(-HookEventPlanner.firstHandLookback - 1))
        #expect(planner.firstHand([stale], hooks: hooks, marks: [:], leads: [:], at: now).isEmpty)
    }

    @Test func anAnnouncedGiveawayIsNewWhenItGoesFreeNotWhenItWasAnnounced() {
        let hooks = [hook(1, events: [.new], baseline: now.addingTimeInterval(-3600))]
        // Announced a week ago, before the hook's baseline; free since 30 s.
        let started = store(seen: now.addingTimeInterval(-7 * 86_400), start: now.addingTimeInterval(-30))
        #expect(
            planner.firstHand([started], hooks: hooks, marks: [:], leads: [:], at: now).map(\.event) == [.new])
        let coming = store(seen: now.addingTimeInterval(-7 * 86_400), start: now.addingTimeInterval(30))
        #expect(planner.firstHand([coming], hooks: hooks, marks: [:], leads: [:], at: now).isEmpty)
    }

    @Test func aHeartedAnnouncedGiveawayBringsFreeNowInsteadOfNew() {
        let start = now.addingTimeInterval(-30)
        let started = store(seen: now.addingTimeInterval(-7 * 86_400), start: start)
        let hooks = [
            hook(1, events: [.new, .started], profile: alice), hook(2, events: [.new]),
            hook(3, events: [.started]),  // an operator's hook: it has no hearts
        ]
        let events = planner.firstHand([started], hooks: hooks, marks: hearted(storeID), leads: [:], at: now)
        #expect(
            events == [
                .init(hookID: 1, giveawayID: storeID, event: .started, occurrence: Int(start.timeIntervalSince1970)),
                .init(hookID: 2, giveawayID: storeID, event: .new),
            ])
        // Claimed already: no "free now"; the visitor's `new` follows their rules as usual.
        let claimed = planner.firstHand(
            [started], hooks: hooks, marks: hearted(storeID, claimed: true), leads: [:], at: now)
        #expect(claimed.map(\.event) == [.new, .new])
        // A GamerPower giveaway a store announced (merged under GamerPower's id): "free now" too, and no `new`
        // (GamerPower's sync announced it).
        var merged = Giveaway.stub(id: 12)
        merged.startsAt = start
        let gamerpower = planner.firstHand([merged], hooks: hooks, marks: hearted(12), leads: [:], at: now)
        #expect(gamerpower.map(\.event) == [.started] && gamerpower.first?.hookID == 1)
    }

    @Test func theVisitorsRulesDecideNewAndEndingAsOnHome() {
        var paid = store(seen: now.addingTimeInterval(-60), end: now.addingTimeInterval(3600))
        paid.needsSubscription = true
        let rules = GiveawayRules(hideSubscriptions: true)
        let hooks = [hook(1, events: [.new, .ending], rules: rules), hook(2, events: [.new, .ending])]
        let events = planner.firstHand([paid], hooks: hooks, marks: [:], leads: [:], at: now)
        #expect(events.map(\.hookID) == [2, 2])
        #expect(Set(events.map(\.event)) == [.new, .ending])
        let steamOnly = GiveawayRules(platforms: ["steam"])
        #expect(
            planner.firstHand(
                [store(seen: now.addingTimeInterval(-60))], hooks: [hook(1, events: [.new], rules: steamOnly)],
                marks: [:], leads: [:], at: now
            ).isEmpty)
    }

    @Test func gamerPowersSyncLeavesAloneWhatAStoreListedFirst() {
        let seen = now.addingTimeInterval(-3600)
        let offer = OfferRecord(
            id: storeID,
            offer: StoreOffer(
                store: .epic, storeID: "lantern", title: "Lantern Quest™", type: .game, claimURL: nil, imageURL: nil,
                startsAt: now.addingTimeInterval(-86_400), endsAt: now.addingTimeInterval(6 * 86_400),
                isMystery: false, platforms: Platform.parseList("PC, Epic Games Store"), worth: nil),
            firstSeenAt: seen, lastSeenAt: now)
        let listing = Giveaway.stub(
            id: 2, title: "Lantern Quest (Epic Games) Giveaway", platforms: "PC, Epic Games Store")
        let onSteam = Giveaway.stub(id: 3, title: "Lantern Quest (Steam) Giveaway", platforms: "PC, Steam")
        let key = Giveaway.stub(id: 4, title: "Lantern Quest Key Giveaway", platforms: "PC, Epic Games Store")
        let report = SyncReport(added: [2, 3, 4], updated: [], left: [], total: 3)
        let firstSeen = [2: now, 3: now, 4: now]
        #expect(
            FeedMerge.seenFirstByAStore([2, 3, 4], in: [listing, onSteam, key], firstSeen: firstSeen, offers: [offer])
                == [2], "the same store's listing only; a third party's key never")
        let facts = HookEventPlanner.SyncFacts(
            gamerpower: report, giveaways: [listing, onSteam, key], firstSeen: firstSeen, offers: [offer],
            firstLoad: false, hooks: [hook(1, events: [.new])], marks: [:], time: now)
        #expect(planner.plan(facts).events.map(\.giveawayID) == [3, 4])
        // GamerPower listed it first: its own news.
        let earlier = FeedMerge.seenFirstByAStore(
            [2], in: [listing], firstSeen: [2: seen.addingTimeInterval(-1)], offers: [offer])
        #expect(earlier.isEmpty)
        // GamerPower's first load is no one's news; the hooks without a baseline get it.
        let first = HookEventPlanner.SyncFacts(
            gamerpower: report, giveaways: [listing, onSteam, key], firstSeen: firstSeen, offers: [],
            firstLoad: true, hooks: [hook(1, events: [.new]), hook(2, events: [.new], baseline: nil)], marks: [:],
            time: now)
        #expect(planner.plan(first) == HookEventPlanner.Plan(baselines: [2], events: []))
    }

    @Test func gamerPowersSyncWeighsWhatAGiveawayCosts() {
        let prime = Giveaway.stub(
            id: 5, title: "Lantern Quest (Prime Gaming) Giveaway", description: "Free with Prime Gaming.",
            platforms: "PC, Amazon Games")
        #expect(SubscriptionNeed.detected(in: prime), "the fixture is a subscription giveaway")
        let facts = HookEventPlanner.SyncFacts(
            gamerpower: SyncReport(added: [5], updated: [], left: [], total: 1), giveaways: [prime],
            firstSeen: [5: now], offers: [], firstLoad: false,
            hooks: [hook(1, events: [.new], rules: GiveawayRules(hideSubscriptions: true)), hook(2, events: [.new])],
            marks: [:], time: now)
        #expect(planner.plan(facts).events.map(\.hookID) == [2])
    }

    @Test func aGameClaimedOnAnotherStoreIsLeftOutWhenTheRulesSaySo() {
        // Alice claimed Lantern Quest on GOG last year (giveaway 3, long gone from the feed); Epic has it free now.
        let claimed = [Mark(subject: .giveaway(3), kind: .claimed, createdAt: now, updatedAt: now)]
        let marks = [alice: VisitorMarks(claimed)]
        let hides = hook(1, events: [.new], profile: alice, rules: GiveawayRules(hideClaimedAnywhere: true))
        let shows = hook(2, events: [.new], profile: alice)
        let lantern = store(seen: now.addingTimeInterval(-60), title: "Lantern Quest™ – Standard Edition")
        let other = store(id: storeID + 1, seen: now.addingTimeInterval(-60), title: "Harbor Lights")
        #expect(
            HookEventPlanner.claimedGiveaways(of: [hides, shows], marks: marks) == [alice: [3]],
            "only the owners whose rules hide games claimed anywhere are looked up")
        let knowing = HookEventPlanner(claimedGames: [alice: [GameTitle.normalized("Lantern Quest (GOG) Giveaway")]])
        let events = knowing.firstHand([lantern, other], hooks: [hides, shows], marks: marks, leads: [:], at: now)
        #expect(
            Set(events) == [
                .init(hookID: 1, giveawayID: storeID + 1, event: .new),
                .init(hookID: 2, giveawayID: storeID, event: .new),
                .init(hookID: 2, giveawayID: storeID + 1, event: .new),
            ])
        #expect(planner.firstHand([lantern], hooks: [hides], marks: marks, leads: [:], at: now).count == 1)
    }
}
