import Foundation
import GRDB
import GiveawaysDomain

/// How much of `ProfileLimits` a profile's marks use, read inside the transaction that is about to write more, so
/// that parallel writes cannot slip past a limit together.
struct ProfileUsage {
    var marks: Int
    var textBytes: Int

    static func read(_ db: Database, _ profile: ProfileID) throws -> ProfileUsage {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT COUNT(*) AS marks, COALESCE(SUM(length(CAST(text AS BLOB))), 0) AS bytes
                FROM mark WHERE profile_id = ?
                """,
            arguments: [profile.rawValue])
        return ProfileUsage(marks: row?["marks"] ?? 0, textBytes: row?["bytes"] ?? 0)
    }

    /// The stored text of one mark, or `nil` when the profile has no such mark (`.some(nil)`: a mark without text).
    static func existingText(
        _ db: Database, _ profile: ProfileID, _ subject: MarkSubject, _ kind: MarkKind
    ) throws -> String?? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: "SELECT text FROM mark WHERE profile_id = ? AND subject_kind = ? AND subject_id = ? AND kind = ?",
                arguments: [profile.rawValue, subject.kind.rawValue, subject.id, kind.rawValue])
        else { return nil }
        return .some(row["text"])
    }

    /// Counts one write of `kind` on `subject` with `text` (`nil` keeps a stored text when `keepsText`) and throws
    /// `ProfileFull` if it takes the profile past a limit it was not already past. Shrinking is always allowed.
    mutating func add(
        _ db: Database, _ profile: ProfileID, _ subject: MarkSubject, _ kind: MarkKind, text: String?,
        keepsText: Bool
    ) throws {
        try count(existing: try Self.existingText(db, profile, subject, kind), text: text, keepsText: keepsText)
    }

    /// Counts one write over `existing` (the stored text, `nil` when there is no such mark): the rule both stores
    /// share.
    mutating func count(existing: String??, text: String?, keepsText: Bool) throws {
        let oldBytes = existing.flatMap { $0 }?.utf8.count ?? 0
        let newBytes = text?.utf8.count ?? (keepsText ? oldBytes : 0)
        if existing == nil {
            guard marks < ProfileLimits.marks else { throw ProfileFull.marks }
            marks += 1
        }
        if newBytes > oldBytes {
            guard textBytes - oldBytes + newBytes <= ProfileLimits.textBytes else { throw ProfileFull.text }
        }
        textBytes += newBytes - oldBytes
    }
}
