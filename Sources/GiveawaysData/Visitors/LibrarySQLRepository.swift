import Foundation
import GiveawaysDomain

/// What visitors own (`LibrarySQL`), over SQLite or PostgreSQL (`SQLExecutor`). Every write is one transaction; a
/// library is replaced whole, in one statement per source (a collector's 30,000 games are one insert).
public struct LibrarySQLRepository: LibraryRepository {
    private let database: any SQLExecutor

    public init(database: AppDatabase) { self.database = database }
    public init(database: PostgresDatabase) { self.database = database }

    public func library(of profile: ProfileID) async throws -> OwnedLibrary {
        let games = try LibrarySQL.games(await database.rows(LibrarySQL.games, profile.rawValue))
        let link = try await database.rows(LibrarySQL.link, profile.rawValue).first.map { row in
            SteamLink(
                steamID: try row.value(0, as: String.self), refreshedAt: try row.optional(1, as: Date.self),
                failure: try row.optional(2, as: String.self).flatMap(SteamLibraryFailure.init(rawValue:)),
                failedAt: try row.optional(3, as: Date.self))
        }
        return OwnedLibrary(games: games, steam: link)
    }

    public func replaceListedGames(_ games: [OwnedGame], for profile: ProfileID, at time: Date) async throws {
        try await database.transaction { db in
            try db.execute(LibrarySQL.deleteGames, profile.rawValue, OwnedSource.list.rawValue)
            if !games.isEmpty {
                try db.execute(
                    LibrarySQL.insertGames, profile.rawValue, OwnedSource.list.rawValue,
                    OwnedGameList(Array(games.prefix(OwnedLibrary.maxGames))))
            }
        }
    }

    public func linkSteam(_ steamID: String, for profile: ProfileID, at time: Date) async throws {
        try await database.transaction { db in
            let linked = try db.rows(LibrarySQL.linkedSteamID, profile.rawValue).scalar(String.self)
            guard linked != steamID else { return }
            try db.execute(LibrarySQL.deleteGames, profile.rawValue, OwnedSource.steam.rawValue)
            try db.execute(LibrarySQL.saveLink, profile.rawValue, steamID, time)
        }
    }

    public func saveSteamGames(
        _ games: [OwnedGame], of steamID: String, for profile: ProfileID, at time: Date
    ) async throws {
        try await database.transaction { db in
            guard try db.rows(LibrarySQL.linkedSteamID, profile.rawValue).scalar(String.self) == steamID else {
                return
            }
            try db.execute(LibrarySQL.deleteGames, profile.rawValue, OwnedSource.steam.rawValue)
            if !games.isEmpty {
                try db.execute(
                    LibrarySQL.insertGames, profile.rawValue, OwnedSource.steam.rawValue,
                    OwnedGameList(Array(games.prefix(OwnedLibrary.maxGames))))
            }
            try db.execute(LibrarySQL.saveRead, profile.rawValue, steamID, time)
        }
    }

    public func saveSteamFailure(
        _ failure: SteamLibraryFailure, of steamID: String, for profile: ProfileID, at time: Date
    ) async throws {
        try await database.transaction { db in
            try db.execute(LibrarySQL.saveFailure, profile.rawValue, steamID, failure.rawValue, time)
        }
    }

    public func unlinkSteam(for profile: ProfileID) async throws {
        try await database.transaction { db in
            try db.execute(LibrarySQL.deleteGames, profile.rawValue, OwnedSource.steam.rawValue)
            try db.execute(LibrarySQL.deleteLink, profile.rawValue)
        }
    }

    public func steamLinksDue(before: Date, limit: Int) async throws -> [(profile: ProfileID, steamID: String)] {
        try await database.rows(LibrarySQL.due, before, limit).compactMap { row in
            guard let profile = ProfileID(rawValue: try row.value(0, as: String.self)) else { return nil }
            return (profile, try row.value(1, as: String.self))
        }
    }
}
