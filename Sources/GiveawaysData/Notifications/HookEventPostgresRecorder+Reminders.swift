import Foundation
import GiveawaysDomain
import PostgresNIO

// Reminders before a hearted giveaway ends, as `HookEventRecorder+Reminders` raises them over SQLite.
extension HookEventPostgresRecorder {
    /// Plans and writes `reminder` for the hearted giveaways of every profile with a hook that asks for them.
    static func raiseReminders(
        _ sql: PostgresTransaction, planner: HookEventPlanner, hooks all: [Hook], at now: Date
    ) async throws -> Int {
        let hooks = all.filter { $0.profileID != nil && $0.events.contains(.reminder) }
        guard !hooks.isEmpty else { return 0 }
        let profiles = Set(hooks.compactMap(\.profileID))
        let ids = try await sql.rows(
            HookEventSQL.heartedEndingWithin, now, now.addingTimeInterval(HookEventRecorder.longestLead),
            TextList(profiles.map(\.rawValue))
        ).map { try $0.decode(Int.self) }
        guard !ids.isEmpty else { return 0 }
        var feed: [Giveaway] = []
        for id in ids {
            if let giveaway = try await GiveawayPostgresReads.giveaway(sql, id: id) { feed.append(giveaway) }
        }
        let leads = try await HookPostgresRepository.preferenceColumns(sql, of: profiles)
            .mapValues(\.preferences.reminderLead)
        let events = planner.reminders(
            feed, hooks: hooks, marks: try await marks(sql, of: hooks), leads: leads, at: now)
        return try await write(sql, events, at: now)
    }
}
