import Foundation
import GiveawaysDomain
import PostgresNIO

/// Visitor profiles over PostgreSQL: the `profile` row (rules as JSON, feed token, visits) and one-time link
/// codes (`ProfileSQL`), which stay one-use however many instances share the database.
public struct ProfilePostgresRepository: ProfileRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func settings(of profile: ProfileID) async throws -> ProfileSettings {
        try await database.read { sql in
            try ProfileSQL.settings(await sql.rows(ProfileSQL.settings, profile.rawValue)) ?? .none
        }
    }

    public func saveRules(_ rules: GiveawayRules, for profile: ProfileID, at time: Date) async throws {
        let json = try RulesJSON.encode(rules)
        try await database.write { sql in try await sql.run(ProfileSQL.saveRules, profile.rawValue, time, json) }
    }

    public func recordVisit(of profile: ProfileID, at time: Date) async throws -> ProfileSettings {
        let stored = try await database.read { sql in
            try ProfileSQL.settings(await sql.rows(ProfileSQL.settings, profile.rawValue))
        }
        if let stored, ProfileSQL.visitIsFresh(stored, at: time) { return stored }
        return try await database.write { sql in
            if stored == nil, try await sql.rows(ProfileSQL.hasMarks, profile.rawValue).scalar(Bool.self) != true {
                return .none
            }
            try await sql.run(ProfileSQL.ensureRow, profile.rawValue, time)
            let settings =
                try ProfileSQL.settings(await sql.rows(ProfileSQL.settingsForUpdate, profile.rawValue)) ?? .none
            guard let visited = ProfileSQL.visited(settings, at: time) else { return settings }
            try await sql.run(ProfileSQL.visit, profile.rawValue, time, visited.previousVisitEndedAt)
            return visited
        }
    }

    public func renewFeedToken(for profile: ProfileID, at time: Date) async throws -> ProfileToken {
        let token = ProfileToken.random()
        try await database.write { sql in
            try await sql.run(ProfileSQL.saveFeedToken, profile.rawValue, time, token.rawValue)
        }
        return token
    }

    public func profile(forFeedToken token: ProfileToken) async throws -> ProfileID? {
        try await database.rows(ProfileSQL.byFeedToken, token.rawValue).scalar(String.self)
            .flatMap(ProfileID.init(rawValue:))
    }

    public func createLinkCode(for profile: ProfileID, at time: Date) async throws -> LinkCode {
        let code = LinkCode.random()
        try await database.write { sql in
            // Counted under the profile's lock, so parallel requests cannot pass the limit together.
            try await sql.lock(.profile, profile.rawValue)
            try await sql.run([ProfileSQL.pruneLinkCodes(at: time)])
            guard try await !sql.rows(ProfileSQL.addLinkCode(code, for: profile, at: time)).isEmpty else {
                throw ProfileFull.linkCodes
            }
        }
        return code
    }

    public func redeemLinkCode(_ code: LinkCode, at time: Date) async throws -> Result<ProfileID, LinkCodeError> {
        if let profile = try ProfileSQL.redeemed(await database.rows(ProfileSQL.redeem, code.rawValue, time)) {
            return .success(profile)
        }
        return .failure(try ProfileSQL.refusal(await database.rows(ProfileSQL.linkCode, code.rawValue), at: time))
    }

    public func importProfile(_ export: ProfileExport, into profile: ProfileID, at time: Date) async throws {
        let json = try RulesJSON.encode(export.rules)
        try await database.write { sql in
            try await sql.lock(.profile, profile.rawValue)
            try await sql.run(ProfileSQL.saveRules, profile.rawValue, time, json)
            try await sql.run(
                ProfileUsage.importing(
                    export.marks, into: profile, usage: await sql.rows(ProfileSQL.usage, profile.rawValue),
                    stored: await sql.rows(ProfileSQL.stored, profile.rawValue)))
        }
    }

    public func saveNearbyArea(_ area: NearbyArea, for profile: ProfileID, at time: Date) async throws {
        try await database.write { sql in
            try await sql.run(
                ProfileSQL.saveNearbyArea, profile.rawValue, time, area.center.latitude, area.center.longitude,
                area.zoom)
        }
    }

    public func holdsData(_ profile: ProfileID) async throws -> Bool {
        try await database.rows(ProfileSQL.holdsData, profile.rawValue).scalar(Bool.self) ?? false
    }
}
