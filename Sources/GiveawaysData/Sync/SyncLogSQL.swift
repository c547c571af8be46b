import Foundation
import GiveawaysDomain

/// The sync log's statements, written once for both stores (`SharedSQL`).
enum SyncLogSQL {
    /// Reasons are one line in practice; this bounds a pathological one.
    static let maxReasonLength = 2000

    /// $1 source, $2 time, $3… the report's counts: added, updated, returned, left, total.
    static let success = SharedSQL(
        """
        INSERT INTO sync_run (source, at, succeeded, added, updated, returned, "left", total)
        VALUES ($1, $2, TRUE, $3, $4, $5, $6, $7)
        """)
    /// $1 source, $2 time, $3 reason (already bounded).
    static let failure = SharedSQL("INSERT INTO sync_run (source, at, succeeded, reason) VALUES ($1, $2, FALSE, $3)")
    /// The source's latest attempt. $1 source.
    static let lastAttempt = SharedSQL(
        """
        SELECT id, source, at, succeeded, reason, added, updated, returned, "left", total FROM sync_run
        WHERE source = $1 ORDER BY at DESC, id DESC LIMIT 1
        """)
    /// The source's latest success. $1 source.
    static let lastSuccess = SharedSQL(
        """
        SELECT id, source, at, succeeded, reason, added, updated, returned, "left", total FROM sync_run
        WHERE source = $1 AND succeeded ORDER BY at DESC, id DESC LIMIT 1
        """)

    /// The parameters of `success`.
    static func success(of source: SourceID, report: SyncReport, at time: Date) -> SQLStatement {
        SQLStatement(
            success, source.rawValue, time, report.added.count, report.updated.count, report.returned.count,
            report.left.count, report.total)
    }

    /// The parameters of `failure`, the reason bounded.
    static func failure(of source: SourceID, reason: String, at time: Date) -> SQLStatement {
        SQLStatement(failure, source.rawValue, time, String(reason.prefix(maxReasonLength)))
    }
}

extension SyncRunRow {
    /// A row of `SyncLogSQL.lastAttempt` or `lastSuccess`.
    init(shared row: some SharedRow) throws {
        id = Int64(try row.value(0, as: Int.self))
        source = try row.value(1, as: String.self)
        at = try row.value(2, as: Date.self)
        succeeded = try row.value(3, as: Bool.self)
        reason = try row.optional(4, as: String.self)
        added = try row.value(5, as: Int.self)
        updated = try row.value(6, as: Int.self)
        returned = try row.value(7, as: Int.self)
        left = try row.value(8, as: Int.self)
        total = try row.value(9, as: Int.self)
    }

    /// The attempt as the domain tells it.
    var attempt: SyncAttempt {
        guard succeeded else { return SyncAttempt(at: at, outcome: .failed(reason: reason ?? "unknown reason")) }
        return SyncAttempt(
            at: at,
            outcome: .succeeded(
                SyncChanges(added: added, updated: updated, returned: returned, left: left, total: total)))
    }
}
