import Foundation
import GiveawaysDomain
import PostgresNIO

/// How much of `ProfileLimits` a profile's marks use, read under the profile's advisory lock inside the
/// transaction that is about to write more: `ProfileUsage` over PostgreSQL.
struct ProfilePostgresUsage {
    var usage: ProfileUsage

    static func read(_ sql: PostgresTransaction, _ profile: ProfileID) async throws -> ProfilePostgresUsage {
        let row = try await sql.rows(
            """
            SELECT COUNT(*) AS marks, COALESCE(SUM(octet_length(text)), 0)::bigint AS bytes
            FROM mark WHERE profile_id = \(profile.rawValue)
            """
        ).first
        return ProfilePostgresUsage(
            usage: ProfileUsage(marks: try row?.get("marks") ?? 0, textBytes: try row?.get("bytes") ?? 0))
    }

    /// Counts one write (see `ProfileUsage.add`) and throws `ProfileFull` past a limit.
    mutating func add(
        _ sql: PostgresTransaction, _ profile: ProfileID, _ subject: MarkSubject, _ kind: MarkKind, text: String?,
        keepsText: Bool
    ) async throws {
        let existing = try await sql.rows(
            """
            SELECT text FROM mark WHERE profile_id = \(profile.rawValue) AND subject_kind = \(subject.kind.rawValue)
                AND subject_id = \(subject.id) AND kind = \(kind.rawValue)
            """
        ).first.map { try $0.get("text", as: String?.self) }
        try usage.count(existing: existing, text: text, keepsText: keepsText)
    }
}
