import Foundation
import GiveawaysDomain

// Reminders before a hearted giveaway ends, raised by the periodic tick (`raiseEndingSoon`): a giveaway enters a
// visitor's lead time between syncs.
extension HookEventRecorder {
    /// Plans and writes `reminder` for the hearted giveaways of the tick's reminder hooks.
    static func raiseReminders(
        _ db: any SQLSession, planner: HookEventPlanner, tick: HookEventPlanner.Tick
    ) throws -> Int {
        guard !tick.reminderHooks.isEmpty else { return 0 }
        let profiles = tick.reminderProfiles
        let ids = try db.rows(
            HookEventSQL.heartedEndingWithin, tick.now, tick.remindersUntil, TextList(profiles.map(\.rawValue))
        ).map { try $0.value(0, as: Int.self) }
        guard !ids.isEmpty else { return 0 }
        let feed = try ids.compactMap { try HookSQLRepository.giveaway(db, id: $0) }
        let leads = try HookSQL.preferences(db.rows(HookSQL.preferences(of: profiles))).mapValues(
            \.preferences.reminderLead)
        let events = planner.reminders(
            feed, hooks: tick.reminderHooks, marks: try marks(db, of: tick.reminderHooks), leads: leads, at: tick.now)
        return try write(db, events, at: tick.now)
    }
}
