import Foundation
import GiveawaysDomain

/// The outbox's statements and row reading, written once for both stores (`SharedSQL`): claims with a lease,
/// outcomes fenced by the attempt number, the delivery log.
enum OutboxSQL {
    /// Due, and no earlier event of the same hook still waiting: a hook's events go out in the order they were
    /// raised, even when a failure postponed only some of them. $1 now, $2 limit, $3 hooks to skip.
    private static let dueText = """
        SELECT id, hook_id, giveaway_id, event, occurrence, attempts, created_at FROM hook_event AS e
        WHERE ((state IN ('pending', 'held') AND next_attempt_at <= $1)
            OR (state = 'sending' AND lease_until <= $1))
          AND NOT (hook_id = ANY($3))
          AND NOT EXISTS (
            SELECT 1 FROM hook_event AS earlier
            WHERE earlier.hook_id = e.hook_id AND earlier.id < e.id
              AND ((earlier.state = 'pending' AND earlier.next_attempt_at > $1)
                OR (earlier.state = 'sending' AND earlier.lease_until > $1)))
        ORDER BY id LIMIT $2
        """
    /// The due rows. PostgreSQL skips those another claimer holds: claimers on several instances never block on each
    /// other nor take one event twice. SQLite has one writer, so one claimer at a time.
    static let due = SharedSQL(
        postgres: dueText + "\nFOR UPDATE OF e SKIP LOCKED", sqlite: SharedSQL(dueText).sqlite)
    /// Every claim in one statement: each counts as an attempt. $1 lease end, $2 the ids.
    static let claim = SharedSQL(
        "UPDATE hook_event SET state = 'sending', attempts = attempts + 1, lease_until = $1 WHERE id = ANY($2)")
    /// The end-date moves claimed `changed` events report. $1 their ids.
    static let endDateMoves = SharedSQL(
        "SELECT id, changed_at, old_ends_at, new_ends_at FROM giveaway_end_change WHERE id = ANY($1)")
    /// Of the due rows $1, those with an earlier event of their hook still waiting outside them: held by another
    /// claimer, or claimed a moment ago (none over SQLite, whose one claimer sees every due row).
    static let blocked = SharedSQL(
        """
        SELECT e.id FROM hook_event AS e
        WHERE e.id = ANY($1) AND EXISTS (
            SELECT 1 FROM hook_event AS earlier
            WHERE earlier.hook_id = e.hook_id AND earlier.id < e.id
              AND earlier.state IN ('pending', 'sending') AND NOT (earlier.id = ANY($1)))
        """)
    /// What one attempt came to. Fenced: the event changes only if it is still ours (still sending at this attempt
    /// number), so a slow sender whose lease was taken over cannot undo the newer claim. $1 event, $2 attempt,
    /// $3 state, $4 delivered at, $5 next attempt (NULL keeps either as it is), $6 error.
    static let record = SharedSQL(
        """
        UPDATE hook_event SET state = $3, delivered_at = COALESCE($4, delivered_at),
            next_attempt_at = COALESCE($5, next_attempt_at), lease_until = NULL, last_error = $6
        WHERE id = $1 AND state = 'sending' AND attempts = $2
        """)
    /// A claimed event handed back unsent, fenced as `record`, to wait until $3: the attempt it was claimed for does
    /// not count. $1 event, $2 attempt, $4 `pending` (postponed) or `held` (until its visitor's schedule lets it go;
    /// it keeps no later event of the hook waiting).
    static let handBack = SharedSQL(
        """
        UPDATE hook_event SET state = $4, attempts = attempts - 1, next_attempt_at = $3, lease_until = NULL
        WHERE id = $1 AND state = 'sending' AND attempts = $2
        """)
    /// $1 event, $2 reason.
    static let giveUp = SharedSQL(
        """
        UPDATE hook_event SET state = 'failed', lease_until = NULL, last_error = $2 WHERE id = $1
        RETURNING hook_id, giveaway_id, event, attempts
        """)
    /// The columns `deliveries(_:)` reads and `log(_:)` binds, in their order.
    private static let deliveryColumns =
        "hook_id, event_id, giveaway_id, event, attempt, at, status, error, next_attempt_at, gave_up"
    /// One attempt into the log. The hook may have been removed while it was under way: nothing left to log it
    /// against. (A NULL travels to PostgreSQL without a type, hence the casts.) $1… in `deliveryColumns`' order.
    static let log = SharedSQL(
        """
        INSERT INTO hook_delivery (\(deliveryColumns))
        SELECT $1, $2::bigint, $3, $4, $5, $6, $7::bigint, $8::text, $9::timestamptz, $10
        WHERE EXISTS (SELECT 1 FROM hook WHERE id = $1)
        """)
    /// $1 time.
    static let pruneLog = SharedSQL("DELETE FROM hook_delivery WHERE at < $1 RETURNING id")
    static let eventCounts = SharedSQL("SELECT state, COUNT(*) FROM hook_event GROUP BY state")
    /// $1 hook.
    static let eventCountsOf = SharedSQL("SELECT state, COUNT(*) FROM hook_event WHERE hook_id = $1 GROUP BY state")
    /// Newest first. $1 limit.
    static let deliveries = SharedSQL("SELECT \(deliveryColumns) FROM hook_delivery ORDER BY id DESC LIMIT $1")
    /// Newest first. $1 limit, $2 hook.
    static let deliveriesOf = SharedSQL(
        "SELECT \(deliveryColumns) FROM hook_delivery WHERE hook_id = $2 ORDER BY id DESC LIMIT $1")

