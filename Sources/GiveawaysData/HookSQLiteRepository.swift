import Foundation
import GRDB
import GiveawaysDomain

/// Webhooks, their outbox and their delivery log over SQLite: every write method is one transaction.
///
/// The outbox (`hook_event`) is what makes delivery exactly-once on our side: an event is a row written in the
/// sync's own transaction (see `HookEventRecorder`), unique per (hook, giveaway, event, occurrence); a sender
/// claims it with a lease (`claimDue`), and records the outcome fenced by the attempt number
/// (`recordOutcome`). See `HookDeliveryWorker` for the crash window the receiver has to close.
public struct HookSQLiteRepository: Sendable {
    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    private var writer: any DatabaseWriter { database.writer }

    // MARK: - Hooks

    /// Stores a new hook and answers it with its id and baseline. Its baseline is its creation time when the store
    /// already holds a real feed; otherwise the first sync after it sets one (and raises no `new` events).
    public func addHook(_ newHook: Hook) async throws -> Hook {
        let rules = try RulesJSON.encode(newHook.rules)
        return try await writer.write { db in
            var hook = newHook
            let holdsFeed =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM giveaway WHERE left_at IS NULL AND is_demo = 0)") ?? false
            hook.baselineAt = holdsFeed ? hook.createdAt : nil
            try db.execute(
                sql: """
                    INSERT INTO hook (url, format, secret, rules_json, events, created_at, baseline_at, profile_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    hook.url.absoluteString, hook.format.rawValue, hook.secret, rules,
                    hook.events.sorted().map(\.rawValue).joined(separator: ","), hook.createdAt, hook.baselineAt,
                    hook.profileID?.rawValue,
                ])
            hook.id = Int(db.lastInsertedRowID)
            return hook
        }
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

    static func hooks(_ db: Database, id: Int? = nil) throws -> [Hook] {
        var sql = "SELECT * FROM hook"
        var arguments: StatementArguments = []
        if let id {
            sql += " WHERE id = ?"
            arguments = [id]
        }
        return try Row.fetchAll(db, sql: sql + " ORDER BY id", arguments: arguments).compactMap { row in
            guard let url = URL(string: row["url"]), let format = HookFormat(rawValue: row["format"]) else {
                return nil
            }
            let events = (row["events"] as String).split(separator: ",").compactMap { HookEvent(rawValue: String($0)) }
            return Hook(
                id: row["id"], url: url, format: format, secret: row["secret"],
                rules: RulesJSON.decode(row["rules_json"]),
                events: Set(events), createdAt: row["created_at"], baselineAt: row["baseline_at"],
                profileID: (row["profile_id"] as String?).flatMap(ProfileID.init(rawValue:)))
        }
    }

    // MARK: - Outbox

    /// One claimed event, with what a delivery needs.
    public struct ClaimedEvent: Sendable {
        public var id: Int
        public var hook: Hook
        public var giveaway: Giveaway
        public var event: HookEvent
        /// This claim's attempt number (1 for the first); also the fence for `recordOutcome`.
        public var attempt: Int
        /// For `changed`: the end date before and after the move.
        public var endDateChange: EndDateChange?
    }

    /// Claims up to `limit` due events: pending ones whose time has come, and sending ones whose lease ran out
    /// (their sender died between send and record). Each claim counts as an attempt, so a crash loop still gives
    /// up after `HookRetryPolicy.maximumAttempts`.
    public func claimDue(now: Date, lease: TimeInterval, limit: Int) async throws -> [ClaimedEvent] {
        try await writer.write { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, hook_id, giveaway_id, event, occurrence, attempts FROM hook_event
                    WHERE (state = 'pending' AND next_attempt_at <= ?) OR (state = 'sending' AND lease_until <= ?)
                    ORDER BY next_attempt_at, id LIMIT ?
                    """,
                arguments: [now, now, limit])
            guard !rows.isEmpty else { return [] }
            let hooks = Dictionary(uniqueKeysWithValues: try Self.hooks(db).map { ($0.id, $0) })
            var claimed: [ClaimedEvent] = []
            for row in rows {
                let id: Int = row["id"]
                let attempt = (row["attempts"] as Int) + 1
                guard attempt <= HookRetryPolicy.maximumAttempts else {
                    try Self.giveUp(db, id: id, reason: "gave up: no outcome recorded for the last attempt", at: now)
                    continue
                }
                guard let hook = hooks[row["hook_id"]], let event = HookEvent(rawValue: row["event"]),
                    let giveaway = try Self.giveaway(db, id: row["giveaway_id"])
                else {
                    try Self.giveUp(db, id: id, reason: "gave up: the hook or the giveaway is gone", at: now)
                    continue
                }
                try db.execute(
                    sql: "UPDATE hook_event SET state = 'sending', attempts = ?, lease_until = ? WHERE id = ?",
                    arguments: [attempt, now.addingTimeInterval(lease), id])
                var change: EndDateChange?
                if event == .changed, let occurrence = row["occurrence"] as Int?, occurrence > 0,
                    let changeRow = try Row.fetchOne(
                        db, sql: "SELECT * FROM giveaway_end_change WHERE id = ?", arguments: [occurrence])
                {
                    change = EndDateChange(
                        changedAt: changeRow["changed_at"], from: changeRow["old_ends_at"], to: changeRow["new_ends_at"]
                    )
                }
                claimed.append(
                    ClaimedEvent(
                        id: id, hook: hook, giveaway: giveaway, event: event, attempt: attempt, endDateChange: change))
            }
            return claimed
        }
    }

    /// Records what one attempt came to, and logs it. Fenced: the event changes only if it is still ours (still
    /// sending at this attempt number), so a slow sender whose lease was taken over cannot undo the newer claim.
    /// Answers the logged attempt.
    @discardableResult
    public func recordOutcome(
        of claimed: ClaimedEvent, status: Int?, error: String?, at now: Date
    ) async throws -> HookDeliveryAttempt {
        let succeeded = error == nil && status.map { (200..<300).contains($0) } == true
        let next = succeeded ? nil : HookRetryPolicy.nextAttempt(after: claimed.attempt, failedAt: now)
        let reason = succeeded ? nil : (error ?? "HTTP \(status ?? 0)")
        let attempt = HookDeliveryAttempt(
            at: now, hookID: claimed.hook.id, eventID: claimed.id, giveawayID: claimed.giveaway.id,
            event: claimed.event.rawValue, attempt: claimed.attempt, status: status, error: reason,
            nextAttemptAt: next, gaveUp: !succeeded && next == nil)
        try await writer.write { db in
            if succeeded {
                try db.execute(
                    sql: """
                        UPDATE hook_event SET state = 'delivered', delivered_at = ?, lease_until = NULL, last_error = NULL
                        WHERE id = ? AND state = 'sending' AND attempts = ?
                        """,
                    arguments: [now, claimed.id, claimed.attempt])
            } else {
                try db.execute(
                    sql: """
                        UPDATE hook_event SET state = ?, next_attempt_at = ?, lease_until = NULL, last_error = ?
                        WHERE id = ? AND state = 'sending' AND attempts = ?
                        """,
                    arguments: [next == nil ? "failed" : "pending", next ?? now, reason, claimed.id, claimed.attempt])
            }
            try Self.log(db, attempt)
        }
        return attempt
    }

    /// Hands a claimed event back unsent, to be tried at `time`: the attempt it was claimed for does not count.
    /// (A hook's events go out in order; when one fails, the ones behind it wait with it.)
    public func postpone(_ claimed: ClaimedEvent, until time: Date) async throws {
        try await writer.write { db in
            try db.execute(
                sql: """
                    UPDATE hook_event SET state = 'pending', attempts = attempts - 1, next_attempt_at = ?,
                        lease_until = NULL
                    WHERE id = ? AND state = 'sending' AND attempts = ?
                    """,
                arguments: [time, claimed.id, claimed.attempt])
        }
    }

    /// Forgets delivery attempts logged before `time`: the log is for looking back a while, not forever. (Outbox
    /// rows stay: they are what keeps an event from being raised twice.) Answers how many were removed.
    @discardableResult
    public func pruneLog(before time: Date) async throws -> Int {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM hook_delivery WHERE at < ?", arguments: [time])
            return db.changesCount
        }
    }

    /// Logs a `hooks test` sample delivery (it is not an outbox event).
    public func logTestDelivery(_ attempt: HookDeliveryAttempt) async throws {
        try await writer.write { db in try Self.log(db, attempt) }
    }

    /// How many events wait in each state, for one hook or all.
    public func eventCounts(hook: Int? = nil) async throws -> [String: Int] {
        try await writer.read { db in
            var sql = "SELECT state, COUNT(*) AS n FROM hook_event"
            var arguments: StatementArguments = []
            if let hook {
                sql += " WHERE hook_id = ?"
                arguments = [hook]
            }
            let rows = try Row.fetchAll(db, sql: sql + " GROUP BY state", arguments: arguments)
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["state"] as String, $0["n"] as Int) })
        }
    }

    /// The most recent delivery attempts, newest first, for one hook or all.
    public func deliveries(hook: Int? = nil, limit: Int = 50) async throws -> [HookDeliveryAttempt] {
        try await writer.read { db in
            var sql = "SELECT * FROM hook_delivery"
            var arguments: StatementArguments = []
            if let hook {
                sql += " WHERE hook_id = ?"
                arguments = [hook]
            }
            arguments += [limit]
            return try Row.fetchAll(db, sql: sql + " ORDER BY id DESC LIMIT ?", arguments: arguments).map { row in
                HookDeliveryAttempt(
                    at: row["at"], hookID: row["hook_id"], eventID: row["event_id"], giveawayID: row["giveaway_id"],
                    event: row["event"], attempt: row["attempt"], status: row["status"], error: row["error"],
                    nextAttemptAt: row["next_attempt_at"], gaveUp: row["gave_up"])
            }
        }
    }

    /// Raises `ending` for every live giveaway in the feed that enters the 24-hour window by `now`: the periodic
    /// tick, since a giveaway can enter the window between two syncs. Answers how many events were new.
    @discardableResult
    public func raiseEndingSoon(at now: Date) async throws -> Int {
        // A read first: the service ticks every few seconds, and most servers have no hook to take the write lock for.
        let hasHooks = try await writer.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM hook)") }
        guard hasHooks == true else { return 0 }
        return try await writer.write { db in try HookEventRecorder.raiseEndingSoon(db, at: now) }
    }

    // MARK: - Helpers

    private static func giveUp(_ db: Database, id: Int, reason: String, at now: Date) throws {
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

    private static func log(_ db: Database, _ attempt: HookDeliveryAttempt) throws {
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
