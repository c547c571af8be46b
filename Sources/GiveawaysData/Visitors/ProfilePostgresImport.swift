import Foundation
import GiveawaysDomain
import PostgresNIO

/// An import's marks written to PostgreSQL in one statement: counted against `ProfileLimits` mark by mark first
/// (past a limit the throw rolls the whole import back), then merged as SQLite merges them one at a time (a mark
/// already there keeps its times; a note takes the imported text).
struct ProfilePostgresImport {
    private struct Key: Hashable {
        var subjectKind: String
        var subjectID: Int
        var kind: String
    }

    private let marks: [Mark]

    init(_ marks: [Mark]) {
        self.marks = marks
    }

    /// Counts and writes, in the caller's transaction, which holds the profile's lock.
    func write(_ sql: PostgresTransaction, into profile: ProfileID) async throws {
        guard !marks.isEmpty else { return }
        var stored: [Key: String?] = [:]
        for row in try await sql.rows(
            "SELECT subject_kind, subject_id, kind, text FROM mark WHERE profile_id = \(profile.rawValue)")
        {
            let (subjectKind, subjectID, kind, text) = try row.decode((String, Int, String, String?).self)
            stored[Key(subjectKind: subjectKind, subjectID: subjectID, kind: kind)] = .some(text)
        }
        let usage = try await ProfilePostgresUsage.read(sql, profile)
        var counted = usage.usage
        // One row per key, in the file's order; a later copy of a mark only brings its text, as a second upsert
        // would.
        var order: [Key] = []
        var merged: [Key: Mark] = [:]
        for mark in marks {
            let key = Key(subjectKind: mark.subject.kind.rawValue, subjectID: mark.subject.id, kind: mark.kind.rawValue)
            let existing: String?? = stored[key].map { .some($0) } ?? nil
            try counted.count(existing: existing, text: mark.text, keepsText: true)
            let text = mark.text ?? existing.flatMap { $0 }
            stored[key] = .some(text)
            if var earlier = merged[key] {
                earlier.text = mark.text ?? earlier.text
                merged[key] = earlier
            } else {
                order.append(key)
                merged[key] = mark
            }
        }
        let rows = order.compactMap { merged[$0] }
        // Arrays hold no NULL here: a missing text travels as a flag beside an empty string.
        try await sql.run(
            """
            INSERT INTO mark (profile_id, subject_kind, subject_id, kind, text, created_at, updated_at)
            SELECT \(profile.rawValue), subject_kind, subject_id, kind, CASE WHEN has_text THEN text END, created_at,
                updated_at
            FROM unnest(\(rows.map(\.subject.kind.rawValue)), \(rows.map(\.subject.id)), \(rows.map(\.kind.rawValue)),
                \(rows.map { $0.text ?? "" }), \(rows.map { $0.text != nil }), \(rows.map(\.createdAt)),
                \(rows.map(\.updatedAt)))
                WITH ORDINALITY AS m (subject_kind, subject_id, kind, text, has_text, created_at, updated_at, position)
            ORDER BY position
            ON CONFLICT (profile_id, subject_kind, subject_id, kind)
            DO UPDATE SET text = coalesce(excluded.text, mark.text)
            """)
    }
}
