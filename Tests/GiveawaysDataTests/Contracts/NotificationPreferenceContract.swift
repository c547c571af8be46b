import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// The contract of a visitor's notification settings and of the events their schedule holds, for every
/// `HookRepository`.
struct NotificationPreferenceContract {
    let hooks: any HookRepository
    let feed: any GiveawayFeedRepository
    let marks: any MarkRepository

    let start = utc("2026-03-01T12:00:00Z")

    func preferencesAreKeptPerProfileAndDefaultToThreeHoursAtOnce() async throws {
        let alice = ProfileID.random()
        let bob = ProfileID.random()
        let standard = try await hooks.notificationPreferences(of: alice)
        #expect(standard.reminderLead == .threeHours)
        #expect(standard.schedule.digestAt == nil && standard.schedule.quietHours == nil)
        let chosen = NotificationPreferences(
            reminderLead: .twelveHours,
            schedule: NotificationSchedule(
                timeZone: TimeZone(identifier: "Europe/Berlin")!, digestAt: DayTime(text: "07:30"),
                quietHours: .init(start: DayTime(text: "22:00")!, end: DayTime(text: "06:45")!)))
        try await hooks.saveNotificationPreferences(chosen, for: alice, at: start)
        #expect(try await hooks.notificationPreferences(of: alice) == chosen)
        #expect(try await hooks.notificationPreferences(of: bob).reminderLead == .threeHours)
        let changed = NotificationPreferences(
            reminderLead: .off, schedule: NotificationSchedule(timeZone: TimeZone(identifier: "Asia/Tokyo")!))
        try await hooks.saveNotificationPreferences(changed, for: alice, at: start)
        #expect(try await hooks.notificationPreferences(of: alice) == changed)
    }

    func aHeldEventWaitsWithoutHoldingUpTheHooksLaterOnes() async throws {
        let alice = ProfileID.random()
        _ = try await feed.saveFeed([.stub(id: 1)], at: start)
        let hook = try await hooks.addHook(
            Hook(url: URL(string: "https://example.org/v")!, createdAt: start, profileID: alice))
        _ = try await feed.saveFeed([.stub(id: 1), .stub(id: 2), .stub(id: 3)], at: start.addingTimeInterval(60))
        let now = start.addingTimeInterval(120)
        let claimed = try await hooks.claimDue(now: now, lease: 600, limit: 10)
        #expect(claimed.map(\.giveaway.id) == [2, 3])
        #expect(claimed.allSatisfy { $0.raisedAt == start.addingTimeInterval(60) && $0.hook.id == hook.id })
        try await hooks.hold(claimed[0], until: now.addingTimeInterval(3600))
        try await hooks.postpone(claimed[1], until: now)
        // The later event is not kept waiting behind the held one, as it would be behind a postponed one.
        let later = try await hooks.claimDue(now: now, lease: 600, limit: 10)
        #expect(later.map(\.giveaway.id) == [3])
        try await hooks.recordOutcome(of: later[0], status: 204, error: nil, at: now)
        #expect(try await hooks.eventCounts(hook: hook.id)["held"] == 1)
        #expect(try await hooks.claimDue(now: now.addingTimeInterval(3599), lease: 600, limit: 10).isEmpty)
        let released = try await hooks.claimDue(now: now.addingTimeInterval(3600), lease: 600, limit: 10)
        #expect(released.map(\.giveaway.id) == [2])
        #expect(released.first?.attempt == 1, "holding costs no attempt")
    }

    func remindersAreRaisedOncePerEndDateForHeartedGiveaways() async throws {
        let alice = ProfileID.random()
        let end = start.addingTimeInterval(3600)
        _ = try await feed.saveFeed([.stub(id: 1, endsAt: end), .stub(id: 2, endsAt: end)], at: start)
        try await marks.setMark(.favorite, on: .giveaway(1), profile: alice, text: nil, at: start)
        _ = try await hooks.addHook(
            Hook(url: URL(string: "https://example.org/v")!, events: [.reminder], createdAt: start, profileID: alice))
        #expect(try await hooks.raiseEndingSoon(at: start) == 1)
        #expect(try await hooks.raiseEndingSoon(at: start.addingTimeInterval(60)) == 0)
        let moved = end.addingTimeInterval(600)
        _ = try await feed.saveFeed(
            [.stub(id: 1, endsAt: moved), .stub(id: 2, endsAt: end)], at: start.addingTimeInterval(120))
        #expect(try await hooks.raiseEndingSoon(at: start.addingTimeInterval(180)) == 1)
        let claimed = try await hooks.claimDue(now: start.addingTimeInterval(180), lease: 600, limit: 10)
        #expect(claimed.map(\.event) == [.reminder, .reminder])
        #expect(claimed.allSatisfy { $0.giveaway.id == 1 })
    }
}
