import Foundation
import GiveawaysDomain
import PostgresNIO

/// Visitor marks over PostgreSQL: one `mark` table keyed by profile, subject (kind + id) and mark kind (`MarkSQL`).
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
            try ProfileUsage.checkMark(
                text: text, usage: await sql.rows(ProfileSQL.usage, profile.rawValue),
                existing: await sql.rows(MarkSQL.text(of: kind, on: subject, profile: profile)))
            try await sql.run([MarkSQL.set(kind, on: subject, profile: profile, text: text, at: time)])
        }
    }

    public func removeMark(_ kind: MarkKind, on subject: MarkSubject, profile: ProfileID) async throws {
        try await database.write { sql in try await sql.run([MarkSQL.remove(kind, on: subject, profile: profile)]) }
    }

    public func marks(of profile: ProfileID) async throws -> VisitorMarks {
        try await database.read { sql in try MarkSQL.marks(await sql.rows(MarkSQL.ofProfile, profile.rawValue)) }
    }
}
