import Foundation
import GiveawaysDomain
import PostgresNIO

// The devices behind `webpush` hooks over PostgreSQL; a removed hook takes its events and device with it.
extension HookPostgresRepository: PushDeviceRepository {
    public func saveDevice(_ device: PushDevice) async throws {
        try await database.rows(HookSQL.saveDevice(device))
    }

    public func device(hookID: Int) async throws -> PushDevice? {
        try HookSQL.device(await database.rows(HookSQL.device, hookID), hookID: hookID)
    }

    public func removeAllPushSubscriptions() async throws -> Int {
        try await database.rows(HookSQL.removePush).count
    }

    public func removeSilentPushDevices(since time: Date) async throws -> Int {
        try await database.rows(HookSQL.removeSilentPush, time).count
    }
}
