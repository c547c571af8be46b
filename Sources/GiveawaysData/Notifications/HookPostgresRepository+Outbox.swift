import Foundation
import GiveawaysDomain
import PostgresNIO

// The outbox over PostgreSQL: claims with `FOR UPDATE SKIP LOCKED` leases, outcomes fenced by the attempt number,
// the delivery log.
extension HookPostgresRepository {
    public func claimDue(
        now: Date, lease: TimeInterval, limit: Int, skipping: Set<Int>
    ) async throws -> [ClaimedHookEvent] {
        try await database.write { sql in
            // Due, and no earlier event of the same hook still waiting; rows another claimer holds are skipped, so
            // claimers on several instances never block on each other nor take one event twice.
            let rows = try await sql.rows(
                """
                SELECT id, hook_id, giveaway_id, event, occurrence, attempts, created_at FROM hook_event AS e
                WHERE ((state IN ('pending', 'held') AND next_attempt_at <= \(now))
                    OR (state = 'sending' AND lease_until <= \(now)))
                  AND NOT (hook_id = ANY(\(skipping.sorted())))
                  AND NOT EXISTS (
                    SELECT 1 FROM hook_event AS earlier
                    WHERE earlier.hook_id = e.hook_id AND earlier.id < e.id
                      AND ((earlier.state = 'pending' AND earlier.next_attempt_at > \(now))
                        OR (earlier.state = 'sending' AND earlier.lease_until > \(now))))
                ORDER BY id LIMIT \(limit)
                FOR UPDATE OF e SKIP LOCKED
                """
            ).map { try $0.decode((Int, Int, Int, String, Int, Int, Date).self) }
            guard !rows.isEmpty else { return [] }
            let mine = rows.map(\.0)
            // A hook's events go out in the order they were raised: an event whose earlier sibling is held by
            // another claimer (or was claimed a moment ago) waits, as it would behind one claimer over SQLite.
            let blocked = Set(
                try await sql.rows(
                    """
                    SELECT e.id FROM hook_event AS e
                    WHERE e.id = ANY(\(mine)) AND EXISTS (
                        SELECT 1 FROM hook_event AS earlier
                        WHERE earlier.hook_id = e.hook_id AND earlier.id < e.id
                          AND earlier.state IN ('pending', 'sending') AND NOT (earlier.id = ANY(\(mine))))
                    """
                ).map { try $0.decode(Int.self) })
            let hooks = Dictionary(uniqueKeysWithValues: try await Self.hooks(sql).map { ($0.id, $0) })
            var claimed: [ClaimedHookEvent] = []
            for (id, hookID, giveawayID, eventName, occurrence, attempts, raisedAt) in rows where !blocked.contains(id)
            {
                let attempt = attempts + 1
                guard attempt <= HookRetryPolicy.maximumAttempts else {
                    try await Self.giveUp(
                        sql, id: id, reason: "gave up: no outcome recorded for the last attempt", at: now)
                    continue
                }
                guard let hook = hooks[hookID], let event = HookEvent(rawValue: eventName),
                    let giveaway = try await GiveawayPostgresReads.giveaway(sql, id: giveawayID)
                else {
                    try await Self.giveUp(sql, id: id, reason: "gave up: the hook or the giveaway is gone", at: now)
                    continue
                }
                try await sql.run(
                    """
                    UPDATE hook_event SET state = 'sending', attempts = \(attempt),
                        lease_until = \(now.addingTimeInterval(lease))
                    WHERE id = \(id)
                    """)
                var change: EndDateChange?
                if event == .changed, occurrence > 0,
                    let row = try await sql.rows(
                        "SELECT changed_at, old_ends_at, new_ends_at FROM giveaway_end_change WHERE id = \(occurrence)"
                    ).first
                {
                    let (changedAt, from, to) = try row.decode((Date, Date?, Date?).self)
                    change = EndDateChange(changedAt: changedAt, from: from, to: to)
                }
                claimed.append(
                    ClaimedHookEvent(
                        id: id, hook: hook, giveaway: giveaway, event: event, attempt: attempt, endDateChange: change,
                        raisedAt: raisedAt))
            }
            return claimed
        }
    }

