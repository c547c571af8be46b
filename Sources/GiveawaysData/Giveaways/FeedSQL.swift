import Foundation
import GiveawaysDomain

/// The feed's statements, written once for both stores (`SharedSQL`).
enum FeedSQL {
    /// Real data replaces the demo data outright: demo items never become "history".
    static let deleteDemo = SharedSQL("DELETE FROM giveaway WHERE is_demo")
    /// $1 giveaway, $2 time.
    static let openPeriod = SharedSQL("INSERT INTO feed_period (giveaway_id, appeared_at) VALUES ($1, $2)")
    /// $1 giveaway, $2 time, $3 old end, $4 new end.
    static let logEndDateMove = SharedSQL(
        """
        INSERT INTO giveaway_end_change (giveaway_id, changed_at, old_ends_at, new_ends_at)
        VALUES ($1, $2, $3, $4)
        """)
    /// $1 time, $2 the ids that left.
    static let leave = SharedSQL("UPDATE giveaway SET left_at = $1 WHERE id = ANY($2)")
    /// $1 time, $2 the ids that left.
    static let closePeriods = SharedSQL(
        "UPDATE feed_period SET left_at = $1 WHERE giveaway_id = ANY($2) AND left_at IS NULL")
    /// $1 time: every row still in the feed was seen by this sync.
    static let seen = SharedSQL("UPDATE giveaway SET last_seen_at = $1 WHERE left_at IS NULL")
    /// $1 giveaway.
    static let deletePlatforms = SharedSQL("DELETE FROM giveaway_platform WHERE giveaway_id = $1")
}

extension GiveawayRow {
    /// The row a sync writes for `write`, from the stored row when there is one.
    init(_ write: FeedDiff.Write, stored: GiveawayRow?, at time: Date) {
        switch write {
        case .insert(let giveaway):
            self.init(giveaway: giveaway, seenAt: time)
        case .comeBack(let giveaway, _), .update(let giveaway, _, _):
            self = stored ?? GiveawayRow(giveaway: giveaway, seenAt: time)
            setFields(from: giveaway)
            lastSeenAt = time
            leftAt = nil
        }
    }

    /// The row as a sync compares it.
    func record(platforms: [Platform]) -> FeedRecord {
        FeedRecord(giveaway: toDomain(platforms: platforms), firstSeenAt: firstSeenAt, leftAt: leftAt)
    }
}
