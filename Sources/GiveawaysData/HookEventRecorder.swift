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
                    guard let giveaway = byID[id], giveaway.isLive(at: time), hook.rules.matches(giveaway),
                        let seen = firstSeen[id], let baseline, seen >= baseline
                    else { continue }
                    try Self.insert(db, hook: hook.id, giveaway: id, event: .new, at: time)
                }
            }
            if hook.events.contains(.changed) {
                for id in report.endDateChanged {
                    guard let giveaway = byID[id], hook.rules.matches(giveaway), let change = changes[id] else {
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
        for id in ids {
            guard let giveaway = try HookSQLiteRepository.giveaway(db, id: id), EndingSoon.contains(giveaway, at: now)
            else { continue }
            for hook in hooks where hook.rules.matches(giveaway) {
                raised += try insert(db, hook: hook.id, giveaway: id, event: .ending, at: now)
            }
        }
        return raised
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
