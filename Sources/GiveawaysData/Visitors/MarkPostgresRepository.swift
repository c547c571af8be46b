import Foundation
import GiveawaysDomain
import PostgresNIO

/// Visitor marks over PostgreSQL: one `mark` table keyed by profile, subject (kind + id) and mark kind.
public struct MarkPostgresRepository: MarkRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func setMark(
        _ kind: MarkKind, on subject: MarkSubject, profile: ProfileID, text: String?, at time: Date
    ) async throws {
        try await database.write { sql in
            // Counted under the profile's lock: parallel clicks, on any instance, cannot take the profile past its
            // limits together.
            try await sql.lock(.profile, profile.rawValue)
            var usage = try await ProfilePostgresUsage.read(sql, profile)
            try await usage.add(sql, profile, subject, kind, text: text, keepsText: false)
            try await sql.run(
                """
                INSERT INTO mark (profile_id, subject_kind, subject_id, kind, text, created_at, updated_at)
                VALUES (\(profile.rawValue), \(subject.kind.rawValue), \(subject.id), \(kind.rawValue), \(text),
                    \(time), \(time))
                ON CONFLICT (profile_id, subject_kind, subject_id, kind)
                DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at
                """)
        }
    }

    public func removeMark(_ kind: MarkKind, on subject: MarkSubject, profile: ProfileID) async throws {
        try await database.rows(
            """
            DELETE FROM mark WHERE profile_id = \(profile.rawValue) AND subject_kind = \(subject.kind.rawValue)
                AND subject_id = \(subject.id) AND kind = \(kind.rawValue)
            """)
    }

    public func marks(of profile: ProfileID) async throws -> VisitorMarks {
        let rows = try await database.rows(
            """
            SELECT \(unescaped: MarkRow.postgresColumns) FROM mark WHERE profile_id = \(profile.rawValue)
            ORDER BY created_at DESC, seq DESC
            """)
        return VisitorMarks(try rows.compactMap { try MarkRow(postgres: $0).toDomain() })
    }
}

extension MarkRow {
    static let postgresColumns = "profile_id, subject_kind, subject_id, kind, text, created_at, updated_at"

    init(postgres row: PostgresRow) throws {
        (profileId, subjectKind, subjectId, kind, text, createdAt, updatedAt) = try row.decode(
            (String, String, Int, String, String?, Date, Date).self)
    }
}
