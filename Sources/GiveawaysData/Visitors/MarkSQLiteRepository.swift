import Foundation
import GRDB
import GiveawaysDomain

/// Visitor marks over SQLite: one `mark` table keyed by profile, subject (kind + id) and mark kind.
public struct MarkSQLiteRepository: MarkRepository {
    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func setMark(
        _ kind: MarkKind, on subject: MarkSubject, profile: ProfileID, text: String?, at time: Date
    ) async throws {
        try await database.writer.write { db in
            // Counted in the write's transaction: parallel clicks cannot take the profile past its limits together.
            var usage = try ProfileUsage.read(db, profile)
            try usage.add(db, profile, subject, kind, text: text, keepsText: false)
            try db.execute(
                sql: """
                    INSERT INTO mark (profile_id, subject_kind, subject_id, kind, text, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (profile_id, subject_kind, subject_id, kind)
                    DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at
                    """,
                arguments: [profile.rawValue, subject.kind.rawValue, subject.id, kind.rawValue, text, time, time])
        }
    }

    public func removeMark(_ kind: MarkKind, on subject: MarkSubject, profile: ProfileID) async throws {
        try await database.writer.write { db in
            try db.execute(
                sql: "DELETE FROM mark WHERE profile_id = ? AND subject_kind = ? AND subject_id = ? AND kind = ?",
                arguments: [profile.rawValue, subject.kind.rawValue, subject.id, kind.rawValue])
        }
    }

    public func marks(of profile: ProfileID) async throws -> VisitorMarks {
        try await database.writer.read { db in
            let rows = try MarkRow.fetchAll(
                db, sql: "SELECT * FROM mark WHERE profile_id = ? ORDER BY created_at DESC, rowid DESC",
                arguments: [profile.rawValue])
            return VisitorMarks(rows.compactMap { $0.toDomain() })
        }
    }
}
