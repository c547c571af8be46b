import Foundation
import GRDB
import GiveawaysDomain

// Reminders before a hearted giveaway ends, raised by the periodic tick (`raiseEndingSoon`): a giveaway enters a
// visitor's lead time between syncs.
extension HookEventRecorder {
    /// Plans and writes `reminder` for the hearted giveaways of every profile with a hook that asks for them.
    static func raiseReminders(
        _ db: Database, planner: HookEventPlanner, hooks all: [Hook], at now: Date
    ) throws -> Int {
        let hooks = all.filter { $0.profileID != nil && $0.events.contains(.reminder) }
        guard !hooks.isEmpty else { return 0 }
        let profiles = Set(hooks.compactMap(\.profileID))
        // Only hearted giveaways within the longest lead are read; the planner judges each against its visitor's.
        let ids = try Int.fetchAll(
            db, sql: HookEventSQL.heartedEndingWithin.sqlite,
            arguments: [now, now.addingTimeInterval(Self.longestLead), TextList(profiles.map(\.rawValue)).sqliteValue])
        guard !ids.isEmpty else { return 0 }
        let feed = try ids.compactMap { try HookSQLiteRepository.giveaway(db, id: $0) }
        let leads = try HookSQLiteRepository.preferenceColumns(db, of: profiles).mapValues(\.preferences.reminderLead)
        let events = planner.reminders(feed, hooks: hooks, marks: try marks(db, of: hooks), leads: leads, at: now)
        return try write(db, events, at: now)
    }

    /// The longest lead a visitor can choose.
    static let longestLead = ReminderLead.allCases.compactMap(\.interval).max() ?? 0
}
