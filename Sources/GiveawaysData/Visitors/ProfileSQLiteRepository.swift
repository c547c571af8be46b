import Foundation
import GRDB
import GiveawaysDomain

/// Visitor profiles over SQLite: the `profile` row (rules as JSON, feed token, visits) and one-time link codes
/// (`ProfileSQL`). Every write is one transaction, and SQLite has one writer.
public struct ProfileSQLiteRepository: ProfileRepository {
    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    private var writer: any DatabaseWriter { database.writer }

    public func settings(of profile: ProfileID) async throws -> ProfileSettings {
        try await writer.read { db in try ProfileSQL.settings(db.rows(ProfileSQL.settings, profile.rawValue)) ?? .none }
    }

    public func saveRules(_ rules: GiveawayRules, for profile: ProfileID, at time: Date) async throws {
        let json = try RulesJSON.encode(rules)
        try await writer.write { db in try db.execute(ProfileSQL.saveRules, profile.rawValue, time, json) }
    }

    public func recordVisit(of profile: ProfileID, at time: Date) async throws -> ProfileSettings {
        let stored = try await writer.read { db in
            try ProfileSQL.settings(db.rows(ProfileSQL.settings, profile.rawValue))
        }
        if let stored, ProfileSQL.visitIsFresh(stored, at: time) { return stored }
        return try await writer.write { db in
            if stored == nil, try db.rows(ProfileSQL.hasMarks, profile.rawValue).scalar(Bool.self) != true {
                return .none
            }
            try db.execute(ProfileSQL.ensureRow, profile.rawValue, time)
            let settings = try ProfileSQL.settings(db.rows(ProfileSQL.settingsForUpdate, profile.rawValue)) ?? .none
            guard let visited = ProfileSQL.visited(settings, at: time) else { return settings }
            try db.execute(ProfileSQL.visit, profile.rawValue, time, visited.previousVisitEndedAt)
            return visited
        }
    }

    public func renewFeedToken(for profile: ProfileID, at time: Date) async throws -> ProfileToken {
        let token = ProfileToken.random()
        try await writer.write { db in try db.execute(ProfileSQL.saveFeedToken, profile.rawValue, time, token.rawValue)
        }
        return token
    }

    public func profile(forFeedToken token: ProfileToken) async throws -> ProfileID? {
        try await writer.read { db in
            try db.rows(ProfileSQL.byFeedToken, token.rawValue).scalar(String.self).flatMap(ProfileID.init(rawValue:))
        }
    }

    public func createLinkCode(for profile: ProfileID, at time: Date) async throws -> LinkCode {
        let code = LinkCode.random()
        try await writer.write { db in
            try db.execute([ProfileSQL.pruneLinkCodes(at: time)])
            guard try !db.rows(ProfileSQL.addLinkCode(code, for: profile, at: time)).isEmpty else {
                throw ProfileFull.linkCodes
            }
        }
        return code
    }

    public func redeemLinkCode(_ code: LinkCode, at time: Date) async throws -> Result<ProfileID, LinkCodeError> {
        try await writer.write { db in
            if let profile = try ProfileSQL.redeemed(db.rows(ProfileSQL.redeem, code.rawValue, time)) {
                return .success(profile)
            }
            return .failure(try ProfileSQL.refusal(db.rows(ProfileSQL.linkCode, code.rawValue), at: time))
        }
    }

    public func importProfile(_ export: ProfileExport, into profile: ProfileID, at time: Date) async throws {
        let json = try RulesJSON.encode(export.rules)
        try await writer.write { db in
            try db.execute(ProfileSQL.saveRules, profile.rawValue, time, json)
            try db.execute(
                ProfileUsage.importing(
                    export.marks, into: profile, usage: db.rows(ProfileSQL.usage, profile.rawValue),
                    stored: db.rows(ProfileSQL.stored, profile.rawValue)))
        }
    }

    public func saveNearbyArea(_ area: NearbyArea, for profile: ProfileID, at time: Date) async throws {
        try await writer.write { db in
            try db.execute(
                ProfileSQL.saveNearbyArea, profile.rawValue, time, area.center.latitude, area.center.longitude,
                area.zoom)
        }
    }

    public func holdsData(_ profile: ProfileID) async throws -> Bool {
        try await writer.read { db in try db.rows(ProfileSQL.holdsData, profile.rawValue).scalar(Bool.self) ?? false }
    }
}
