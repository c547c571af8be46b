import Foundation
import GiveawaysDomain
import PostgresNIO

/// The sync log over PostgreSQL: one `sync_run` row per attempt, per source.
public struct SyncLogPostgresRepository: SyncLogRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func recordSuccess(of source: SourceID, report: SyncReport, at time: Date) async throws {
        try await database.rows(
            """
            INSERT INTO sync_run (source, at, succeeded, added, updated, returned, "left", total)
            VALUES (\(source.rawValue), \(time), true, \(report.added.count), \(report.updated.count),
                \(report.returned.count), \(report.left.count), \(report.total))
            """)
    }

    public func recordFailure(of source: SourceID, reason: String, at time: Date) async throws {
        let reason = String(reason.prefix(SyncLogSQLiteRepository.maxReasonLength))
        try await database.rows(
            "INSERT INTO sync_run (source, at, succeeded, reason) VALUES (\(source.rawValue), \(time), false, \(reason))"
        )
    }

    public func syncLog(of source: SourceID) async throws -> SyncLog {
        try await database.read { sql in
            let columns = #"id, source, at, succeeded, reason, added, updated, returned, "left", total"#
            let lastAttempt = try await sql.rows(
                """
                SELECT \(unescaped: columns) FROM sync_run WHERE source = \(source.rawValue)
                ORDER BY at DESC, id DESC LIMIT 1
                """
            ).first.map(SyncRunRow.init(postgres:))
            let lastSuccess =
                lastAttempt?.succeeded == true
                ? lastAttempt
                : try await sql.rows(
                    """
                    SELECT \(unescaped: columns) FROM sync_run WHERE source = \(source.rawValue) AND succeeded
                    ORDER BY at DESC, id DESC LIMIT 1
                    """
                ).first.map(SyncRunRow.init(postgres:))
            return SyncLog(lastAttempt: lastAttempt?.attempt, lastSuccess: lastSuccess?.attempt)
        }
    }
}

extension SyncRunRow {
    init(postgres row: PostgresRow) throws {
        let id: Int
        (id, source, at, succeeded, reason, added, updated, returned, left, total) = try row.decode(
            (Int, String, Date, Bool, String?, Int, Int, Int, Int, Int).self)
        self.id = Int64(id)
    }
}
