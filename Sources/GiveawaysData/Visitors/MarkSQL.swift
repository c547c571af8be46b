import Foundation
import GiveawaysDomain

/// The visitor marks' statements, written once for both stores (`SharedSQL`).
enum MarkSQL {
    /// The columns `MarkRow(shared:)` reads, in its order.
    static let columns = "profile_id, subject_kind, subject_id, kind, text, created_at, updated_at"
    /// A mark set, or its text and time replaced. $1 profile, $2 subject kind, $3 subject, $4 kind, $5 text,
    /// $6 time.
    static let set = SharedSQL(
        """
        INSERT INTO mark (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $6)
        ON CONFLICT (profile_id, subject_kind, subject_id, kind)
        DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at
        """)
    /// $1 profile, $2 subject kind, $3 subject, $4 kind.
    static let remove = SharedSQL(
        "DELETE FROM mark WHERE profile_id = $1 AND subject_kind = $2 AND subject_id = $3 AND kind = $4")
    /// One mark's text: no row when there is no such mark. $1 profile, $2 subject kind, $3 subject, $4 kind.
    static let text = SharedSQL(
        "SELECT text FROM mark WHERE profile_id = $1 AND subject_kind = $2 AND subject_id = $3 AND kind = $4")
    /// A profile's marks, newest first. $1 profile. One dialect hook: the insertion order that breaks ties is
    /// SQLite's `rowid` and PostgreSQL's `seq`.
    static let ofProfile = SharedSQL(
        postgres: "SELECT \(columns) FROM mark WHERE profile_id = $1 ORDER BY created_at DESC, seq DESC",
        sqlite: "SELECT \(columns) FROM mark WHERE profile_id = ?1 ORDER BY created_at DESC, rowid DESC")
    /// The marks the event planner weighs (claimed, not interested, favorite on giveaways; favorite on RAWG games,
    /// whose text names the game), in insertion order. $1 profile.
    static let plannerMarks = SharedSQL(
        postgres: """
            SELECT \(columns) FROM mark WHERE profile_id = $1
                AND ((subject_kind = 'giveaway' AND kind IN ('claimed', 'not_interested', 'favorite'))
                    OR (subject_kind = 'rawg_game' AND kind = 'favorite'))
            ORDER BY seq
            """,
        sqlite: """
            SELECT \(columns) FROM mark WHERE profile_id = ?1
                AND ((subject_kind = 'giveaway' AND kind IN ('claimed', 'not_interested', 'favorite'))
                    OR (subject_kind = 'rawg_game' AND kind = 'favorite'))
            ORDER BY rowid
            """)

    static func set(
        _ kind: MarkKind, on subject: MarkSubject, profile: ProfileID, text: String?, at time: Date
    ) -> SQLStatement {
        SQLStatement(set, profile.rawValue, subject.kind.rawValue, subject.id, kind.rawValue, text, time)
    }

    static func remove(_ kind: MarkKind, on subject: MarkSubject, profile: ProfileID) -> SQLStatement {
        SQLStatement(remove, profile.rawValue, subject.kind.rawValue, subject.id, kind.rawValue)
    }

    static func text(of kind: MarkKind, on subject: MarkSubject, profile: ProfileID) -> SQLStatement {
        SQLStatement(text, profile.rawValue, subject.kind.rawValue, subject.id, kind.rawValue)
    }

    /// The marks of rows of `ofProfile`; a row the domain no longer knows is skipped.
    static func marks(_ rows: some Sequence<some SharedRow>) throws -> VisitorMarks {
        VisitorMarks(try rows.compactMap { try MarkRow(shared: $0).toDomain() })
    }
}

extension MarkRow {
    /// A row of `SELECT \(MarkSQL.columns)`.
    init(shared row: some SharedRow) throws {
        profileId = try row.value(0, as: String.self)
        subjectKind = try row.value(1, as: String.self)
        subjectId = try row.value(2, as: Int.self)
        kind = try row.value(3, as: String.self)
        text = try row.optional(4, as: String.self)
        createdAt = try row.value(5, as: Date.self)
        updatedAt = try row.value(6, as: Date.self)
    }
}
