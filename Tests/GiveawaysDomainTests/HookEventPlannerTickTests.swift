import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// What the periodic tick reads, decided from the hooks alone.
@Suite struct HookEventPlannerTickTests {
    let now = utc("2026-03-31T12:00:00Z")
    let a = ProfileID(rawValue: String(repeating: "a", count: 32))!
    let b = ProfileID(rawValue: String(repeating: "b", count: 32))!

    func hook(_ id: Int, _ events: Set<HookEvent>, profile: ProfileID? = nil) -> Hook {
        Hook(
            id: id, url: URL(string: "https://example.org/\(id)")!, events: events,
            createdAt: utc("2026-03-30T12:00:00Z"), profileID: profile)
    }

    @Test func onlyHooksThatAskedForEndingGetIt() {
        let tick = HookEventPlanner.Tick(
            hooks: [hook(1, [.new, .ending]), hook(2, [.new]), hook(3, [.ending], profile: a)], at: now)
        #expect(tick.endingHooks.map(\.id) == [1, 3])
    }

    @Test func onlyAVisitorsOwnHooksGetReminders() {
        let tick = HookEventPlanner.Tick(
            hooks: [
                hook(1, [.reminder]), hook(2, [.reminder, .new], profile: a), hook(3, [.new], profile: b),
                hook(4, [.reminder], profile: a),
            ],
            at: now)
        #expect(tick.reminderHooks.map(\.id) == [2, 4])
        #expect(tick.reminderProfiles == [a])
    }

    @Test func theWindowsEndAfterEndingSoonAndTheLongestLead() {
        let tick = HookEventPlanner.Tick(hooks: [], at: now)
        #expect(tick.endingUntil == now.addingTimeInterval(EndingSoon.window))
        #expect(tick.remindersUntil == now.addingTimeInterval(24 * 3600))
        #expect(ReminderLead.longest == ReminderLead.day.interval)
        #expect(tick.endingHooks.isEmpty && tick.reminderHooks.isEmpty)
    }

    @Test func theMarksReadAreThoseOfEveryProfileOwningAHook() {
        let hooks = [
            hook(1, [.new]), hook(2, [.new], profile: a), hook(3, [.ending], profile: b),
            hook(4, [.reminder], profile: a),
        ]
        #expect(HookEventPlanner.Tick.profiles(of: hooks) == [a, b])
    }
}
