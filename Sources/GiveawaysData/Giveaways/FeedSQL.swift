import Foundation
import GiveawaysDomain

/// The feed's statements and how a sync applies a `FeedDiff` with them, written once for both stores
/// (`SharedSQL`): each store reads, runs the statements `writes` answers, and nothing else.
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
    /// $1 giveaway, then its platforms in order (`PlatformList`, one dialect hook: a list of pairs is two arrays to
    /// PostgreSQL and one JSON array to SQLite).
    static let insertPlatforms = SharedSQL(
        postgres: """
            INSERT INTO giveaway_platform (giveaway_id, position, slug, name)
            SELECT $1, p.position - 1, p.slug, p.name
            FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS p (slug, name, position)
            """,
        sqlite: """
            INSERT INTO giveaway_platform (giveaway_id, position, slug, name)
            SELECT ?1, p.key, json_extract(p.value, '$[0]'), json_extract(p.value, '$[1]') FROM json_each(?2) AS p
            """)
    /// The claim counters that moved (`ClaimCounterList`, the same dialect hook).
    static let claimCounters = SharedSQL(
        postgres: """
            UPDATE giveaway SET users = c.users FROM unnest($1::int8[], $2::int8[]) AS c (id, users)
            WHERE giveaway.id = c.id
            """,
        sqlite: """
            UPDATE giveaway SET users = json_extract(c.value, '$[1]') FROM json_each(?1) AS c
            WHERE giveaway.id = json_extract(c.value, '$[0]')
            """)
    /// A whole row, bound with `GiveawayRow.values`.
    static let insert = SharedSQL(
        "INSERT INTO giveaway (\(GiveawayRow.selection)) VALUES ("
            + GiveawayRow.columns.indices.map { "$\($0 + 1)" }.joined(separator: ", ") + ")")
    /// Every field of a row but its id ($1), bound with `GiveawayRow.values`.
    static let update = SharedSQL(
        "UPDATE giveaway SET "
            + GiveawayRow.columns.enumerated().dropFirst().map { "\($1.name) = $\($0 + 1)" }.joined(separator: ", ")
            + " WHERE id = $1")

    // MARK: - Applying a diff

    /// The statements that apply `diff` to the rows it was computed from (read after `deleteDemo`), in `FeedDiff`'s order: its writes, the
    /// claim counters in one statement, who left, and `last_seen_at` for every row still in the feed.
    static func writes(_ diff: FeedDiff, stored: [Int: GiveawayRow], at time: Date) -> [SQLStatement] {
        var statements: [SQLStatement] = []
        for write in diff.writes {
            let row = GiveawayRow(write, stored: stored[write.giveaway.id], at: time)
            switch write {
            case .insert(let giveaway):
                statements.append(SQLStatement(insert, row.values))
                statements += platforms(of: giveaway)
                statements.append(SQLStatement(openPeriod, giveaway.id, time))
            case .comeBack(let giveaway, let platformsChanged):
                if platformsChanged { statements += platforms(of: giveaway) }
                statements.append(SQLStatement(update, row.values))
                statements.append(SQLStatement(openPeriod, giveaway.id, time))
            case .update(let giveaway, let platformsChanged, let move):
                if platformsChanged { statements += platforms(of: giveaway) }
                statements.append(SQLStatement(update, row.values))
                if let move { statements.append(SQLStatement(logEndDateMove, giveaway.id, time, move.from, move.to)) }
            }
        }
        if !diff.claimCounters.isEmpty {
            statements.append(SQLStatement(claimCounters, ClaimCounterList(diff.claimCounters)))
        }
        if !diff.leaving.isEmpty {
            statements.append(SQLStatement(leave, time, IDList(diff.leaving)))
            statements.append(SQLStatement(closePeriods, time, IDList(diff.leaving)))
        }
        statements.append(SQLStatement(seen, time))
        return statements
    }

    /// The statements that seed the demo feed into an empty store.
    static func demoWrites(_ giveaways: [Giveaway], at time: Date) -> [SQLStatement] {
        giveaways.flatMap { giveaway in
            [SQLStatement(insert, GiveawayRow(giveaway: giveaway, seenAt: time, isDemo: true).values)]
                + platforms(of: giveaway)
                + [SQLStatement(openPeriod, giveaway.id, time)]
        }
    }

    /// A giveaway's platforms written anew.
    static func platforms(of giveaway: Giveaway) -> [SQLStatement] {
        var statements = [SQLStatement(deletePlatforms, giveaway.id)]
        if !giveaway.platforms.isEmpty {
            statements.append(SQLStatement(insertPlatforms, giveaway.id, PlatformList(giveaway.platforms)))
        }
        return statements
    }
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
