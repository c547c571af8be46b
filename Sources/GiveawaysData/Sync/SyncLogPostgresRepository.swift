import Foundation
import GiveawaysDomain
import PostgresNIO

/// The sync log over PostgreSQL: one `sync_run` row per attempt, per source (`SyncLogSQL`).
public struct SyncLogPostgresRepository: SyncLogRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func recordSuccess(of source: SourceID, report: SyncReport, at time: Date) async throws {
        try await database.write { sql in try await sql.run([SyncLogSQL.success(of: source, report: report, at: time)])
        }
    }

    public func recordFailure(of source: SourceID, reason: String, at time: Date) async throws {
        try await database.write { sql in try await sql.run([SyncLogSQL.failure(of: source, reason: reason, at: time)])
        }
    }

    public func syncLog(of source: SourceID) async throws -> SyncLog {
        try await database.read { sql in
            let lastAttempt = try await sql.rows(SyncLogSQL.lastAttempt, source.rawValue).first
                .map(SyncRunRow.init(shared:))
            let lastSuccess =
                lastAttempt?.succeeded == true
                ? lastAttempt
                : try await sql.rows(SyncLogSQL.lastSuccess, source.rawValue).first.map(SyncRunRow.init(shared:))
            return SyncLog(lastAttempt: lastAttempt?.attempt, lastSuccess: lastSuccess?.attempt)
        }
    }
}
