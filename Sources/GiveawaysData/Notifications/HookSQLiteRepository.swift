import Foundation
import GRDB
import GiveawaysDomain

/// Webhooks, their outbox and their delivery log over SQLite: every write method is one transaction.
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

    /// Stores a new hook and answers it with its id and baseline. Its baseline is its creation time when the store
    /// already holds a real feed; otherwise the first sync after it sets one (and raises no `new` events).
    public func addHook(_ newHook: Hook) async throws -> Hook {
        try await writer.write { db in try Self.insert(db, newHook, clientAddress: nil) }
    }

    /// Inserts a hook in the caller's transaction; `clientAddress` is who added a visitor's hook.
    static func insert(_ db: Database, _ newHook: Hook, clientAddress: String?) throws -> Hook {
        let rules = try RulesJSON.encode(newHook.rules)
        var hook = newHook
        let holdsFeed =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM giveaway WHERE left_at IS NULL AND is_demo = 0)") ?? false
        hook.baselineAt = holdsFeed ? hook.createdAt : nil
        try db.execute(
            sql: """
                INSERT INTO hook
                    (url, format, secret, rules_json, events, created_at, baseline_at, profile_id, client_address)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                hook.url.absoluteString, hook.format.rawValue, hook.secret, rules,
                hook.events.sorted().map(\.rawValue).joined(separator: ","), hook.createdAt, hook.baselineAt,
                hook.profileID?.rawValue, clientAddress,
            ])
        hook.id = Int(db.lastInsertedRowID)
        return hook
    }

    /// Every hook, oldest first.
    public func hooks() async throws -> [Hook] {
        try await writer.read { db in try Self.hooks(db) }
    }

    public func hook(id: Int) async throws -> Hook? {
        try await writer.read { db in try Self.hooks(db, id: id).first }
    }

    /// Removes a hook with its pending events and its log. Answers whether there was one.
    public func removeHook(id: Int) async throws -> Bool {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM hook_event WHERE hook_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM hook WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// A visitor profile's own hooks (Settings → Notifications), oldest first.
    public func hooks(of profile: ProfileID) async throws -> [Hook] {
        try await writer.read { db in
            let ids = try Int.fetchAll(
                db, sql: "SELECT id FROM hook WHERE profile_id = ? ORDER BY id", arguments: [profile.rawValue])
            return try ids.flatMap { try Self.hooks(db, id: $0) }
        }
    }

    /// Removes one of a profile's own hooks; another profile's (or the operator's) is left alone. Answers whether
    /// there was one.
    public func removeHook(id: Int, of profile: ProfileID) async throws -> Bool {
        try await writer.write { db in
            guard
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM hook WHERE id = ? AND profile_id = ?)",
                    arguments: [id, profile.rawValue]) == true
            else { return false }
            try db.execute(sql: "DELETE FROM hook_event WHERE hook_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM hook WHERE id = ?", arguments: [id])
            return true
        }
    }

    /// A visitor's hook follows the visitor's rules in Settings (read here, at every use, so a change of rules
    /// applies at once); the operator's hooks carry their own.
    static func hooks(_ db: Database, id: Int? = nil) throws -> [Hook] {
        var sql = """
            SELECT hook.*, CASE WHEN hook.profile_id IS NULL THEN hook.rules_json ELSE profile.rules_json END AS rules
            FROM hook LEFT JOIN profile ON profile.id = hook.profile_id
            """
        var arguments: StatementArguments = []
        if let id {
            sql += " WHERE hook.id = ?"
            arguments = [id]
        }
        return try Row.fetchAll(db, sql: sql + " ORDER BY hook.id", arguments: arguments).compactMap { row in
            guard let url = URL(string: row["url"]), let format = HookFormat(rawValue: row["format"]) else {
                return nil
            }
            let events = (row["events"] as String).split(separator: ",").compactMap { HookEvent(rawValue: String($0)) }
            return Hook(
                id: row["id"], url: url, format: format, secret: row["secret"],
                rules: RulesJSON.decode(row["rules"]),
                events: Set(events), createdAt: row["created_at"], baselineAt: row["baseline_at"],
                profileID: (row["profile_id"] as String?).flatMap(ProfileID.init(rawValue:)))
        }
    }

    // MARK: - Helpers

    static func giveUp(_ db: Database, id: Int, reason: String, at now: Date) throws {
        try db.execute(
            sql: "UPDATE hook_event SET state = 'failed', lease_until = NULL, last_error = ? WHERE id = ?",
            arguments: [reason, id])
        if let row = try Row.fetchOne(db, sql: "SELECT * FROM hook_event WHERE id = ?", arguments: [id]) {
            try log(
                db,
                HookDeliveryAttempt(
                    at: now, hookID: row["hook_id"], eventID: id, giveawayID: row["giveaway_id"], event: row["event"],
                    attempt: row["attempts"], status: nil, error: reason, nextAttemptAt: nil, gaveUp: true))
        }
    }

    static func log(_ db: Database, _ attempt: HookDeliveryAttempt) throws {
        // The hook may have been removed while this attempt was under way: nothing left to log it against.
        guard
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM hook WHERE id = ?)", arguments: [attempt.hookID])
                == true
        else { return }
        try db.execute(
            sql: """
                INSERT INTO hook_delivery
                    (hook_id, event_id, giveaway_id, event, attempt, at, status, error, next_attempt_at, gave_up)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                attempt.hookID, attempt.eventID, attempt.giveawayID, attempt.event, attempt.attempt, attempt.at,
                attempt.status, attempt.error, attempt.nextAttemptAt, attempt.gaveUp,
            ])
    }

    static func giveaway(_ db: Database, id: Int) throws -> Giveaway? {
        guard let row = try GiveawayRow.fetchOne(db, key: id) else { return nil }
        let platforms = try GiveawayPlatformRow.filter(Column("giveaway_id") == id).order(Column("position"))
            .fetchAll(db).map(\.platform)
        return row.toDomain(platforms: platforms)
    }
}
