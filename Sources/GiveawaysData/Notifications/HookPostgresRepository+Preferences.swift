import Foundation
import GiveawaysDomain
import PostgresNIO

// A visitor's notification settings, in the profile's row (migration 4).
extension HookPostgresRepository {
    public func notificationPreferences(of profile: ProfileID) async throws -> NotificationPreferences {
        try await database.read { sql in
            try await Self.preferenceColumns(sql, of: [profile])[profile]?.preferences ?? .standard
        }
    }

    public func saveNotificationPreferences(
        _ preferences: NotificationPreferences, for profile: ProfileID, at time: Date
    ) async throws {
        let columns = NotificationPreferenceColumns(preferences)
        try await database.write { sql in
            try await sql.run(
                "INSERT INTO profile (id, created_at) VALUES (\(profile.rawValue), \(time)) ON CONFLICT (id) DO NOTHING"
            )
            try await sql.run(
                """
                UPDATE profile SET reminder_lead_minutes = \(columns.reminderLeadMinutes),
                    digest_minute = \(columns.digestMinute), quiet_start_minute = \(columns.quietStartMinute),
                    quiet_end_minute = \(columns.quietEndMinute), time_zone = \(columns.timeZone)
                WHERE id = \(profile.rawValue)
                """)
        }
    }

    /// Holds a claimed event until its visitor's schedule lets it go; it keeps no later event of the hook waiting.
    public func hold(_ claimed: ClaimedHookEvent, until time: Date) async throws {
        try await database.write { sql in
            try await sql.run(
                """
                UPDATE hook_event SET state = 'held', attempts = attempts - 1, next_attempt_at = \(time),
                    lease_until = NULL
                WHERE id = \(claimed.id) AND state = 'sending' AND attempts = \(claimed.attempt)
                """)
        }
    }

    /// The settings columns of each of `profiles` that has a row.
    static func preferenceColumns(
        _ sql: PostgresTransaction, of profiles: Set<ProfileID>
    ) async throws -> [ProfileID: NotificationPreferenceColumns] {
        var byProfile: [ProfileID: NotificationPreferenceColumns] = [:]
        for profile in profiles {
            guard
                let row = try await sql.rows(
                    """
                    SELECT reminder_lead_minutes, digest_minute, quiet_start_minute, quiet_end_minute, time_zone
                    FROM profile WHERE id = \(profile.rawValue)
                    """
                ).first
            else { continue }
            byProfile[profile] = NotificationPreferenceColumns(
                reminderLeadMinutes: try row.get("reminder_lead_minutes", as: Int.self),
                digestMinute: try row.get("digest_minute", as: Int?.self),
                quietStartMinute: try row.get("quiet_start_minute", as: Int?.self),
                quietEndMinute: try row.get("quiet_end_minute", as: Int?.self),
                timeZone: try row.get("time_zone", as: String?.self))
        }
        return byProfile
    }
}
