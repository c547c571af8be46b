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
            let due = try await sql.rows(
                OutboxSQL.dueSkippingLocked, now, limit, IDList(skipping.sorted())
            ).map {
                let (id, hookID, giveawayID, event, occurrence, attempts, raisedAt) = try $0.decode(
                    (Int, Int, Int, String, Int, Int, Date).self)
                return DueHookEvent(
                    id: id, hookID: hookID, giveawayID: giveawayID, event: event, occurrence: occurrence,
                    attempts: attempts, raisedAt: raisedAt)
            }
            guard !due.isEmpty else { return [] }
            let mine = due.map(\.id)
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
            var giveaways: [Int: Giveaway] = [:]
            for id in Set(due.filter { !blocked.contains($0.id) }.map(\.giveawayID)) {
                giveaways[id] = try await GiveawayPostgresReads.giveaway(sql, id: id)
            }
            let claims = OutboxClaims(due: due, blocked: blocked, hooks: hooks, giveaways: giveaways)
            for giveUp in claims.givenUp {
                try await Self.giveUp(sql, id: giveUp.id, reason: giveUp.reason, at: now)
            }
            guard !claims.claimed.isEmpty else { return [] }
            try await sql.run(OutboxSQL.claim, now.addingTimeInterval(lease), IDList(claims.claimed.map(\.row.id)))
            var moves: [Int: EndDateChange] = [:]
            if !claims.endDateMoves.isEmpty {
                for row in try await sql.rows(OutboxSQL.endDateMoves, IDList(claims.endDateMoves)) {
                    let (id, changedAt, from, to) = try row.decode((Int, Date, Date?, Date?).self)
                    moves[id] = EndDateChange(changedAt: changedAt, from: from, to: to)
                }
            }
            return claims.events(moves: moves)
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
