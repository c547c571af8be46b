import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// The notification policy without a database: which events a sync and the periodic tick raise.
@Suite struct HookEventPlannerTests {
    let planner = HookEventPlanner()
    let now = utc("2026-03-31T12:00:00Z")
    let created = utc("2026-03-30T12:00:00Z")
    let alice = ProfileID(rawValue: String(repeating: "a", count: 32))!

    func hook(
        _ id: Int, events: Set<HookEvent> = Set(HookEvent.allCases), rules: GiveawayRules = .none,
        baseline: Date? = utc("2026-03-30T12:00:00Z"), profile: ProfileID? = nil
    ) -> Hook {
        Hook(
            id: id, url: URL(string: "https://example.org/\(id)")!, rules: rules, events: events, createdAt: created,
            baselineAt: baseline, profileID: profile)
    }

    func facts(
        _ report: SyncReport, _ giveaways: [Giveaway], firstSeen: [Int: Date] = [:], hooks: [Hook],
        marks: [ProfileID: VisitorMarks] = [:]
    ) -> HookEventPlanner.SyncFacts {
        var seen = firstSeen
        for id in report.added where seen[id] == nil { seen[id] = now }
        return HookEventPlanner.SyncFacts(
            report: report, giveaways: giveaways, firstSeen: seen, hooks: hooks, marks: marks, time: now)
    }

    func marked(_ kind: MarkKind, _ id: Int) -> VisitorMarks {
        VisitorMarks([Mark(subject: .giveaway(id), kind: kind, createdAt: created, updatedAt: created)])
    }

    func event(_ hook: Int, _ giveaway: Int, _ event: HookEvent) -> HookEventPlanner.PlannedEvent {
        HookEventPlanner.PlannedEvent(hookID: hook, giveawayID: giveaway, event: event)
    }

    @Test func newIsRaisedForWhatEnteredTheFeedAfterTheBaselineAndIsLive() {
        let expired = Giveaway.stub(id: 3, endsAt: utc("2026-03-31T11:00:00Z"))
        let back = Giveaway.stub(id: 4)
        let report = SyncReport(added: [1, 3], returned: [4, 5], total: 4)
        let plan = planner.plan(
            facts(
                report, [.stub(id: 1), .stub(id: 2), expired, back, .stub(id: 5)],
                firstSeen: [4: utc("2026-03-01T00:00:00Z"), 5: utc("2026-03-31T00:00:00Z")], hooks: [hook(1)]))
        // 2 did not enter, 3 is expired, 4 was first seen before the hook existed; 5 came back but is new to it.
        #expect(plan.events == [event(1, 1, .new), event(1, 5, .new)])
        #expect(plan.baselines.isEmpty)
    }

    @Test func aHookWithoutABaselineGetsOneAndNoNewEventsButOtherEventsStill() {
        let moved = Giveaway.stub(id: 2, endsAt: utc("2026-04-10T00:00:00Z"))
        let report = SyncReport(added: [1], updated: [2], total: 2, endDateChanged: [2])
        let plan = planner.plan(facts(report, [.stub(id: 1), moved], hooks: [hook(7, baseline: nil), hook(8)]))
        #expect(plan.baselines == [7])
        #expect(plan.events == [event(7, 2, .changed), event(8, 1, .new), event(8, 2, .changed)])
    }

    @Test func eachHookGetsOnlyTheEventsItAsksForAndItsRulesAdmit() {
        let steam = Giveaway.stub(id: 1, platforms: "PC, Steam")
        let epic = Giveaway.stub(id: 2, platforms: "PC, Epic Games Store")
        let report = SyncReport(added: [1, 2], total: 2)
        let hooks = [
            hook(1, events: [.changed]), hook(2, rules: GiveawayRules(platforms: ["epic-games-store"])),
        ]
        #expect(planner.plan(facts(report, [steam, epic], hooks: hooks)).events == [event(2, 2, .new)])
        #expect(planner.plan(facts(report, [steam, epic], hooks: [])) == HookEventPlanner.Plan())
    }

    @Test func aVisitorsHookFollowsTheirMarksAndClaimedIsNeverEndingNews() {
        let ending = utc("2026-04-01T06:00:00Z")
        let giveaways = [Giveaway.stub(id: 1, endsAt: ending), .stub(id: 2, endsAt: ending)]
        let hideClaimed = GiveawayRules(hideClaimed: true)
        let report = SyncReport(added: [1, 2], total: 2)
        let marks = [alice: marked(.claimed, 1)]
        // Rules that keep claimed giveaways: `new` for both, but `ending` only for the unclaimed one.
        let keeps = planner.plan(facts(report, giveaways, hooks: [hook(1, profile: alice)], marks: marks))
        #expect(keeps.events == [event(1, 1, .new), event(1, 2, .new), event(1, 2, .ending)])
        // Rules that hide claimed giveaways: nothing about the claimed one at all.
        let hides = planner.plan(
            facts(report, giveaways, hooks: [hook(1, rules: hideClaimed, profile: alice)], marks: marks))
        #expect(hides.events == [event(1, 2, .new), event(1, 2, .ending)])
        // An operator's hook has no marks: it is told about both.
        let operatorHook = planner.plan(facts(report, giveaways, hooks: [hook(1, rules: hideClaimed)], marks: marks))
        #expect(operatorHook.events.filter { $0.event == .ending }.map(\.giveawayID) == [1, 2])
    }

    @Test func endingIsRaisedWithinTheEndingSoonWindowByGiveawayThenHook() {
        let feed = [
            Giveaway.stub(id: 9, endsAt: now.addingTimeInterval(EndingSoon.window)),
            .stub(id: 3, endsAt: now.addingTimeInterval(3600)),
            .stub(id: 4, endsAt: now.addingTimeInterval(EndingSoon.window + 1)),
            .stub(id: 5, endsAt: now),
            .stub(id: 6),
        ]
        let hooks = [hook(1), hook(2, events: [.new]), hook(3, events: [.ending])]
        #expect(
            planner.endingSoon(feed, hooks: hooks, marks: [:], at: now) == [
                event(1, 3, .ending), event(3, 3, .ending), event(1, 9, .ending), event(3, 9, .ending),
            ])
    }
}
