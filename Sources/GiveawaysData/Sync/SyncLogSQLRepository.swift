import Foundation
import GiveawaysDomain

/// The sync log: one `sync_run` row per attempt, per source (`SyncLogSQL`), over SQLite or PostgreSQL
/// (`SQLExecutor`).
public struct SyncLogSQLRepository: SyncLogRepository {
    private let database: any SQLExecutor

    public init(database: AppDatabase) { self.database = database }
    public init(database: PostgresDatabase) { self.database = database }

    public func recordSuccess(of source: SourceID, report: SyncReport, at time: Date) async throws {
        try await database.transaction { db in
            try db.execute([SyncLogSQL.success(of: source, report: report, at: time)])
        }
    }

    public func recordFailure(of source: SourceID, reason: String, at time: Date) async throws {
        try await database.transaction { db in
            try db.execute([SyncLogSQL.failure(of: source, reason: reason, at: time)])
        }
    }

    public func syncLog(of source: SourceID) async throws -> SyncLog {
        try await database.snapshot { db in
            let lastAttempt = try db.rows(SyncLogSQL.lastAttempt, source.rawValue).first.map(SyncRunRow.init(shared:))
            let lastSuccess =
                lastAttempt?.succeeded == true
                ? lastAttempt : try db.rows(SyncLogSQL.lastSuccess, source.rawValue).first.map(SyncRunRow.init(shared:))
            return SyncLog(lastAttempt: lastAttempt?.attempt, lastSuccess: lastSuccess?.attempt)
        }
    }
}
