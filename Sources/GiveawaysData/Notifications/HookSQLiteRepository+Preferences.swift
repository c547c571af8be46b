import Foundation
import GRDB
import GiveawaysDomain

// A visitor's notification settings, in the profile's row (migration v11).
extension HookSQLiteRepository {
    public func notificationPreferences(of profile: ProfileID) async throws -> NotificationPreferences {
        try await writer.read { db in try Self.preferenceColumns(db, of: [profile])[profile]?.preferences ?? .standard }
    }

    public func saveNotificationPreferences(
        _ preferences: NotificationPreferences, for profile: ProfileID, at time: Date
    ) async throws {
        let columns = NotificationPreferenceColumns(preferences)
        try await writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO profile (id, created_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING;
                    UPDATE profile SET reminder_lead_minutes = ?, digest_minute = ?, quiet_start_minute = ?,
                        quiet_end_minute = ?, time_zone = ?
                    WHERE id = ?
                    """,
                arguments: [
                    profile.rawValue, time, columns.reminderLeadMinutes, columns.digestMinute,
                    columns.quietStartMinute, columns.quietEndMinute, columns.timeZone, profile.rawValue,
                ])
        }
    }

    /// Holds a claimed event until its visitor's schedule lets it go; it keeps no later event of the hook waiting.
    public func hold(_ claimed: ClaimedHookEvent, until time: Date) async throws {
        try await writer.write { db in
            try db.execute(
                sql: """
                    UPDATE hook_event SET state = 'held', attempts = attempts - 1, next_attempt_at = ?,
                        lease_until = NULL
                    WHERE id = ? AND state = 'sending' AND attempts = ?
                    """,
                arguments: [time, claimed.id, claimed.attempt])
        }
    }

    /// The settings columns of each of `profiles` that has a row.
    static func preferenceColumns(
        _ db: Database, of profiles: Set<ProfileID>
    ) throws -> [ProfileID: NotificationPreferenceColumns] {
        var byProfile: [ProfileID: NotificationPreferenceColumns] = [:]
        for profile in profiles {
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT reminder_lead_minutes, digest_minute, quiet_start_minute, quiet_end_minute, time_zone
                        FROM profile WHERE id = ?
                        """,
                    arguments: [profile.rawValue])
            else { continue }
            byProfile[profile] = NotificationPreferenceColumns(
                reminderLeadMinutes: row["reminder_lead_minutes"], digestMinute: row["digest_minute"],
                quietStartMinute: row["quiet_start_minute"], quietEndMinute: row["quiet_end_minute"],
                timeZone: row["time_zone"])
        }
        return byProfile
    }
}
