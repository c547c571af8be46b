import Foundation
import GRDB
import GiveawaysDomain

// The devices behind `webpush` hooks over SQLite.
extension HookSQLiteRepository: PushDeviceRepository {
    public func saveDevice(_ device: PushDevice) async throws {
        try await writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO push_device (hook_id, label, language) VALUES (?, ?, ?)
                    ON CONFLICT (hook_id) DO UPDATE SET label = excluded.label, language = excluded.language
                    """,
                arguments: [device.hookID, device.label, device.language])
        }
    }

    public func device(hookID: Int) async throws -> PushDevice? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM push_device WHERE hook_id = ?", arguments: [hookID]).map {
                PushDevice(hookID: $0["hook_id"], label: $0["label"], language: $0["language"])
            }
        }
    }

    public func removeAllPushSubscriptions() async throws -> Int {
        try await writer.write { db in
            let format = HookFormat.webpush.rawValue
            try db.execute(
                sql: "DELETE FROM hook_event WHERE hook_id IN (SELECT id FROM hook WHERE format = ?)",
                arguments: [format])
            try db.execute(sql: "DELETE FROM hook WHERE format = ?", arguments: [format])
            return db.changesCount
        }
    }

    public func removeSilentPushDevices(since time: Date) async throws -> Int {
        try await writer.write { db in
            let silent = """
                SELECT id FROM hook WHERE format = ? AND profile_id IS NOT NULL AND created_at < ?
                AND NOT EXISTS (
                    SELECT 1 FROM profile WHERE profile.id = hook.profile_id AND profile.last_seen_at >= ?)
                """
            let arguments: StatementArguments = [HookFormat.webpush.rawValue, time, time]
            try db.execute(sql: "DELETE FROM hook_event WHERE hook_id IN (\(silent))", arguments: arguments)
            try db.execute(sql: "DELETE FROM hook WHERE id IN (\(silent))", arguments: arguments)
            return db.changesCount
        }
    }
}
