import Foundation
import GRDB
import GiveawaysDomain
import PostgresNIO

/// The profiles' statements, and the decisions both stores make alike, written once (`SharedSQL`).
enum ProfileSQL {
    /// Page views closer together than this write nothing: the visit's last view is known to the minute.
    static let visitWriteInterval: TimeInterval = 60

    private static let selectSettings = """
        SELECT rules_json, feed_token, last_seen_at, previous_visit_ended_at, nearby_latitude, nearby_longitude,
            nearby_zoom
        FROM profile WHERE id = $1
        """
    /// The row `settings(_:)` reads. $1 profile.
    static let settings = SharedSQL(selectSettings)
    /// The same, the row locked until commit over PostgreSQL: two instances recording the same view agree on the
    /// visit. (SQLite has one writer.)
    static let settingsForUpdate = SharedSQL(
        postgres: selectSettings + " FOR UPDATE", sqlite: SharedSQL(selectSettings).sqlite)
    /// $1 profile, $2 time.
    static let ensureRow = SharedSQL("INSERT INTO profile (id, created_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING")
    /// $1 profile, $2 last view, $3 the end of the previous visit.
    static let visit = SharedSQL("UPDATE profile SET last_seen_at = $2, previous_visit_ended_at = $3 WHERE id = $1")
    /// A cookie alone is not a profile: only one that holds something (a row, or marks from an earlier release)
    /// records visits, so that made-up cookies on page views never add rows. $1 profile.
    static let hasMarks = SharedSQL("SELECT EXISTS (SELECT 1 FROM mark WHERE profile_id = $1)")
    /// $1 profile.
    static let holdsData = SharedSQL(
        """
        SELECT EXISTS (SELECT 1 FROM profile WHERE id = $1) OR EXISTS (SELECT 1 FROM mark WHERE profile_id = $1)
            OR EXISTS (SELECT 1 FROM hook WHERE profile_id = $1)
        """)
    /// $1 token.
    static let byFeedToken = SharedSQL("SELECT id FROM profile WHERE feed_token = $1")

    /// Saves `columns` in a profile's row, made first when there is none. $1 profile, $2 time, $3… the columns.
    private static func save(_ columns: String...) -> SharedSQL {
        SharedSQL(
            """
            INSERT INTO profile (id, created_at, \(columns.joined(separator: ", ")))
            VALUES ($1, $2, \(columns.indices.map { "$\($0 + 3)" }.joined(separator: ", ")))
            ON CONFLICT (id) DO UPDATE SET \(columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """)
    }
    static let saveRules = save("rules_json")
    static let saveFeedToken = save("feed_token")
    static let saveNearbyArea = save("nearby_latitude", "nearby_longitude", "nearby_zoom")
    static let saveNotificationPreferences = save(
        "reminder_lead_minutes", "digest_minute", "quiet_start_minute", "quiet_end_minute", "time_zone")

    /// The settings of the rows of `settings`, or `nil` when the profile has no row.
    static func settings(_ rows: [some SharedRow]) throws -> ProfileSettings? {
        guard let row = rows.first else { return nil }
        return ProfileSettings(
            rules: RulesJSON.decode(try row.optional(0, as: String.self)),
            feedToken: try row.optional(1, as: String.self).flatMap(ProfileToken.init(rawValue:)),
            previousVisitEndedAt: try row.optional(3, as: Date.self), lastSeenAt: try row.optional(2, as: Date.self),
            nearbyArea: NearbyArea(
                latitude: try row.optional(4, as: Double.self), longitude: try row.optional(5, as: Double.self),
                zoom: try row.optional(6, as: Int.self)))
    }

    /// Whether a page view at `time` writes nothing: the profile's row holds a view under `visitWriteInterval` ago.
    static func visitIsFresh(_ stored: ProfileSettings, at time: Date) -> Bool {
        guard let last = stored.lastSeenAt else { return false }
        return time.timeIntervalSince(last) < visitWriteInterval
    }

    /// The settings after a page view at `time`, or `nil` when a view as late is stored already. A view more than
    /// `ProfileSettings.visitGap` after the last one starts a new visit: the previous one ended at that view.
    static func visited(_ settings: ProfileSettings, at time: Date) -> ProfileSettings? {
        var visited = settings
        if let last = settings.lastSeenAt {
            guard last < time else { return nil }
            if time.timeIntervalSince(last) > ProfileSettings.visitGap { visited.previousVisitEndedAt = last }
        }
        visited.lastSeenAt = time
        return visited
    }

    // MARK: - Marks against the limits

    /// How much of `ProfileLimits` a profile's marks use (`ProfileUsage`). $1 profile. One dialect hook: a text's
    /// bytes are `octet_length` to PostgreSQL, and the length of the text as a blob to SQLite.
    static let usage = SharedSQL(
        postgres: "SELECT COUNT(*), COALESCE(SUM(octet_length(text)), 0)::bigint FROM mark WHERE profile_id = $1",
        sqlite: "SELECT COUNT(*), COALESCE(SUM(length(CAST(text AS BLOB))), 0) FROM mark WHERE profile_id = ?1")
    /// Every mark's key and text, for an import. $1 profile.
    static let stored = SharedSQL("SELECT subject_kind, subject_id, kind, text FROM mark WHERE profile_id = $1")