    @discardableResult
    public func recordOutcome(
        of claimed: ClaimedHookEvent, status: Int?, error: String?, notBefore: Date?, at now: Date
    ) async throws -> HookDeliveryAttempt {
        let attempt = HookDeliveryAttempt(
            outcomeOf: claimed, status: status, error: error, notBefore: notBefore, at: now)
        let outcome = OutboxOutcome(attempt)
        try await database.write { sql in
            // Fenced: only while the event is still claimed at this attempt number.
            try await sql.run(
                """
                UPDATE hook_event SET state = \(outcome.state), delivered_at = COALESCE(\(outcome.deliveredAt), delivered_at),
                    next_attempt_at = COALESCE(\(outcome.nextAttemptAt), next_attempt_at), lease_until = NULL,
                    last_error = \(outcome.lastError)
                WHERE id = \(claimed.id) AND state = 'sending' AND attempts = \(claimed.attempt)
                """)
            try await Self.log(sql, attempt)
        }
        return attempt
    }

    public func postpone(_ claimed: ClaimedHookEvent, until time: Date) async throws {
        try await database.rows(
            """
            UPDATE hook_event SET state = 'pending', attempts = attempts - 1, next_attempt_at = \(time),
                lease_until = NULL
            WHERE id = \(claimed.id) AND state = 'sending' AND attempts = \(claimed.attempt)
            """)
    }

    @discardableResult
    public func pruneLog(before time: Date) async throws -> Int {
        try await database.rows("DELETE FROM hook_delivery WHERE at < \(time) RETURNING id").count
    }

    public func logTestDelivery(_ attempt: HookDeliveryAttempt) async throws {
        try await database.write { sql in try await Self.log(sql, attempt) }
    }

    public func eventCounts(hook: Int?) async throws -> [String: Int] {
        let rows =
            if let hook {
                try await database.rows(
                    "SELECT state, COUNT(*) AS n FROM hook_event WHERE hook_id = \(hook) GROUP BY state")
            } else {
                try await database.rows("SELECT state, COUNT(*) AS n FROM hook_event GROUP BY state")
            }
        return Dictionary(uniqueKeysWithValues: try rows.map { try $0.decode((String, Int).self) })
    }

    public func deliveries(hook: Int?, limit: Int) async throws -> [HookDeliveryAttempt] {
        let columns = "at, hook_id, event_id, giveaway_id, event, attempt, status, error, next_attempt_at, gave_up"
        let rows =
            if let hook {
                try await database.rows(
                    """
                    SELECT \(unescaped: columns) FROM hook_delivery WHERE hook_id = \(hook)
                    ORDER BY id DESC LIMIT \(limit)
                    """)
            } else {
                try await database.rows(
                    "SELECT \(unescaped: columns) FROM hook_delivery ORDER BY id DESC LIMIT \(limit)")
            }
        return try rows.map { row in
            let (at, hookID, eventID, giveawayID, event, attempt, status, error, nextAttemptAt, gaveUp) =
                try row.decode((Date, Int, Int?, Int, String, Int, Int?, String?, Date?, Bool).self)
            return HookDeliveryAttempt(
                at: at, hookID: hookID, eventID: eventID, giveawayID: giveawayID, event: event, attempt: attempt,
                status: status, error: error, nextAttemptAt: nextAttemptAt, gaveUp: gaveUp)
        }
    }

    @discardableResult
    public func raiseEndingSoon(at now: Date, planner: HookEventPlanner) async throws -> Int {
        // A read first: the service ticks every few seconds, and most servers have no hook to write for.
        let hasHooks = try await database.rows("SELECT EXISTS (SELECT 1 FROM hook) AS hooks").first?.get(
            "hooks", as: Bool.self)
        guard hasHooks == true else { return 0 }
        return try await database.write { sql in
            try await HookEventPostgresRecorder.raiseEndingSoon(sql, planner: planner, at: now)
        }
    }
}
