import Foundation
import GiveawaysDomain
import PostgresNIO

// Reminders before a hearted giveaway ends, as `HookEventRecorder+Reminders` raises them over SQLite.
extension HookEventPostgresRecorder {
    /// Plans and writes `reminder` for the hearted giveaways of the tick's reminder hooks.
    static func raiseReminders(
        _ sql: PostgresTransaction, planner: HookEventPlanner, tick: HookEventPlanner.Tick
    ) async throws -> Int {
        guard !tick.reminderHooks.isEmpty else { return 0 }
        let profiles = tick.reminderProfiles
        let ids = try await sql.rows(
            HookEventSQL.heartedEndingWithin, tick.now, tick.remindersUntil, TextList(profiles.map(\.rawValue))
        ).map { try $0.value(0, as: Int.self) }
        guard !ids.isEmpty else { return 0 }
        let feed = try await giveaways(sql, ids)
        let leads = try HookSQL.preferences(await sql.rows(HookSQL.preferences(of: profiles)))
            .mapValues(\.preferences.reminderLead)
        let events = planner.reminders(
            feed, hooks: tick.reminderHooks, marks: try await marks(sql, of: tick.reminderHooks), leads: leads,
            at: tick.now)
        return try await write(sql, events, at: tick.now)
    }
}
