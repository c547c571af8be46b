import Foundation
import GRDB
import GiveawaysDomain

/// Writes the webhook events a sync raises into the outbox, inside the sync's own transaction
/// (`GiveawayFeedSQLiteRepository.saveFeed`): the feed and its events are committed together or not at all, so a
/// sync that fails (or a process that dies mid-sync) raises nothing, and one that commits cannot lose its events.
/// Every insert is `INSERT OR IGNORE` against the outbox's unique key, so syncing the same feed again raises
/// nothing twice.
public struct HookEventRecorder: Sendable {
    public init() {}

    /// Raises `new`, `changed` and `ending` for each hook whose events and rules admit them.
    func record(_ db: Database, report: SyncReport, giveaways: [Giveaway], at time: Date) throws {
        let hooks = try HookSQLiteRepository.hooks(db)
        guard !hooks.isEmpty else { return }
        var visitors = VisitorMarksCache()
        let byID = Dictionary(giveaways.map { ($0.id, $0) }) { _, last in last }
        let entered = report.added + report.returned
        var firstSeen: [Int: Date] = [:]
        for id in entered {
            firstSeen[id] = try Date.fetchOne(
                db, sql: "SELECT first_seen_at FROM giveaway WHERE id = ?", arguments: [id])
        }
        // The end-date change each moved giveaway just got: its id tells a second move from the first.
        var changes: [Int: Int] = [:]
        for id in report.endDateChanged {
            changes[id] = try Int.fetchOne(
                db, sql: "SELECT MAX(id) FROM giveaway_end_change WHERE giveaway_id = ?", arguments: [id])
        }
        for hook in hooks {
            var baseline = hook.baselineAt
            if baseline == nil {
                // The first sync after the hook was added to an empty store is its baseline: the whole feed is
                // "first seen" now, and announcing all of it would flood the hook.
                baseline = time
                try db.execute(sql: "UPDATE hook SET baseline_at = ? WHERE id = ?", arguments: [time, hook.id])
            } else if hook.events.contains(.new) {
                for id in entered {
                    guard let giveaway = byID[id], giveaway.isLive(at: time),
                        try visitors.admits(giveaway, to: hook, db),
                        let seen = firstSeen[id], let baseline, seen >= baseline
                    else { continue }
                    try Self.insert(db, hook: hook.id, giveaway: id, event: .new, at: time)
                }
            }
            if hook.events.contains(.changed) {
                for id in report.endDateChanged {
                    guard let giveaway = byID[id], try visitors.admits(giveaway, to: hook, db), let change = changes[id]
                    else {
                        continue
                    }
                    try Self.insert(db, hook: hook.id, giveaway: id, event: .changed, occurrence: change, at: time)
                }
            }
        }
        _ = try Self.raiseEndingSoon(db, at: time, hooks: hooks)
    }

    /// Raises `ending` once per hook and giveaway, for live giveaways in the feed ending within the window.
    static func raiseEndingSoon(_ db: Database, at now: Date, hooks known: [Hook]? = nil) throws -> Int {
        let hooks = try (known ?? HookSQLiteRepository.hooks(db)).filter { $0.events.contains(.ending) }
        guard !hooks.isEmpty else { return 0 }
        let ids = try Int.fetchAll(
            db,
            sql: """
                SELECT id FROM giveaway
                WHERE left_at IS NULL AND is_demo = 0 AND ends_at > ? AND ends_at <= ?
                """,
            arguments: [now, now.addingTimeInterval(EndingSoon.window)])
        var raised = 0
        var visitors = VisitorMarksCache()
        for id in ids {
            guard let giveaway = try HookSQLiteRepository.giveaway(db, id: id), EndingSoon.contains(giveaway, at: now)
            else { continue }
            for hook in hooks where try visitors.admits(giveaway, to: hook, db, ending: true) {
                raised += try insert(db, hook: hook.id, giveaway: id, event: .ending, at: now)
            }
        }
        return raised
    }

    /// A visitor's hook follows the visitor's rules *and marks*, like their Home and feeds: what they marked
    /// claimed or not interested is left out when their rules say to hide it. Read once per profile per pass.
    struct VisitorMarksCache {
        private var byProfile: [ProfileID: VisitorMarks] = [:]

        /// - Parameter ending: "ends within 24 hours" is never news about a giveaway the visitor already claimed.
        mutating func admits(_ giveaway: Giveaway, to hook: Hook, _ db: Database, ending: Bool = false) throws -> Bool {
            guard let profile = hook.profileID else { return hook.rules.matches(giveaway) }
            if byProfile[profile] == nil {
                let rows = try MarkRow.fetchAll(
                    db,
                    sql: """
                        SELECT * FROM mark WHERE profile_id = ? AND subject_kind = 'giveaway'
                        AND kind IN ('claimed', 'not_interested')
                        """,
                    arguments: [profile.rawValue])
                byProfile[profile] = VisitorMarks(rows.compactMap { $0.toDomain() })
            }
            let marks = byProfile[profile] ?? .none
            if ending, marks.has(.claimed, on: .giveaway(giveaway.id)) { return false }
            return hook.rules.admits(giveaway, marks: marks)
        }
    }

    @discardableResult
    private static func insert(
        _ db: Database, hook: Int, giveaway: Int, event: HookEvent, occurrence: Int = 0, at time: Date
    ) throws -> Int {
        try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO hook_event
                    (hook_id, giveaway_id, event, occurrence, created_at, state, attempts, next_attempt_at)
                VALUES (?, ?, ?, ?, ?, 'pending', 0, ?)
                """
        ).execute(arguments: [hook, giveaway, event.rawValue, occurrence, time, time])
        return db.changesCount
    }
}
