import Foundation
import GiveawaysDomain
import PostgresNIO

// A visitor's notification settings, in the profile's row (migration 4).
extension HookPostgresRepository {
    public func notificationPreferences(of profile: ProfileID) async throws -> NotificationPreferences {
        try await database.read { sql in
            try HookSQL.preferences(await sql.rows(HookSQL.preferences(of: [profile])))[profile]?.preferences
                ?? .standard
        }
    }

    public func saveNotificationPreferences(
        _ preferences: NotificationPreferences, for profile: ProfileID, at time: Date
    ) async throws {
        try await database.write { sql in
            try await sql.run([HookSQL.savePreferences(preferences, for: profile, at: time)])
        }
    }

    /// Holds a claimed event until its visitor's schedule lets it go; it keeps no later event of the hook waiting.
    public func hold(_ claimed: ClaimedHookEvent, until time: Date) async throws {
        try await database.write { sql in try await sql.run([OutboxSQL.handBack(claimed, until: time, as: "held")]) }
    }
}
