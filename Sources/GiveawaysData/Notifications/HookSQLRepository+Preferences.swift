import Foundation
import GiveawaysDomain

// A visitor's notification settings, in the profile's row (migration v11).
extension HookSQLRepository {
    public func notificationPreferences(of profile: ProfileID) async throws -> NotificationPreferences {
        try HookSQL.preferences(await database.rows(HookSQL.preferences(of: [profile])))[profile]?.preferences
            ?? .standard
    }

    public func saveNotificationPreferences(
        _ preferences: NotificationPreferences, for profile: ProfileID, at time: Date
    ) async throws {
        try await database.transaction { db in
            try db.execute([HookSQL.savePreferences(preferences, for: profile, at: time)])
        }
    }

    /// Holds a claimed event until its visitor's schedule lets it go; it keeps no later event of the hook waiting.
    public func hold(_ claimed: ClaimedHookEvent, until time: Date) async throws {
        try await database.transaction { db in try db.execute([OutboxSQL.handBack(claimed, until: time, as: "held")]) }
    }
}
