import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// Reminders before a hearted giveaway ends (at the visitor's lead time, once per end date) and `back` when a
/// hearted giveaway returns — without a database.
@Suite struct HookEventPlannerHeartsTests {
    let planner = HookEventPlanner()
    let now = utc("2026-03-31T12:00:00Z")
    let alice = ProfileID(rawValue: String(repeating: "a", count: 32))!

    func hook(_ id: Int, events: Set<HookEvent> = [.reminder, .back], profile: ProfileID?) -> Hook {
        Hook(
            id: id, url: URL(string: "https://example.org/\(id)")!, events: events, createdAt: now, baselineAt: now,
            profileID: profile)
    }

    func marks(_ kinds: [(MarkKind, Int)]) -> [ProfileID: VisitorMarks] {
        [alice: VisitorMarks(kinds.map { Mark(subject: .giveaway($0.1), kind: $0.0, createdAt: now, updatedAt: now) })]
    }

    func reminders(
        endingIn seconds: TimeInterval, lead: ReminderLead?, marks: [(MarkKind, Int)] = [(.favorite, 1)]
    )
        -> [HookEventPlanner.PlannedEvent]
    {
        planner.reminders(
            [.stub(id: 1, endsAt: now.addingTimeInterval(seconds))], hooks: [hook(1, profile: alice)],
            marks: self.marks(marks), leads: lead.map { [alice: $0] } ?? [:], at: now)
    }

    @Test func aReminderComesAtTheLeadTimeAndNotASecondBefore() {
        let threeHours: TimeInterval = 3 * 3600
        // No lead chosen: 3 hours.
        #expect(reminders(endingIn: threeHours + 1, lead: nil).isEmpty)
        let due = reminders(endingIn: threeHours, lead: nil)
        #expect(due.map(\.event) == [.reminder])
        #expect(due.first?.occurrence == Int(now.addingTimeInterval(threeHours).timeIntervalSince1970))
        #expect(reminders(endingIn: 3600 + 1, lead: .oneHour).isEmpty)
        #expect(reminders(endingIn: 3600, lead: .oneHour).count == 1)
        #expect(reminders(endingIn: 24 * 3600, lead: .day).count == 1)
        #expect(reminders(endingIn: 12 * 3600 + 1, lead: .twelveHours).isEmpty)
        #expect(reminders(endingIn: 60, lead: .off).isEmpty)
        #expect(reminders(endingIn: 0, lead: nil).isEmpty, "ended: nothing to remind of")
    }

    @Test func onlyHeartedUnclaimedGiveawaysOfTheVisitorsOwnHooksAreReminded() {
        #expect(reminders(endingIn: 60, lead: nil, marks: []).isEmpty)
        #expect(reminders(endingIn: 60, lead: nil, marks: [(.favorite, 1), (.claimed, 1)]).isEmpty)
        #expect(reminders(endingIn: 60, lead: nil, marks: [(.favorite, 2)]).isEmpty)
        let operatorHook = planner.reminders(
            [.stub(id: 1, endsAt: now.addingTimeInterval(60))], hooks: [hook(1, profile: nil)],
            marks: marks([(.favorite, 1)]), leads: [:], at: now)
        #expect(operatorHook.isEmpty)
        let withoutReminders = planner.reminders(
            [.stub(id: 1, endsAt: now.addingTimeInterval(60))], hooks: [hook(1, events: [.new], profile: alice)],
            marks: marks([(.favorite, 1)]), leads: [:], at: now)
        #expect(withoutReminders.isEmpty)
    }

    @Test func aMovedEndDateIsANewOccurrence() {
        let first = reminders(endingIn: 600, lead: nil)
        let moved = reminders(endingIn: 900, lead: nil)
        #expect(first.count == 1 && moved.count == 1)
        #expect(first.first?.occurrence != moved.first?.occurrence)
    }

    @Test func backIsRaisedForAHeartedUnclaimedGiveawayThatReturned() {
        let facts = HookEventPlanner.SyncFacts(
            report: SyncReport(returned: [1, 2, 3], total: 3), giveaways: [.stub(id: 1), .stub(id: 2), .stub(id: 3)],
            firstSeen: [:], hooks: [hook(1, profile: alice), hook(2, profile: nil)],
            marks: marks([(.favorite, 1), (.favorite, 2), (.claimed, 2)]), time: now)
        let back = planner.plan(facts).events.filter { $0.event == .back }
        #expect(back.map(\.giveawayID) == [1])
        #expect(back.map(\.hookID) == [1])
        #expect(back.first?.occurrence == Int(now.timeIntervalSince1970))
    }
}
