import Foundation
import GRDB
import GiveawaysDomain

/// The sync log over SQLite: one `sync_run` row per attempt, per source (`SyncLogSQL`).
public struct SyncLogSQLiteRepository: SyncLogRepository {
    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func recordSuccess(of source: SourceID, report: SyncReport, at time: Date) async throws {
        try await database.writer.write { db in
            try db.execute([SyncLogSQL.success(of: source, report: report, at: time)])
        }
    }

    public func recordFailure(of source: SourceID, reason: String, at time: Date) async throws {
        try await database.writer.write { db in
            try db.execute([SyncLogSQL.failure(of: source, reason: reason, at: time)])
        }
    }

    public func syncLog(of source: SourceID) async throws -> SyncLog {
        try await database.writer.read { db in
            let lastAttempt = try db.rows(SyncLogSQL.lastAttempt, source.rawValue).first.map(SyncRunRow.init(shared:))
            let lastSuccess =
                lastAttempt?.succeeded == true
                ? lastAttempt : try db.rows(SyncLogSQL.lastSuccess, source.rawValue).first.map(SyncRunRow.init(shared:))
            return SyncLog(lastAttempt: lastAttempt?.attempt, lastSuccess: lastSuccess?.attempt)
        }
    }
}
