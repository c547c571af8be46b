import Foundation
import GRDB
import GiveawaysDomain

/// The sync log over SQLite: one `sync_run` row per attempt, per source.
public struct SyncLogSQLiteRepository: SyncLogRepository {
    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// Reasons are one line in practice; this bounds a pathological one.
    static let maxReasonLength = 2000

    public func recordSuccess(of source: SourceID, report: SyncReport, at time: Date) async throws {
        try await database.writer.write { db in
            var run = SyncRunRow(
                source: source.rawValue, at: time, succeeded: true, added: report.added.count,
                updated: report.updated.count, returned: report.returned.count, left: report.left.count,
                total: report.total)
            try run.insert(db)
        }
    }

    public func recordFailure(of source: SourceID, reason: String, at time: Date) async throws {
        try await database.writer.write { db in
            var run = SyncRunRow(
                source: source.rawValue, at: time, succeeded: false, reason: String(reason.prefix(Self.maxReasonLength))
            )
            try run.insert(db)
        }
    }

    public func syncLog(of source: SourceID) async throws -> SyncLog {
        try await database.writer.read { db in
            let runs = SyncRunRow.filter(Column("source") == source.rawValue).order(
                Column("at").desc, Column("id").desc)
            let lastAttempt = try runs.fetchOne(db)
            let lastSuccess =
                lastAttempt?.succeeded == true ? lastAttempt : try runs.filter(Column("succeeded") == true).fetchOne(db)
            return SyncLog(lastAttempt: lastAttempt?.attempt, lastSuccess: lastSuccess?.attempt)
        }
    }
}

extension SyncRunRow {
    var attempt: SyncAttempt {
        guard succeeded else { return SyncAttempt(at: at, outcome: .failed(reason: reason ?? "unknown reason")) }
        return SyncAttempt(
            at: at,
            outcome: .succeeded(
                SyncChanges(added: added, updated: updated, returned: returned, left: left, total: total)))
    }
}
