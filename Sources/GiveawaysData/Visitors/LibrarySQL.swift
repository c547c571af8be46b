import Foundation
import GRDB
import GiveawaysDomain
import PostgresNIO

/// The statements of a visitor's library (`owned_game`, `steam_link`), one text for both stores where they agree.
enum LibrarySQL {
    static let games = SharedSQL(
        "SELECT title, app_id, source FROM owned_game WHERE profile_id = $1 ORDER BY source, title")
    static let link = SharedSQL(
        "SELECT steam_id, refreshed_at, failure, failed_at FROM steam_link WHERE profile_id = $1")
    static let deleteGames = SharedSQL("DELETE FROM owned_game WHERE profile_id = $1 AND source = $2")
    /// $1 profile, $2 source, then the games (`OwnedGameList`; one dialect hook: two arrays to PostgreSQL, one JSON
    /// array of `[title, app id]` pairs to SQLite). A title listed twice is kept once.
    static let insertGames = SharedSQL(
        postgres: """
            INSERT INTO owned_game (profile_id, source, title, app_id)
            SELECT $1, $2, g.title, NULLIF(g.app_id, 0) FROM unnest($3::text[], $4::int8[]) AS g (title, app_id)
            ON CONFLICT DO NOTHING
            """,
        sqlite: """
            INSERT INTO owned_game (profile_id, source, title, app_id)
            SELECT ?1, ?2, json_extract(g.value, '$[0]'), NULLIF(json_extract(g.value, '$[1]'), 0)
            FROM json_each(?3) AS g
            WHERE true
            ON CONFLICT DO NOTHING
            """)
    /// What `profile` owns, read in a session (the event planner's transaction).
    static func library(_ db: any SQLSession, of profile: ProfileID) throws -> OwnedLibrary {
        OwnedLibrary(games: try games(db.rows(games, profile.rawValue)), steam: nil)
    }

    /// The games of rows of `games`; a row of an unknown source is skipped.
    static func games(_ rows: [some SharedRow]) throws -> [OwnedGame] {
        try rows.compactMap { row -> OwnedGame? in
            guard let source = OwnedSource(rawValue: try row.value(2, as: String.self)) else { return nil }
            return OwnedGame(
                title: try row.value(0, as: String.self), steamAppID: try row.optional(1, as: Int.self), source: source)
        }
    }

    static let linkedSteamID = SharedSQL("SELECT steam_id FROM steam_link WHERE profile_id = $1")
    /// $1 profile, $2 SteamID, $3 time: a new link, or the same one kept as it is.
    static let saveLink = SharedSQL(
        """
        INSERT INTO steam_link (profile_id, steam_id, linked_at) VALUES ($1, $2, $3)
        ON CONFLICT (profile_id) DO UPDATE SET steam_id = excluded.steam_id, linked_at = excluded.linked_at,
            refreshed_at = NULL, failure = NULL, failed_at = NULL, tried_at = NULL
        """)
    /// $1 profile, $2 SteamID, $3 time.
    static let saveRead = SharedSQL(
        """
        UPDATE steam_link SET refreshed_at = $3, tried_at = $3, failure = NULL, failed_at = NULL
        WHERE profile_id = $1 AND steam_id = $2
        """)
    /// $1 profile, $2 SteamID, $3 failure, $4 time.
    static let saveFailure = SharedSQL(
        """
        UPDATE steam_link SET failure = $3, failed_at = $4, tried_at = $4 WHERE profile_id = $1 AND steam_id = $2
        """)
    static let deleteLink = SharedSQL("DELETE FROM steam_link WHERE profile_id = $1")
    /// $1 not tried since, $2 limit.
    static let due = SharedSQL(
        """
        SELECT profile_id, steam_id FROM steam_link WHERE tried_at IS NULL OR tried_at < $1
        ORDER BY tried_at IS NOT NULL, tried_at LIMIT $2
        """)
}

/// The games of one source for `LibrarySQL.insertGames`: titles and app ids (0 for none) as two arrays over
/// PostgreSQL, one JSON array of `[title, app id]` pairs over SQLite.
struct OwnedGameList: SharedSQLValue {
    var games: [OwnedGame]

    init(_ games: [OwnedGame]) { self.games = games }

    var sqliteValue: (any DatabaseValueConvertible)? {
        let pairs: [[OwnedGameCell]] = games.map { [.title($0.title), .appID($0.steamAppID ?? 0)] }
        return String(decoding: (try? JSONEncoder().encode(pairs)) ?? Data("[]".utf8), as: UTF8.self)
    }

    func bind(to bindings: inout PostgresBindings) {
        bindings.append(games.map(\.title))
        bindings.append(games.map { $0.steamAppID ?? 0 })
    }

    private enum OwnedGameCell: Encodable {
        case title(String)
        case appID(Int)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .title(let title): try container.encode(title)
            case .appID(let id): try container.encode(id)
            }
        }
    }
}
