import Foundation
import GRDB
import GiveawaysDomain

// The outbox: claiming due events with a lease, recording outcomes fenced by the attempt number, the delivery log.
extension HookSQLiteRepository {
    /// Claims up to `limit` due events: pending ones whose time has come, and sending ones whose lease ran out
    /// (their sender died between send and record). Each claim counts as an attempt, so a crash loop still gives
    /// up after `HookRetryPolicy.maximumAttempts`.
    /// - Parameter skipping: hooks whose delivery failed earlier in this pass: their later events wait, in order.
    public func claimDue(
        now: Date, lease: TimeInterval, limit: Int, skipping: Set<Int>
    ) async throws -> [ClaimedHookEvent] {
        try await writer.write { db in
            let skipped =
                skipping.isEmpty
                ? "" : " AND hook_id NOT IN (\(skipping.sorted().map(String.init).joined(separator: ",")))"
            let rows = try Row.fetchAll(
                db,
                // Due, and no earlier event of the same hook still waiting: a hook's events go out in the order they
                // were raised, even when a failure postponed only some of them.
                sql: """
                    SELECT id, hook_id, giveaway_id, event, occurrence, attempts, created_at FROM hook_event AS e
                    WHERE ((state IN ('pending', 'held') AND next_attempt_at <= ?1)
                        OR (state = 'sending' AND lease_until <= ?1))
                      AND NOT EXISTS (
                        SELECT 1 FROM hook_event AS earlier
                        WHERE earlier.hook_id = e.hook_id AND earlier.id < e.id
                          AND ((earlier.state = 'pending' AND earlier.next_attempt_at > ?1)
                            OR (earlier.state = 'sending' AND earlier.lease_until > ?1)))\(skipped)
                    ORDER BY id LIMIT ?2
                    """,
                arguments: [now, limit])
            guard !rows.isEmpty else { return [] }
            let hooks = Dictionary(uniqueKeysWithValues: try Self.hooks(db).map { ($0.id, $0) })
            var claimed: [ClaimedHookEvent] = []
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
                    ClaimedHookEvent(
                        id: id, hook: hook, giveaway: giveaway, event: event, attempt: attempt, endDateChange: change,
                        raisedAt: row["created_at"]))
            }
            return claimed
        }
    }

    /// Records what one attempt came to, and logs it. Fenced: the event changes only if it is still ours (still
    /// sending at this attempt number), so a slow sender whose lease was taken over cannot undo the newer claim.
    /// Answers the logged attempt.
    @discardableResult
    public func recordOutcome(
        of claimed: ClaimedHookEvent, status: Int?, error: String?, notBefore: Date?, at now: Date
    ) async throws -> HookDeliveryAttempt {
        let attempt = HookDeliveryAttempt(
            outcomeOf: claimed, status: status, error: error, notBefore: notBefore, at: now)
        let outcome = OutboxOutcome(attempt)
        try await writer.write { db in
            try db.execute(
                sql: """
                    UPDATE hook_event SET state = ?, delivered_at = COALESCE(?, delivered_at),
                        next_attempt_at = COALESCE(?, next_attempt_at), lease_until = NULL, last_error = ?
                    WHERE id = ? AND state = 'sending' AND attempts = ?
                    """,
                arguments: [
                    outcome.state, outcome.deliveredAt, outcome.nextAttemptAt, outcome.lastError, claimed.id,
                    claimed.attempt,
                ])
            try Self.log(db, attempt)
        }
        return attempt
    }

    /// Hands a claimed event back unsent, to be tried at `time`: the attempt it was claimed for does not count.
    /// (A hook's events go out in order; when one fails, the ones behind it wait with it.)
    public func postpone(_ claimed: ClaimedHookEvent, until time: Date) async throws {
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
    public func eventCounts(hook: Int?) async throws -> [String: Int] {
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
    public func deliveries(hook: Int?, limit: Int) async throws -> [HookDeliveryAttempt] {
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

    /// Raises `ending` for every live giveaway in the feed that enters the `EndingSoon` window by `now`, as
    /// `planner` plans: the periodic tick, since a giveaway can enter the window between two syncs. Answers how
    /// many events were new.
    @discardableResult
    public func raiseEndingSoon(at now: Date, planner: HookEventPlanner) async throws -> Int {
        // A read first: the service ticks every few seconds, and most servers have no hook to take the write lock for.
        let hasHooks = try await writer.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM hook)") }
        guard hasHooks == true else { return 0 }
        return try await writer.write { db in try HookEventRecorder.raiseEndingSoon(db, planner: planner, at: now) }
    }
}