    /// The due rows of `due` or `dueSkippingLocked`.
    static func due(_ rows: [some SharedRow]) throws -> [DueHookEvent] {
        try rows.map {
            DueHookEvent(
                id: try $0.value(0, as: Int.self), hookID: try $0.value(1, as: Int.self),
                giveawayID: try $0.value(2, as: Int.self), event: try $0.value(3, as: String.self),
                occurrence: try $0.value(4, as: Int.self), attempts: try $0.value(5, as: Int.self),
                raisedAt: try $0.value(6, as: Date.self))
        }
    }

    /// The end-date moves by id, from the rows of `endDateMoves`.
    static func endDateMoves(_ rows: [some SharedRow]) throws -> [Int: EndDateChange] {
        var moves: [Int: EndDateChange] = [:]
        for row in rows {
            moves[try row.value(0, as: Int.self)] = EndDateChange(
                changedAt: try row.value(1, as: Date.self), from: try row.optional(2, as: Date.self),
                to: try row.optional(3, as: Date.self))
        }
        return moves
    }

    /// The statements that record an attempt's outcome and log it.
    static func record(_ claimed: ClaimedHookEvent, _ attempt: HookDeliveryAttempt) -> [SQLStatement] {
        let outcome = OutboxOutcome(attempt)
        return [
            SQLStatement(
                record, claimed.id, claimed.attempt, outcome.state, outcome.deliveredAt, outcome.nextAttemptAt,
                outcome.lastError),
            log(attempt),
        ]
    }

    static func handBack(_ claimed: ClaimedHookEvent, until time: Date, as state: String) -> SQLStatement {
        SQLStatement(handBack, claimed.id, claimed.attempt, time, state)
    }

    static func giveUp(_ giveUp: OutboxClaims.GiveUp) -> SQLStatement {
        SQLStatement(self.giveUp, giveUp.id, giveUp.reason)
    }

    /// The log entry of an event given up, from the rows of `giveUp` (none when the event is gone).
    static func gaveUp(_ rows: [some SharedRow], _ giveUp: OutboxClaims.GiveUp, at now: Date) throws -> [SQLStatement] {
        try rows.map { row in
            log(
                HookDeliveryAttempt(
                    at: now, hookID: try row.value(0, as: Int.self), eventID: giveUp.id,
                    giveawayID: try row.value(1, as: Int.self), event: try row.value(2, as: String.self),
                    attempt: try row.value(3, as: Int.self), status: nil, error: giveUp.reason, nextAttemptAt: nil,
                    gaveUp: true))
        }
    }

    static func log(_ attempt: HookDeliveryAttempt) -> SQLStatement {
        SQLStatement(
            log, attempt.hookID, attempt.eventID, attempt.giveawayID, attempt.event, attempt.attempt, attempt.at,
            attempt.status, attempt.error, attempt.nextAttemptAt, attempt.gaveUp)
    }

    static func eventCounts(hook: Int?) -> SQLStatement {
        hook.map { SQLStatement(eventCountsOf, $0) } ?? SQLStatement(eventCounts)
    }

    /// Counts by state, from the rows of `eventCounts` or `eventCountsOf`.
    static func eventCounts(_ rows: [some SharedRow]) throws -> [String: Int] {
        Dictionary(
            uniqueKeysWithValues: try rows.map { (try $0.value(0, as: String.self), try $0.value(1, as: Int.self)) })
    }

    static func deliveries(hook: Int?, limit: Int) -> SQLStatement {
        hook.map { SQLStatement(deliveriesOf, limit, $0) } ?? SQLStatement(deliveries, limit)
    }

    /// The attempts of the rows of `deliveries` or `deliveriesOf`.
    static func deliveries(_ rows: [some SharedRow]) throws -> [HookDeliveryAttempt] {
        try rows.map {
            HookDeliveryAttempt(
                at: try $0.value(5, as: Date.self), hookID: try $0.value(0, as: Int.self),
                eventID: try $0.optional(1, as: Int.self), giveawayID: try $0.value(2, as: Int.self),
                event: try $0.value(3, as: String.self), attempt: try $0.value(4, as: Int.self),
                status: try $0.optional(6, as: Int.self), error: try $0.optional(7, as: String.self),
                nextAttemptAt: try $0.optional(8, as: Date.self), gaveUp: try $0.value(9, as: Bool.self))
        }
    }
}
