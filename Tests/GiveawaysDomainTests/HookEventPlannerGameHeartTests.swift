import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// A game hearted on Games (RAWG) that goes free tells its visitor once, like a hearted announced giveaway: planned
/// by the tick from the merged feed, matched by the game history's normalised title and never by a near name.
@Suite struct HookEventPlannerGameHeartTests {
    let planner = HookEventPlanner()
    let now = utc("2026-11-26T16:00:30Z")
    let alice = ProfileID(rawValue: String(repeating: "a", count: 32))!
    let bob = ProfileID(rawValue: String(repeating: "b", count: 32))!

    /// A GamerPower giveaway this server first saw at `seen`.
    func giveaway(
        _ id: Int, _ title: String, seen: Date, type: GiveawayType = .game, start: Date? = nil
    ) -> Giveaway {
        var giveaway = Giveaway.stub(id: id, title: title, type: type, publishedAt: seen)
        giveaway.startsAt = start
        giveaway.sources = [GiveawaySighting(source: "gamerpower", url: nil, firstSeenAt: seen)]
        return giveaway
    }

    func hook(_ id: Int, events: Set<HookEvent> = [.back, .started], profile: ProfileID?) -> Hook {
        Hook(
            id: id, url: URL(string: "https://example.org/\(id)")!, rules: .none, events: events,
            createdAt: utc("2026-11-01T00:00:00Z"), baselineAt: utc("2026-11-01T00:00:00Z"), profileID: profile)
    }

    /// A heart on RAWG game `id` named `name`, set at `at`, as the Games page writes it.
    func heart(_ id: Int, _ name: String, at: Date) -> Mark {
        Mark(
            subject: .rawgGame(id), kind: .favorite, text: KeptGame(id: id, name: name).text, createdAt: at,
            updatedAt: at)
    }

    func plan(_ feed: [Giveaway], hooks: [Hook], marks: [ProfileID: VisitorMarks]) -> [HookEventPlanner.PlannedEvent] {
        planner.firstHand(
            HookEventPlanner.firstHandCandidates(feed, at: now), hooks: hooks, marks: marks, leads: [:], at: now)
    }

