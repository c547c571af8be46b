import Foundation
import GiveawaysDomain

// The feed's satellite reads (platforms, feed periods, end-date moves), written once for both stores: each store
// runs the query and hands the rows here.
extension FeedSQL {
    /// Every giveaway, by id.
    static let giveaways = SharedSQL("SELECT \(GiveawayRow.selection) FROM giveaway ORDER BY id")
    /// The giveaways in the feed, by id.
    static let inFeed = SharedSQL("SELECT \(GiveawayRow.selection) FROM giveaway WHERE left_at IS NULL ORDER BY id")
    /// $1 giveaway.
    static let giveaway = SharedSQL("SELECT \(GiveawayRow.selection) FROM giveaway WHERE id = $1")
    /// Whether no giveaway is stored.
    static let isEmpty = SharedSQL("SELECT NOT EXISTS (SELECT 1 FROM giveaway)")
    /// Whether the demo giveaways are still there.
    static let holdsDemo = SharedSQL("SELECT EXISTS (SELECT 1 FROM giveaway WHERE is_demo)")
    /// Every giveaway's platforms in the upstream's order.
    static let platforms = SharedSQL(
        "SELECT giveaway_id, slug, name FROM giveaway_platform ORDER BY giveaway_id, position")
    /// One giveaway's platforms in the upstream's order. $1 giveaway.
    static let platformsOf = SharedSQL(
        "SELECT giveaway_id, slug, name FROM giveaway_platform WHERE giveaway_id = $1 ORDER BY position")
    /// Every feed period, oldest first.
    static let periods = SharedSQL(
        "SELECT giveaway_id, appeared_at, left_at FROM feed_period ORDER BY giveaway_id, appeared_at, id")
    /// One giveaway's feed periods, oldest first. $1 giveaway.
    static let periodsOf = SharedSQL(
        "SELECT giveaway_id, appeared_at, left_at FROM feed_period WHERE giveaway_id = $1 ORDER BY appeared_at, id")
    /// Every end-date move, oldest first.
    static let endDateMoves = SharedSQL(
        """
        SELECT giveaway_id, changed_at, old_ends_at, new_ends_at FROM giveaway_end_change
        ORDER BY giveaway_id, changed_at, id
        """)
    /// One giveaway's end-date moves, oldest first. $1 giveaway.
    static let endDateMovesOf = SharedSQL(
        """
        SELECT giveaway_id, changed_at, old_ends_at, new_ends_at FROM giveaway_end_change WHERE giveaway_id = $1
        ORDER BY changed_at, id
        """)

    /// The giveaway of the rows of `giveaway`, with its platforms from the rows of `platformsOf`.
    static func giveaway(_ rows: [some SharedRow], platforms: [some SharedRow]) throws -> Giveaway? {
        guard let row = try rows.first.map(GiveawayRow.init(shared:)) else { return nil }
        return row.toDomain(platforms: try platformsByGiveaway(platforms)[row.id] ?? [])
    }

    /// Platforms by giveaway, from rows of `platforms` or `platformsOf`; a known slug is read from the catalog.
    static func platformsByGiveaway(_ rows: some Sequence<some SharedRow>) throws -> [Int: [Platform]] {
        var result: [Int: [Platform]] = [:]
        for row in rows {
            let platform = GiveawayPlatformRow.platform(
                slug: try row.value(1, as: String.self), name: try row.value(2, as: String.self))
            result[try row.value(0, as: Int.self), default: []].append(platform)
        }
        return result
    }

    /// Feed periods by giveaway, from rows of `periods` or `periodsOf`.
    static func periodsByGiveaway(_ rows: some Sequence<some SharedRow>) throws -> [Int: [FeedPeriod]] {
        var result: [Int: [FeedPeriod]] = [:]
        for row in rows {
            let period = FeedPeriod(
                appearedAt: try row.value(1, as: Date.self), leftAt: try row.optional(2, as: Date.self))
            result[try row.value(0, as: Int.self), default: []].append(period)
        }
        return result
    }

    /// End-date changes by giveaway, from rows of `endDateMoves` or `endDateMovesOf`.
    static func endDateChangesByGiveaway(_ rows: some Sequence<some SharedRow>) throws -> [Int: [EndDateChange]] {
        var result: [Int: [EndDateChange]] = [:]
        for row in rows {
            let change = EndDateChange(
                changedAt: try row.value(1, as: Date.self), from: try row.optional(2, as: Date.self),
                to: try row.optional(3, as: Date.self))
            result[try row.value(0, as: Int.self), default: []].append(change)
        }
        return result
    }
}
