import Foundation
import GiveawaysDomain

/// How much of `ProfileLimits` a profile's marks use, read inside the transaction that is about to write more
/// (over PostgreSQL, under the profile's advisory lock), so that parallel writes cannot slip past a limit together.
struct ProfileUsage {
    var marks: Int
    var textBytes: Int

    /// The usage in the rows of `ProfileSQL.usage`.
    init(_ rows: [some SharedRow]) throws {
        marks = try rows.first?.value(0, as: Int.self) ?? 0
        textBytes = try rows.first?.value(1, as: Int.self) ?? 0
    }

    /// Throws `ProfileFull` if setting a mark to `text` takes the profile past a limit. `usage`: the rows of
    /// `ProfileSQL.usage`; `existing`: of `MarkSQL.text`.
    static func checkMark(text: String?, usage: [some SharedRow], existing: [some SharedRow]) throws {
        var counted = try ProfileUsage(usage)
        try counted.count(existing: existing.first.map { try $0.optional(0, as: String.self) }, text: text)
    }

    /// Counts one write over `existing` (the stored text, `nil` when there is no such mark) with `text` (`nil`
    /// keeps a stored text when `keepsText`) and throws `ProfileFull` if it takes the profile past a limit it was
    /// not already past. Shrinking is always allowed.
    mutating func count(existing: String??, text: String?, keepsText: Bool = false) throws {
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

    // MARK: - Imports

    /// The statements of an import's marks: counted against the limits mark by mark first (past one it throws
    /// `ProfileFull`, and the caller's transaction rolls the whole import back), then merged as upserting them one
    /// at a time would merge them: one row per mark in the file's order, a later copy only bringing its text.
    /// `usage`: the rows of `ProfileSQL.usage`; `stored`: of `ProfileSQL.stored`.
    static func importing(
        _ marks: [Mark], into profile: ProfileID, usage: [some SharedRow], stored rows: [some SharedRow]
    ) throws -> [SQLStatement] {
        var counted = try ProfileUsage(usage)
        var stored: [Key: String?] = [:]
        for row in rows {
            let key = Key(
                subjectKind: try row.value(0, as: String.self), subjectID: try row.value(1, as: Int.self),
                kind: try row.value(2, as: String.self))
            stored[key] = .some(try row.optional(3, as: String.self))
        }
        var order: [Key] = []
        var merged: [Key: Mark] = [:]
        for mark in marks {
            let key = Key(subjectKind: mark.subject.kind.rawValue, subjectID: mark.subject.id, kind: mark.kind.rawValue)
            let existing = stored[key]
            try counted.count(existing: existing, text: mark.text, keepsText: true)
            stored[key] = .some(mark.text ?? existing.flatMap { $0 })
            if let earlier = merged[key] {
                merged[key]?.text = mark.text ?? earlier.text
            } else {
                order.append(key)
                merged[key] = mark
            }
        }
        guard !order.isEmpty else { return [] }
        return [SQLStatement(ProfileSQL.importMarks, profile.rawValue, MarkList(order.compactMap { merged[$0] }))]
    }
}

/// A mark's key as stored (a kind this release no longer knows still has one).
private struct Key: Hashable {
    var subjectKind: String
    var subjectID: Int
    var kind: String
}
