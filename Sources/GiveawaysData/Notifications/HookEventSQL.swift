import Foundation
import GRDB
import PostgresNIO

/// The event recorders' statements, written once for both stores (`SharedSQL`).
enum HookEventSQL {
    /// The hooks whose baseline is this sync. $1 time, $2 the hooks.
    static let baseline = SharedSQL("UPDATE hook SET baseline_at = $1 WHERE id = ANY($2)")
    /// Live giveaways in the feed ending within a window, by id. $1 now, $2 the window's end.
    static let endingWithin = SharedSQL(
        """
        SELECT id FROM giveaway
        WHERE left_at IS NULL AND NOT is_demo AND ends_at > $1 AND ends_at <= $2
        ORDER BY id
        """)
    /// Live giveaways in the feed some of the profiles hearted, ending within a window, by id. $1 now, $2 the
    /// window's end, $3 the profiles.
    static let heartedEndingWithin = SharedSQL(
        """
        SELECT DISTINCT giveaway.id FROM giveaway JOIN mark
            ON mark.subject_kind = 'giveaway' AND mark.subject_id = giveaway.id AND mark.kind = 'favorite'
        WHERE giveaway.left_at IS NULL AND NOT giveaway.is_demo AND giveaway.ends_at > $1
            AND giveaway.ends_at <= $2 AND mark.profile_id = ANY($3)
        ORDER BY giveaway.id
        """)
    /// The titles of the giveaways $1 (a list of ids), GamerPower's and the stores' own, kept after they end.
    static let titlesOf = SharedSQL(
        """
        SELECT title FROM giveaway WHERE id = ANY($1)
        UNION ALL SELECT title FROM store_offer WHERE id = ANY($1)
        """)
    /// Each giveaway's latest end-date move. $1 the giveaways.
    static let latestEndDateMoves = SharedSQL(
        """
        SELECT giveaway_id, MAX(id) FROM giveaway_end_change WHERE giveaway_id = ANY($1)
        GROUP BY giveaway_id
        """)
    /// One event into the outbox, once: raising it again does nothing, and answers no row.
    /// $1 hook, $2 giveaway, $3 event, $4 occurrence, $5 time.
    static let raise = SharedSQL(
        """
        INSERT INTO hook_event
            (hook_id, giveaway_id, event, occurrence, created_at, state, attempts, next_attempt_at)
        VALUES ($1, $2, $3, $4, $5, 'pending', 0, $5)
        ON CONFLICT (hook_id, giveaway_id, event, occurrence) DO NOTHING
        RETURNING id
        """)
}

/// A list of profile ids for `= ANY($n)`: an array over PostgreSQL, one JSON array over SQLite.
struct TextList: SharedSQLValue {
    var values: [String]

    init(_ values: some Sequence<String>) { self.values = Array(values) }

    var sqliteValue: (any DatabaseValueConvertible)? {
        String(decoding: (try? JSONEncoder().encode(values)) ?? Data("[]".utf8), as: UTF8.self)
    }
    func bind(to bindings: inout PostgresBindings) { bindings.append(values) }
}
