import Foundation
import GiveawaysDomain
import PostgresNIO

/// Webhooks, their outbox and their delivery log over PostgreSQL: every write method is one transaction.
///
/// As over SQLite (`HookSQLiteRepository`), an event is an outbox row written in the sync's own transaction and
/// delivered through a lease fenced by the attempt number. Several instances may drain the outbox together:
/// `claimDue` takes rows `FOR UPDATE SKIP LOCKED`, so each event goes to one claimer.
public struct HookPostgresRepository: HookRepository {
    let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    // MARK: - Hooks

    public func addHook(_ newHook: Hook) async throws -> Hook {
        try await database.write { sql in try await Self.insert(sql, newHook, clientAddress: nil) }
    }

    /// Inserts a hook in the caller's transaction; `clientAddress` is who added a visitor's hook.
    static func insert(_ sql: PostgresTransaction, _ newHook: Hook, clientAddress: String?) async throws -> Hook {
        let rules = try RulesJSON.encode(newHook.rules)
        var hook = newHook
        let holdsFeed = try await sql.rows(
            "SELECT EXISTS (SELECT 1 FROM giveaway WHERE left_at IS NULL AND NOT is_demo) AS feed"
        ).first?.get("feed", as: Bool.self)
        hook.baselineAt = holdsFeed == true ? hook.createdAt : nil
        let events = hook.events.sorted().map(\.rawValue).joined(separator: ",")
        let inserted = try await sql.rows(
            """
            INSERT INTO hook
                (url, format, secret, rules_json, events, created_at, baseline_at, profile_id, client_address)
            VALUES (\(hook.url.absoluteString), \(hook.format.rawValue), \(hook.secret), \(rules), \(events),
                \(hook.createdAt), \(hook.baselineAt), \(hook.profileID?.rawValue), \(clientAddress))
            RETURNING id
            """)
        hook.id = try inserted.first?.get("id") ?? 0
        return hook
    }

    public func hooks() async throws -> [Hook] {
        try await database.read { sql in try await Self.hooks(sql) }
    }

    public func hook(id: Int) async throws -> Hook? {
        try await database.read { sql in try await Self.hooks(sql, id: id).first }
    }

    public func removeHook(id: Int) async throws -> Bool {
        // Its events and log go with it (ON DELETE CASCADE).
        try await !database.rows("DELETE FROM hook WHERE id = \(id) RETURNING id").isEmpty
    }

    public func hooks(of profile: ProfileID) async throws -> [Hook] {
        try await database.read { sql in try await Self.hooks(sql, profile: profile) }
    }

    public func removeHook(id: Int, of profile: ProfileID) async throws -> Bool {
        try await !database.rows("DELETE FROM hook WHERE id = \(id) AND profile_id = \(profile.rawValue) RETURNING id")
            .isEmpty
    }

    /// A visitor's hook follows the visitor's rules in Settings (read here, at every use, so a change of rules
    /// applies at once); the operator's hooks carry their own.
    static func hooks(_ sql: PostgresTransaction, id: Int? = nil, profile: ProfileID? = nil) async throws -> [Hook] {
        let select = """
            SELECT hook.id, hook.url, hook.format, hook.secret, hook.events, hook.created_at, hook.baseline_at,
                hook.profile_id,
                CASE WHEN hook.profile_id IS NULL THEN hook.rules_json ELSE profile.rules_json END AS rules
            FROM hook LEFT JOIN profile ON profile.id = hook.profile_id
            """
        let rows =
            if let id {
                try await sql.rows("\(unescaped: select) WHERE hook.id = \(id) ORDER BY hook.id")
            } else if let profile {
                try await sql.rows("\(unescaped: select) WHERE hook.profile_id = \(profile.rawValue) ORDER BY hook.id")
            } else {
                try await sql.rows("\(unescaped: select) ORDER BY hook.id")
            }
        return try rows.compactMap { row in
            let (id, url, format, secret, events, createdAt, baselineAt, profileID, rules) = try row.decode(
                (Int, String, String, String?, String, Date, Date?, String?, String?).self)
            guard let url = URL(string: url), let format = HookFormat(rawValue: format) else { return nil }
            return Hook(
                id: id, url: url, format: format, secret: secret, rules: RulesJSON.decode(rules),
                events: Set(events.split(separator: ",").compactMap { HookEvent(rawValue: String($0)) }),
                createdAt: createdAt, baselineAt: baselineAt, profileID: profileID.flatMap(ProfileID.init(rawValue:)))
        }
    }

    // MARK: - Helpers

    static func giveUp(_ sql: PostgresTransaction, id: Int, reason: String, at now: Date) async throws {
        let rows = try await sql.rows(
            """
            UPDATE hook_event SET state = 'failed', lease_until = NULL, last_error = \(reason) WHERE id = \(id)
            RETURNING hook_id, giveaway_id, event, attempts
            """)
        if let row = rows.first {
            let (hookID, giveawayID, event, attempts) = try row.decode((Int, Int, String, Int).self)
            try await log(
                sql,
                HookDeliveryAttempt(
                    at: now, hookID: hookID, eventID: id, giveawayID: giveawayID, event: event, attempt: attempts,
                    status: nil, error: reason, nextAttemptAt: nil, gaveUp: true))
        }
    }

    static func log(_ sql: PostgresTransaction, _ attempt: HookDeliveryAttempt) async throws {
        // The hook may have been removed while this attempt was under way: nothing left to log it against. (A NULL
        // travels without a type, hence the casts.)
        try await sql.run(
            """
            INSERT INTO hook_delivery
                (hook_id, event_id, giveaway_id, event, attempt, at, status, error, next_attempt_at, gave_up)
            SELECT \(attempt.hookID), \(attempt.eventID)::bigint, \(attempt.giveawayID), \(attempt.event),
                \(attempt.attempt), \(attempt.at), \(attempt.status)::bigint, \(attempt.error)::text,
                \(attempt.nextAttemptAt)::timestamptz, \(attempt.gaveUp)
            WHERE EXISTS (SELECT 1 FROM hook WHERE id = \(attempt.hookID))
            """)
    }
}
