import Foundation

/// The outbox's claim statements, written once for both stores (`SharedSQL`).
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
    /// The due rows for one claimer at a time (SQLite has one writer).
    static let due = SharedSQL(dueText)
    /// The due rows, skipping those another claimer holds: claimers on several instances never block on each other
    /// nor take one event twice (PostgreSQL).
    static let dueSkippingLocked = SharedSQL(dueText + "\nFOR UPDATE OF e SKIP LOCKED")
    /// Every claim in one statement: each counts as an attempt. $1 lease end, $2 the ids.
    static let claim = SharedSQL(
        "UPDATE hook_event SET state = 'sending', attempts = attempts + 1, lease_until = $1 WHERE id = ANY($2)")
    /// The end-date moves claimed `changed` events report. $1 their ids.
    static let endDateMoves = SharedSQL(
        "SELECT id, changed_at, old_ends_at, new_ends_at FROM giveaway_end_change WHERE id = ANY($1)")
}
