import Foundation
import GRDB
import GiveawaysDomain

/// Webhooks, their outbox and their delivery log over SQLite (`HookSQL`, `OutboxSQL`): every write method is one
/// transaction.
///
/// The outbox (`hook_event`) is what makes delivery exactly-once on our side: an event is a row written in the
/// sync's own transaction (see `HookEventRecorder`), unique per (hook, giveaway, event, occurrence); a sender
/// claims it with a lease (`claimDue`), and records the outcome fenced by the attempt number
/// (`recordOutcome`). See `HookDeliveryWorker` for the crash window the receiver has to close.
public struct HookSQLiteRepository: HookRepository {
    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    var writer: any DatabaseWriter { database.writer }

    // MARK: - Hooks

    public func addHook(_ newHook: Hook) async throws -> Hook {
        try await writer.write { db in
            try HookSQL.inserted(newHook, db.rows(HookSQL.insert(newHook, clientAddress: nil)))
        }
    }

    /// Every hook, oldest first.
    public func hooks() async throws -> [Hook] {
        try await writer.read { db in try HookSQL.hooks(db.rows(HookSQL.all)) }
    }

    public func hook(id: Int) async throws -> Hook? {
        try await writer.read { db in try HookSQL.hooks(db.rows(HookSQL.byID, id)).first }
    }

    /// Removes a hook with its pending events and its log. Answers whether there was one.
    public func removeHook(id: Int) async throws -> Bool {
        try await writer.write { db in try !db.rows(HookSQL.remove, id).isEmpty }
    }

    /// A visitor profile's own hooks (Settings → Notifications), oldest first.
    public func hooks(of profile: ProfileID) async throws -> [Hook] {
        try await writer.read { db in try HookSQL.hooks(db.rows(HookSQL.ofProfile, profile.rawValue)) }
    }

    /// Removes one of a profile's own hooks. Answers whether there was one.
    public func removeHook(id: Int, of profile: ProfileID) async throws -> Bool {
        try await writer.write { db in try !db.rows(HookSQL.removeOfProfile, id, profile.rawValue).isEmpty }
    }

    /// One giveaway with its platforms, or `nil`.
    static func giveaway(_ db: Database, id: Int) throws -> Giveaway? {
        if let giveaway = try FeedSQL.giveaway(
            db.rows(FeedSQL.giveaway, id), platforms: db.rows(FeedSQL.platformsOf, id))
        {
            return giveaway
        }
        // A store's own giveaway, as the merged feed shows it when no GamerPower listing joins it.
        guard OfferRecord.isStoreID(id) else { return nil }
        return try db.rows(StoreOfferSQL.one, id).compactMap(OfferRecord.init(shared:)).first?.giveaway
    }
}
