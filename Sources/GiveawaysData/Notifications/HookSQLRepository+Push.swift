import Foundation
import GiveawaysDomain

// The devices behind `webpush` hooks; a removed hook takes its events and device with it.
extension HookSQLRepository: PushDeviceRepository {
    public func saveDevice(_ device: PushDevice) async throws {
        try await database.transaction { db in try db.execute([HookSQL.saveDevice(device)]) }
    }

    public func device(hookID: Int) async throws -> PushDevice? {
        try HookSQL.device(await database.rows(HookSQL.device, hookID), hookID: hookID)
    }

    public func removeAllPushSubscriptions() async throws -> Int {
        try await database.transaction { db in try db.rows(HookSQL.removePush).count }
    }

    public func removeSilentPushDevices(since time: Date) async throws -> Int {
        try await database.transaction { db in try db.rows(HookSQL.removeSilentPush, time).count }
    }
}
