import Foundation
import GiveawaysDomain

/// Webhooks, their outbox and their delivery log (`HookSQL`, `OutboxSQL`), over SQLite or PostgreSQL
/// (`SQLExecutor`): every write method is one transaction.
///
/// The outbox (`hook_event`) is what makes delivery exactly-once on our side: an event is a row written in the
/// sync's own transaction (see `HookEventRecorder`), unique per (hook, giveaway, event, occurrence); a sender
/// claims it with a lease (`claimDue`), and records the outcome fenced by the attempt number
/// (`recordOutcome`). See `HookDeliveryWorker` for the crash window the receiver has to close. Several instances
/// may drain one PostgreSQL outbox together: `claimDue` takes rows `FOR UPDATE SKIP LOCKED` there, so each event goes
/// to one claimer.
public struct HookSQLRepository: HookRepository {
    let database: any SQLExecutor

    public init(database: AppDatabase) { self.database = database }
    public init(database: PostgresDatabase) { self.database = database }

    // MARK: - Hooks

    public func addHook(_ newHook: Hook) async throws -> Hook {
        try await database.transaction { db in
            try HookSQL.inserted(newHook, db.rows(HookSQL.insert(newHook, clientAddress: nil)))
        }
    }

    /// Every hook, oldest first.
    public func hooks() async throws -> [Hook] {
        try HookSQL.hooks(await database.rows(HookSQL.all))
    }

    public func hook(id: Int) async throws -> Hook? {
        try HookSQL.hooks(await database.rows(HookSQL.byID, id)).first
    }

    /// Removes a hook with its pending events and its log. Answers whether there was one.
    public func removeHook(id: Int) async throws -> Bool {
        try await database.transaction { db in try !db.rows(HookSQL.remove, id).isEmpty }
    }

    /// A visitor profile's own hooks (Settings → Notifications), oldest first.
    public func hooks(of profile: ProfileID) async throws -> [Hook] {
        try HookSQL.hooks(await database.rows(HookSQL.ofProfile, profile.rawValue))
    }

    /// Removes one of a profile's own hooks. Answers whether there was one.
    public func removeHook(id: Int, of profile: ProfileID) async throws -> Bool {
        try await database.transaction { db in try !db.rows(HookSQL.removeOfProfile, id, profile.rawValue).isEmpty }
    }

    /// One giveaway with its platforms, or `nil`.
    static func giveaway(_ db: any SQLSession, id: Int) throws -> Giveaway? {
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
