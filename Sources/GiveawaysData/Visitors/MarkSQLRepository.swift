import Foundation
import GiveawaysDomain

/// Visitor marks: one `mark` table keyed by profile, subject (kind + id) and mark kind (`MarkSQL`), over SQLite or
/// PostgreSQL (`SQLExecutor`).
public struct MarkSQLRepository: MarkRepository {
    private let database: any SQLExecutor

    public init(database: AppDatabase) { self.database = database }
    public init(database: PostgresDatabase) { self.database = database }

    public func setMark(
        _ kind: MarkKind, on subject: MarkSubject, profile: ProfileID, text: String?, at time: Date
    ) async throws {
        try await database.transaction { db in
            // Counted under the profile's lock: parallel clicks, on any instance, cannot take the profile past its
            // limits together.
            try db.lock(.profile, profile.rawValue)
            try ProfileUsage.checkMark(
                text: text, usage: db.rows(ProfileSQL.usage, profile.rawValue),
                existing: db.rows(MarkSQL.text(of: kind, on: subject, profile: profile)))
            try db.execute([MarkSQL.set(kind, on: subject, profile: profile, text: text, at: time)])
        }
    }

    public func removeMark(_ kind: MarkKind, on subject: MarkSubject, profile: ProfileID) async throws {
        try await database.transaction { db in try db.execute([MarkSQL.remove(kind, on: subject, profile: profile)]) }
    }

    public func marks(of profile: ProfileID) async throws -> VisitorMarks {
        try MarkSQL.marks(await database.rows(MarkSQL.ofProfile, profile.rawValue))
    }
}