    /// An import's marks in one statement (`MarkList`; one dialect hook: one array per column to PostgreSQL, one
    /// JSON array of rows to SQLite), in the file's order; a mark already there keeps its times, and a note takes
    /// the imported text. $1 profile, then the marks.
    static let importMarks = SharedSQL(
        postgres: """
            INSERT INTO mark (\(MarkSQL.columns))
            SELECT $1, subject_kind, subject_id, kind, CASE WHEN has_text THEN text END, created_at, updated_at
            FROM unnest($2, $3, $4, $5, $6, $7, $8)
                WITH ORDINALITY AS m (subject_kind, subject_id, kind, text, has_text, created_at, updated_at, position)
            ORDER BY position
            \(keepingTimes)
            """,
        sqlite: """
            INSERT INTO mark (\(MarkSQL.columns))
            SELECT ?1, json_extract(m.value, '$[0]'), json_extract(m.value, '$[1]'), json_extract(m.value, '$[2]'),
                json_extract(m.value, '$[3]'), json_extract(m.value, '$[4]'), json_extract(m.value, '$[5]')
            FROM json_each(?2) AS m ORDER BY m.key
            \(keepingTimes)
            """)
    private static let keepingTimes = """
        ON CONFLICT (profile_id, subject_kind, subject_id, kind) DO UPDATE SET text = coalesce(excluded.text, mark.text)
        """

    // MARK: - Link codes

    /// Spent and expired codes are of no more use; keep the table small. $1 time.
    static let pruneLinkCodes = SharedSQL("DELETE FROM link_code WHERE expires_at < $1")
    /// A new code, only while the profile has fewer than $5 codes that still work: answers no row past the limit.
    /// $1 code, $2 profile, $3 time, $4 expiry.
    static let addLinkCode = SharedSQL(
        """
        INSERT INTO link_code (code, profile_id, created_at, expires_at)
        SELECT $1, $2, $3, $4
        WHERE (SELECT COUNT(*) FROM link_code WHERE profile_id = $2 AND used_at IS NULL AND expires_at > $3) < $5
        RETURNING code
        """)
    /// One conditional UPDATE: of two racing with one code, the second (over PostgreSQL on another instance, it
    /// waits for the first's commit) finds `used_at` set and changes nothing. $1 code, $2 time.
    static let redeem = SharedSQL(
        """
        UPDATE link_code SET used_at = $2 WHERE code = $1 AND used_at IS NULL AND expires_at > $2
        RETURNING profile_id
        """)
    /// Why a code did not redeem: read after the failed UPDATE, so a code used a moment ago reads as used. $1 code.
    static let linkCode = SharedSQL("SELECT profile_id, expires_at, used_at FROM link_code WHERE code = $1")

    /// The spent and expired codes to forget: a day's grace lets a late typer read "expired" rather than "unknown".
    static func pruneLinkCodes(at time: Date) -> SQLStatement {
        SQLStatement(pruneLinkCodes, time.addingTimeInterval(-86_400))
    }

    static func addLinkCode(_ code: LinkCode, for profile: ProfileID, at time: Date) -> SQLStatement {
        SQLStatement(
            addLinkCode, code.rawValue, profile.rawValue, time, time.addingTimeInterval(LinkCode.lifetime),
            ProfileLimits.liveLinkCodes)
    }

    /// The profile of the rows of `redeem`, or `nil` when the code did not redeem.
    static func redeemed(_ rows: [some SharedRow]) throws -> ProfileID? {
        try rows.scalar(String.self).flatMap(ProfileID.init(rawValue:))
    }

    /// Why a code did not redeem, from the rows of `linkCode`.
    static func refusal(_ rows: [some SharedRow], at time: Date) throws -> LinkCodeError {
        guard let row = rows.first, ProfileID(rawValue: try row.value(0, as: String.self)) != nil else {
            return .unknown
        }
        if try row.optional(2, as: Date.self) != nil { return .used }
        return try row.value(1, as: Date.self) <= time ? .expired : .used
    }
}

/// An import's marks for `ProfileSQL.importMarks`: one array per column over PostgreSQL (arrays hold no NULL
/// here, so a missing text travels as a flag beside an empty string), one JSON array of rows over SQLite, its dates
/// in the text GRDB stores.
struct MarkList: SharedSQLValue {
    var marks: [Mark]

    init(_ marks: [Mark]) { self.marks = marks }

    var sqliteValue: (any DatabaseValueConvertible)? {
        let rows: [[Any]] = marks.map {
            [
                $0.subject.kind.rawValue, $0.subject.id, $0.kind.rawValue, $0.text.map { $0 as Any } ?? NSNull(),
                String.fromDatabaseValue($0.createdAt.databaseValue) ?? "",
                String.fromDatabaseValue($0.updatedAt.databaseValue) ?? "",
            ]
        }
        return (try? JSONSerialization.data(withJSONObject: rows)).map { String(decoding: $0, as: UTF8.self) }
    }
    func bind(to bindings: inout PostgresBindings) {
        bindings.append(marks.map(\.subject.kind.rawValue))
        bindings.append(marks.map(\.subject.id))
        bindings.append(marks.map(\.kind.rawValue))
        bindings.append(marks.map { $0.text ?? "" })
        bindings.append(marks.map { $0.text != nil })
        bindings.append(marks.map(\.createdAt))
        bindings.append(marks.map(\.updatedAt))
    }
}

/// Rules are stored as JSON: one column that later rules extend without a migration.
enum RulesJSON {
    static func encode(_ rules: GiveawayRules) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(rules), as: UTF8.self)
    }

    /// Rules written by a newer release that this one cannot read fall back to none, rather than failing pages.
    static func decode(_ text: String?) -> GiveawayRules {
        guard let text, let rules = try? JSONDecoder().decode(GiveawayRules.self, from: Data(text.utf8)) else {
            return .none
        }
        return rules
    }
}
