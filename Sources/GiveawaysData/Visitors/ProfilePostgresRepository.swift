import Foundation
import GiveawaysDomain
import PostgresNIO

/// Visitor profiles over PostgreSQL: the `profile` row (rules as JSON, feed token, visits) and one-time link
/// codes, which stay one-use however many instances share the database.
public struct ProfilePostgresRepository: ProfileRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func settings(of profile: ProfileID) async throws -> ProfileSettings {
        try await database.read { sql in try await Self.settings(sql, profile) }
    }

    public func saveRules(_ rules: GiveawayRules, for profile: ProfileID, at time: Date) async throws {
        let json = try RulesJSON.encode(rules)
        try await database.write { sql in
            try await Self.ensureRow(sql, profile, at: time)
            try await sql.run("UPDATE profile SET rules_json = \(json) WHERE id = \(profile.rawValue)")
        }
    }

    public func recordVisit(of profile: ProfileID, at time: Date) async throws -> ProfileSettings {
        let (current, exists) = try await database.read { sql in
            (try await Self.settings(sql, profile), try await Self.rowExists(sql, profile))
        }
        if exists, let last = current.lastSeenAt,
            time.timeIntervalSince(last) < ProfileSQLiteRepository.visitWriteInterval
        {
            return current
        }
        return try await database.write { sql in
            // A cookie alone is not a profile: only one that holds something (a row, or marks from an earlier
            // release) records visits, so that made-up cookies on page views never add rows.
            if !exists {
                let hasMarks = try await sql.rows(
                    "SELECT EXISTS (SELECT 1 FROM mark WHERE profile_id = \(profile.rawValue)) AS marks"
                ).first?.get("marks", as: Bool.self)
                guard hasMarks == true else { return .none }
            }
            try await Self.ensureRow(sql, profile, at: time)
            // The row is locked until commit: two instances recording the same view agree on the visit.
            try await sql.run("SELECT 1 FROM profile WHERE id = \(profile.rawValue) FOR UPDATE")
            var settings = try await Self.settings(sql, profile)
            if let last = settings.lastSeenAt, time.timeIntervalSince(last) > ProfileSettings.visitGap {
                settings.previousVisitEndedAt = last
            }
            if let last = settings.lastSeenAt, last >= time { return settings }
            settings.lastSeenAt = time
            try await sql.run(
                """
                UPDATE profile SET last_seen_at = \(time), previous_visit_ended_at = \(settings.previousVisitEndedAt)
                WHERE id = \(profile.rawValue)
                """)
            return settings
        }
    }

    public func renewFeedToken(for profile: ProfileID, at time: Date) async throws -> ProfileToken {
        let token = ProfileToken.random()
        try await database.write { sql in
            try await Self.ensureRow(sql, profile, at: time)
            try await sql.run("UPDATE profile SET feed_token = \(token.rawValue) WHERE id = \(profile.rawValue)")
        }
        return token
    }

    public func profile(forFeedToken token: ProfileToken) async throws -> ProfileID? {
        try await database.rows("SELECT id FROM profile WHERE feed_token = \(token.rawValue)").first
            .flatMap { ProfileID(rawValue: try $0.get("id")) }
    }

    public func createLinkCode(for profile: ProfileID, at time: Date) async throws -> LinkCode {
        let code = LinkCode.random()
        try await database.write { sql in
            // Counted under the profile's lock, so parallel requests cannot pass the limit together.
            try await sql.lock(.profile, profile.rawValue)
            // Spent and expired codes are of no more use; keep the table small. A day's grace lets a late typer
            // read "expired" rather than "unknown".
            try await sql.run("DELETE FROM link_code WHERE expires_at < \(time.addingTimeInterval(-86_400))")
            let live =
                try await sql.rows(
                    """
                    SELECT COUNT(*) AS live FROM link_code
                    WHERE profile_id = \(profile.rawValue) AND used_at IS NULL AND expires_at > \(time)
                    """
                ).first?.get("live", as: Int.self) ?? 0
            guard live < ProfileLimits.liveLinkCodes else { throw ProfileFull.linkCodes }
            try await sql.run(
                """
                INSERT INTO link_code (code, profile_id, created_at, expires_at)
                VALUES (\(code.rawValue), \(profile.rawValue), \(time), \(time.addingTimeInterval(LinkCode.lifetime)))
                """)
        }
        return code
    }

    public func redeemLinkCode(_ code: LinkCode, at time: Date) async throws -> Result<ProfileID, LinkCodeError> {
        // One conditional UPDATE: of two instances racing with one code, the second waits for the first's commit,
        // finds `used_at` set and changes nothing.
        let redeemed = try await database.rows(
            """
            UPDATE link_code SET used_at = \(time)
            WHERE code = \(code.rawValue) AND used_at IS NULL AND expires_at > \(time)
            RETURNING profile_id
            """)
        if let row = redeemed.first, let profile = ProfileID(rawValue: try row.get("profile_id")) {
            return .success(profile)
        }
        // Why not: read after the failed UPDATE, so a code used a moment ago reads as used.
        guard
            let row = try await database.rows(
                "SELECT profile_id, expires_at, used_at FROM link_code WHERE code = \(code.rawValue)"
            ).first
        else { return .failure(.unknown) }
        let (profile, expiresAt, usedAt) = try row.decode((String, Date, Date?).self)
        guard ProfileID(rawValue: profile) != nil else { return .failure(.unknown) }
        if usedAt != nil { return .failure(.used) }
        return expiresAt <= time ? .failure(.expired) : .failure(.used)
    }

    public func importProfile(_ export: ProfileExport, into profile: ProfileID, at time: Date) async throws {
        let json = try RulesJSON.encode(export.rules)
        try await database.write { sql in
            try await sql.lock(.profile, profile.rawValue)
            try await Self.ensureRow(sql, profile, at: time)
            try await sql.run("UPDATE profile SET rules_json = \(json) WHERE id = \(profile.rawValue)")
            try await ProfilePostgresImport(export.marks).write(sql, into: profile)
        }
    }

    public func saveNearbyArea(_ area: NearbyArea, for profile: ProfileID, at time: Date) async throws {
        try await database.write { sql in
            try await Self.ensureRow(sql, profile, at: time)
            try await sql.run(
                """
                UPDATE profile SET nearby_latitude = \(area.center.latitude),
                    nearby_longitude = \(area.center.longitude), nearby_zoom = \(area.zoom)
                WHERE id = \(profile.rawValue)
                """)
        }
    }

    public func holdsData(_ profile: ProfileID) async throws -> Bool {
        let id = profile.rawValue
        return try await database.rows(
            """
            SELECT EXISTS (SELECT 1 FROM profile WHERE id = \(id)) OR EXISTS (SELECT 1 FROM mark WHERE profile_id = \(id))
                OR EXISTS (SELECT 1 FROM hook WHERE profile_id = \(id)) AS holds
            """
        ).first?.get("holds") ?? false
    }

    // MARK: - Helpers

    private static func ensureRow(_ sql: PostgresTransaction, _ profile: ProfileID, at time: Date) async throws {
        try await sql.run(
            "INSERT INTO profile (id, created_at) VALUES (\(profile.rawValue), \(time)) ON CONFLICT (id) DO NOTHING")
    }

    private static func rowExists(_ sql: PostgresTransaction, _ profile: ProfileID) async throws -> Bool {
        try await sql.rows("SELECT EXISTS (SELECT 1 FROM profile WHERE id = \(profile.rawValue)) AS row").first?
            .get("row") ?? false
    }

    private static func settings(_ sql: PostgresTransaction, _ profile: ProfileID) async throws -> ProfileSettings {
        guard
            let row = try await sql.rows(
                """
                SELECT rules_json, feed_token, last_seen_at, previous_visit_ended_at, nearby_latitude,
                    nearby_longitude, nearby_zoom
                FROM profile WHERE id = \(profile.rawValue)
                """
            ).first
        else { return .none }
        let (rules, token, lastSeenAt, previousVisitEndedAt, latitude, longitude, zoom) = try row.decode(
            (String?, String?, Date?, Date?, Double?, Double?, Int?).self)
        return ProfileSettings(
            rules: RulesJSON.decode(rules), feedToken: token.flatMap(ProfileToken.init(rawValue:)),
            previousVisitEndedAt: previousVisitEndedAt, lastSeenAt: lastSeenAt,
            nearbyArea: NearbyArea(latitude: latitude, longitude: longitude, zoom: zoom))
    }
}
