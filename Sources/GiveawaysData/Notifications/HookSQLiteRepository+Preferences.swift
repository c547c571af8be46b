import Foundation
import GRDB
import GiveawaysDomain

// A visitor's notification settings, in the profile's row (migration v11).
extension HookSQLiteRepository {
    public func notificationPreferences(of profile: ProfileID) async throws -> NotificationPreferences {
        try await writer.read { db in
            try HookSQL.preferences(db.rows(HookSQL.preferences(of: [profile])))[profile]?.preferences ?? .standard
        }
    }

    public func saveNotificationPreferences(
        _ preferences: NotificationPreferences, for profile: ProfileID, at time: Date
    ) async throws {
        try await writer.write { db in try db.execute([HookSQL.savePreferences(preferences, for: profile, at: time)]) }
    }

    /// Holds a claimed event until its visitor's schedule lets it go; it keeps no later event of the hook waiting.
    public func hold(_ claimed: ClaimedHookEvent, until time: Date) async throws {
        try await writer.write { db in try db.execute([OutboxSQL.handBack(claimed, until: time, as: "held")]) }
    }
}
