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
            let due = try Row.fetchAll(
                db, sql: OutboxSQL.due.sqlite, arguments: [now, limit, IDList(skipping.sorted()).sqliteValue]
            ).map {
                DueHookEvent(
                    id: $0[0], hookID: $0[1], giveawayID: $0[2], event: $0[3], occurrence: $0[4], attempts: $0[5],
                    raisedAt: $0[6])
            }
            guard !due.isEmpty else { return [] }
            let hooks = Dictionary(uniqueKeysWithValues: try Self.hooks(db).map { ($0.id, $0) })
            var giveaways: [Int: Giveaway] = [:]
            for id in Set(due.map(\.giveawayID)) { giveaways[id] = try Self.giveaway(db, id: id) }
            let claims = OutboxClaims(due: due, hooks: hooks, giveaways: giveaways)
            for giveUp in claims.givenUp { try Self.giveUp(db, id: giveUp.id, reason: giveUp.reason, at: now) }
            guard !claims.claimed.isEmpty else { return [] }
            try db.execute(OutboxSQL.claim, now.addingTimeInterval(lease), IDList(claims.claimed.map(\.row.id)))
            var moves: [Int: EndDateChange] = [:]
            if !claims.endDateMoves.isEmpty {
                let rows = try Row.fetchAll(
                    db, sql: OutboxSQL.endDateMoves.sqlite, arguments: [IDList(claims.endDateMoves).sqliteValue])
                for row in rows { moves[row[0]] = EndDateChange(changedAt: row[1], from: row[2], to: row[3]) }
            }
            return claims.events(moves: moves)
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
