import Foundation
import GiveawaysDomain
import PostgresNIO

// The devices behind `webpush` hooks over PostgreSQL.
extension HookPostgresRepository: PushDeviceRepository {
    public func saveDevice(_ device: PushDevice) async throws {
        _ = try await database.rows(
            """
            INSERT INTO push_device (hook_id, label, language) VALUES (\(device.hookID), \(device.label),
                \(device.language))
            ON CONFLICT (hook_id) DO UPDATE SET label = excluded.label, language = excluded.language
            """)
    }

    public func device(hookID: Int) async throws -> PushDevice? {
        try await database.rows("SELECT label, language FROM push_device WHERE hook_id = \(hookID)").first.map {
            let (label, language) = try $0.decode((String, String).self)
            return PushDevice(hookID: hookID, label: label, language: language)
        }
    }

    public func removeAllPushSubscriptions() async throws -> Int {
        // Their events and devices go with them (ON DELETE CASCADE).
        try await database.rows("DELETE FROM hook WHERE format = \(HookFormat.webpush.rawValue) RETURNING id").count
    }

    public func removeSilentPushDevices(since time: Date) async throws -> Int {
        // Their events and devices go with them (ON DELETE CASCADE).
        try await database.rows(
            """
            DELETE FROM hook WHERE format = \(HookFormat.webpush.rawValue) AND profile_id IS NOT NULL
                AND created_at < \(time)
                AND NOT EXISTS (
                    SELECT 1 FROM profile WHERE profile.id = hook.profile_id AND profile.last_seen_at >= \(time))
            RETURNING id
            """
        ).count
    }
}