    @Test func aHeartedGameGoingFreeTellsItsVisitorOnceFromWhenItWentFree() {
        let wentFree = now.addingTimeInterval(-120)
        let feed = [giveaway(41, "Portal", seen: wentFree)]
        let marks = [alice: VisitorMarks([heart(4200, "Portal", at: now.addingTimeInterval(-86_400))])]
        let events = plan(feed, hooks: [hook(1, profile: alice), hook(2, profile: bob)], marks: marks)
        #expect(
            events == [
                .init(hookID: 1, giveawayID: 41, event: .started, occurrence: Int(wentFree.timeIntervalSince1970))
            ], "the visitor who hearted it, with the time it went free as the occurrence: the outbox raises it once")
        #expect(plan(feed, hooks: [hook(1, profile: alice)], marks: marks) == events, "the next tick asks the same")
    }

    @Test func portalIsNotPortal2NorPortalKnightsNorItsSoundtrack() {
        let seen = now.addingTimeInterval(-60)
        let feed = [
            giveaway(1, "Portal 2", seen: seen), giveaway(2, "Portal Knights", seen: seen),
            giveaway(3, "Portal - Soundtrack", seen: seen), giveaway(4, "PORTAL (Steam) Giveaway", seen: seen),
            giveaway(5, "Portal", seen: seen, type: .dlc),
        ]
        let marks = [alice: VisitorMarks([heart(4200, "Portal", at: now.addingTimeInterval(-86_400))])]
        let events = plan(feed, hooks: [hook(1, profile: alice)], marks: marks)
        #expect(
            events.map(\.giveawayID) == [4],
            "only the game itself under its listing's decorations; not a sequel, a namesake, an add-on or loot")
    }

    @Test func aGameAlreadyFreeWhenHeartedOrLongAgoSaysNothing() {
        let feed = [
            giveaway(1, "Lantern Quest", seen: now.addingTimeInterval(-3600)),
            giveaway(2, "Old Tales", seen: now.addingTimeInterval(-HookEventPlanner.firstHandLookback - 60)),
        ]
        let marks = [
            alice: VisitorMarks([
                heart(10, "Lantern Quest", at: now.addingTimeInterval(-60)),
                heart(11, "Old Tales", at: now.addingTimeInterval(-10 * 86_400)),
            ])
        ]
        #expect(
            plan(feed, hooks: [hook(1, profile: alice)], marks: marks).isEmpty,
            "hearted after it went free (the game's page said so), or free for longer than the lookback")
    }

    @Test func anAnnouncedGameTellsAtItsStartAndOnlyOnceBesideAHeartOnTheGiveaway() {
        let start = now.addingTimeInterval(-30)
        let feed = [giveaway(7, "Lantern Quest", seen: now.addingTimeInterval(-7 * 86_400), start: start)]
        let heartOnGame = heart(10, "Lantern Quest", at: now.addingTimeInterval(-3 * 86_400))
        let heartOnGiveaway = Mark(subject: .giveaway(7), kind: .favorite, createdAt: now, updatedAt: now)
        let expected: [HookEventPlanner.PlannedEvent] = [
            .init(hookID: 1, giveawayID: 7, event: .started, occurrence: Int(start.timeIntervalSince1970))
        ]
        #expect(plan(feed, hooks: [hook(1, profile: alice)], marks: [alice: VisitorMarks([heartOnGame])]) == expected)
        #expect(
            plan(feed, hooks: [hook(1, profile: alice)], marks: [alice: VisitorMarks([heartOnGame, heartOnGiveaway])])
                == expected, "a heart on the game and one on its giveaway make one event")
    }

    @Test func claimedSetAsideAnOperatorsHookOrNoFreeNowSayNothing() {
        let feed = [giveaway(1, "Lantern Quest", seen: now.addingTimeInterval(-60))]
        let heart = heart(10, "Lantern Quest", at: now.addingTimeInterval(-86_400))
        for kind in [MarkKind.claimed, .notInterested] {
            let marks = [
                alice: VisitorMarks([heart, Mark(subject: .giveaway(1), kind: kind, createdAt: now, updatedAt: now)])
            ]
            #expect(plan(feed, hooks: [hook(1, profile: alice)], marks: marks).isEmpty, "\(kind)")
        }
        let marks = [alice: VisitorMarks([heart])]
        #expect(plan(feed, hooks: [hook(1, profile: nil)], marks: marks).isEmpty, "an operator's hook has no hearts")
        #expect(
            plan(feed, hooks: [hook(1, events: [.new, .ending], profile: alice)], marks: marks).isEmpty,
            "a hook that did not ask for hearted news")
    }

    @Test func aHeartWhoseTextNamesNoGameMatchesNothing() {
        let feed = [giveaway(1, "RAWG #10", seen: now.addingTimeInterval(-60))]
        let imported = Mark(
            subject: .rawgGame(10), kind: .favorite, text: "not a kept game",
            createdAt: now.addingTimeInterval(-86_400),
            updatedAt: now)
        #expect(HookEventPlanner.heartedGames(VisitorMarks([imported])).isEmpty)
        #expect(plan(feed, hooks: [hook(1, profile: alice)], marks: [alice: VisitorMarks([imported])]).isEmpty)
    }

    @Test func aGamerPowerSyncLeavesAHeartedGameToTheTicksFreeNow() {
        let seen = now.addingTimeInterval(-60)
        let feed = [giveaway(41, "Portal", seen: seen), giveaway(42, "Portal 2", seen: seen)]
        let marks = [alice: VisitorMarks([heart(4200, "Portal", at: now.addingTimeInterval(-86_400))])]
        let hooks = [
            hook(1, events: [.new, .back, .started], profile: alice), hook(2, events: [.new], profile: alice),
        ]
        let facts = HookEventPlanner.SyncFacts(
            report: SyncReport(added: [41, 42], total: 2), giveaways: feed, firstSeen: [41: seen, 42: seen],
            hooks: hooks, marks: marks, time: now)
        let news = planner.plan(facts).events.filter { $0.event == .new }
        #expect(
            news.map { [$0.hookID, $0.giveawayID] } == [[1, 42], [2, 41], [2, 42]],
            "not `new` and then `started` for the hearted game; a hook without hearted news still hears of it")
        #expect(plan(feed, hooks: hooks, marks: marks).map(\.giveawayID) == [41], "the tick says it is free now")
    }
}
