import Foundation
import GRDB
import GiveawaysDomain

/// Visitor profiles over SQLite: the `profile` row (rules as JSON, feed token, visits) and one-time link codes.
public struct ProfileSQLiteRepository: ProfileRepository {
    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    private var writer: any DatabaseWriter { database.writer }

    /// Page views closer together than this write nothing: the visit's last view is known to the minute.
    static let visitWriteInterval: TimeInterval = 60

    public func settings(of profile: ProfileID) async throws -> ProfileSettings {
        try await writer.read { db in try Self.settings(db, profile) }
    }

    public func saveRules(_ rules: GiveawayRules, for profile: ProfileID, at time: Date) async throws {
        let json = try RulesJSON.encode(rules)
        try await writer.write { db in
            try Self.ensureRow(db, profile, at: time)
            try db.execute(sql: "UPDATE profile SET rules_json = ? WHERE id = ?", arguments: [json, profile.rawValue])
        }
    }

    public func recordVisit(of profile: ProfileID, at time: Date) async throws -> ProfileSettings {
        let current = try await settings(of: profile)
        let exists = try await writer.read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM profile WHERE id = ?", arguments: [profile.rawValue]) ?? false
        }
        if exists, let last = current.lastSeenAt, time.timeIntervalSince(last) < Self.visitWriteInterval {
            return current
        }
        return try await writer.write { db in
            // A cookie alone is not a profile: only one that holds something (a row, or marks from an earlier
            // release) records visits, so that made-up cookies on page views never add rows.
            if !exists {
                let hasMarks =
                    try Bool.fetchOne(
                        db, sql: "SELECT EXISTS (SELECT 1 FROM mark WHERE profile_id = ?)",
                        arguments: [profile.rawValue])
                    ?? false
                guard hasMarks else { return .none }
            }
            try Self.ensureRow(db, profile, at: time)
            var settings = try Self.settings(db, profile)
            if let last = settings.lastSeenAt, time.timeIntervalSince(last) > ProfileSettings.visitGap {
                settings.previousVisitEndedAt = last
            }
            if let last = settings.lastSeenAt, last >= time { return settings }
            settings.lastSeenAt = time
            try db.execute(
                sql: "UPDATE profile SET last_seen_at = ?, previous_visit_ended_at = ? WHERE id = ?",
                arguments: [time, settings.previousVisitEndedAt, profile.rawValue])
            return settings
        }
    }

    public func renewFeedToken(for profile: ProfileID, at time: Date) async throws -> ProfileToken {
        let token = ProfileToken.random()
        try await writer.write { db in
            try Self.ensureRow(db, profile, at: time)
            try db.execute(
                sql: "UPDATE profile SET feed_token = ? WHERE id = ?", arguments: [token.rawValue, profile.rawValue])
        }
        return token
    }

    public func profile(forFeedToken token: ProfileToken) async throws -> ProfileID? {
        try await writer.read { db in
            try String.fetchOne(db, sql: "SELECT id FROM profile WHERE feed_token = ?", arguments: [token.rawValue])
                .flatMap(ProfileID.init(rawValue:))
        }
    }

    public func createLinkCode(for profile: ProfileID, at time: Date) async throws -> LinkCode {
        let code = LinkCode.random()
        try await writer.write { db in
            // Spent and expired codes are of no more use; keep the table small. A day's grace lets a late typer
            // read "expired" rather than "unknown".
            try db.execute(
                sql: "DELETE FROM link_code WHERE expires_at < ?", arguments: [time.addingTimeInterval(-86_400)])
            let live =
                try Int.fetchOne(
                    db,
                    sql: "SELECT COUNT(*) FROM link_code WHERE profile_id = ? AND used_at IS NULL AND expires_at > ?",
                    arguments: [profile.rawValue, time]) ?? 0
            guard live < ProfileLimits.liveLinkCodes else { throw ProfileFull.linkCodes }
            try db.execute(
                sql: "INSERT INTO link_code (code, profile_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [code.rawValue, profile.rawValue, time, time.addingTimeInterval(LinkCode.lifetime)])
        }
        return code
    }

    public func redeemLinkCode(_ code: LinkCode, at time: Date) async throws -> Result<ProfileID, LinkCodeError> {
        try await writer.write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT profile_id, expires_at, used_at FROM link_code WHERE code = ?",
                    arguments: [code.rawValue]),
                let profile = ProfileID(rawValue: row["profile_id"])
            else { return .failure(.unknown) }
            if (row["used_at"] as Date?) != nil { return .failure(.used) }
            if (row["expires_at"] as Date) <= time { return .failure(.expired) }
            // Conditional, so that two browsers racing with one code cannot both win.
            try db.execute(
                sql: "UPDATE link_code SET used_at = ? WHERE code = ? AND used_at IS NULL",
                arguments: [time, code.rawValue])
            return db.changesCount == 1 ? .success(profile) : .failure(.used)
        }
    }

    public func importProfile(_ export: ProfileExport, into profile: ProfileID, at time: Date) async throws {
        let json = try RulesJSON.encode(export.rules)
        try await writer.write { db in
            try Self.ensureRow(db, profile, at: time)
            try db.execute(sql: "UPDATE profile SET rules_json = ? WHERE id = ?", arguments: [json, profile.rawValue])
            // Counted mark by mark in this transaction: past a limit, the throw rolls back the whole import.
            var usage = try ProfileUsage.read(db, profile)
            for mark in export.marks {
                try usage.add(db, profile, mark.subject, mark.kind, text: mark.text, keepsText: true)
                try db.execute(
                    sql: """
                        INSERT INTO mark (profile_id, subject_kind, subject_id, kind, text, created_at, updated_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (profile_id, subject_kind, subject_id, kind)
                        DO UPDATE SET text = coalesce(excluded.text, mark.text)
                        """,
                    arguments: [
                        profile.rawValue, mark.subject.kind.rawValue, mark.subject.id, mark.kind.rawValue, mark.text,
                        mark.createdAt, mark.updatedAt,
                    ])
            }
        }
    }

    public func saveNearbyArea(_ area: NearbyArea, for profile: ProfileID, at time: Date) async throws {
        try await writer.write { db in
            try Self.ensureRow(db, profile, at: time)
            try db.execute(
                sql: "UPDATE profile SET nearby_latitude = ?, nearby_longitude = ?, nearby_zoom = ? WHERE id = ?",
                arguments: [area.center.latitude, area.center.longitude, area.zoom, profile.rawValue])
        }
    }

    public func holdsData(_ profile: ProfileID) async throws -> Bool {
        try await writer.read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM profile WHERE id = ?1) OR EXISTS (SELECT 1 FROM mark WHERE profile_id = ?1)
                        OR EXISTS (SELECT 1 FROM hook WHERE profile_id = ?1)
                    """, arguments: [profile.rawValue]) ?? false
        }
    }

    // MARK: - Helpers

    private static func ensureRow(_ db: Database, _ profile: ProfileID, at time: Date) throws {
        try db.execute(
            sql: "INSERT INTO profile (id, created_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING",
            arguments: [profile.rawValue, time])
    }

    private static func settings(_ db: Database, _ profile: ProfileID) throws -> ProfileSettings {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT rules_json, feed_token, last_seen_at, previous_visit_ended_at, nearby_latitude,
                        nearby_longitude, nearby_zoom
                    FROM profile WHERE id = ?
                    """,
                arguments: [profile.rawValue])
        else { return .none }
        return ProfileSettings(
            rules: RulesJSON.decode(row["rules_json"]),
            feedToken: (row["feed_token"] as String?).flatMap(ProfileToken.init(rawValue:)),
            previousVisitEndedAt: row["previous_visit_ended_at"], lastSeenAt: row["last_seen_at"],
            nearbyArea: NearbyArea(
                latitude: row["nearby_latitude"], longitude: row["nearby_longitude"], zoom: row["nearby_zoom"]))
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
