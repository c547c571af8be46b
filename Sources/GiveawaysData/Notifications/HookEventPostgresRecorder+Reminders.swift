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
            """
            SELECT DISTINCT giveaway.id FROM giveaway JOIN mark
                ON mark.subject_kind = 'giveaway' AND mark.subject_id = giveaway.id AND mark.kind = 'favorite'
            WHERE giveaway.left_at IS NULL AND NOT giveaway.is_demo AND giveaway.ends_at > \(now)
                AND giveaway.ends_at <= \(now.addingTimeInterval(HookEventRecorder.longestLead))
                AND mark.profile_id = ANY(\(profiles.map(\.rawValue)))
            ORDER BY giveaway.id
            """
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
