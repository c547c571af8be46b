import Foundation
import GRDB
import GiveawaysDomain

/// Visitor marks over SQLite: one `mark` table keyed by profile, subject (kind + id) and mark kind (`MarkSQL`).
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
            try ProfileUsage.checkMark(
                text: text, usage: db.rows(ProfileSQL.usage, profile.rawValue),
                existing: db.rows(MarkSQL.text(of: kind, on: subject, profile: profile)))
            try db.execute([MarkSQL.set(kind, on: subject, profile: profile, text: text, at: time)])
        }
    }

    public func removeMark(_ kind: MarkKind, on subject: MarkSubject, profile: ProfileID) async throws {
        try await database.writer.write { db in try db.execute([MarkSQL.remove(kind, on: subject, profile: profile)]) }
    }

    public func marks(of profile: ProfileID) async throws -> VisitorMarks {
        try await database.writer.read { db in try MarkSQL.marks(db.rows(MarkSQL.ofProfile, profile.rawValue)) }
    }
}
