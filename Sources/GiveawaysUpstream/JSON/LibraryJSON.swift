import Foundation
import GiveawaysDomain

/// A visitor's library as `GET /api/v1/me/library` writes it; every key is always there (`null` when unknown).
public struct LibraryJSON: Codable, Sendable, Hashable {
    public struct SteamJSON: Codable, Sendable, Hashable {
        public var steamId: String
        @Nullable public var refreshedAt: String?
        @Nullable public var failure: String?
        @Nullable public var failedAt: String?
    }

    public struct GameJSON: Codable, Sendable, Hashable {
        public var title: String
        @Nullable public var steamAppId: Int?
        public var source: String
    }

    @Nullable public var steam: SteamJSON?
    public var count: Int
    public var games: [GameJSON]

    public init(_ library: OwnedLibrary) {
        steam = library.steam.map {
            SteamJSON(
                steamId: $0.steamID, refreshedAt: $0.refreshedAt.map(Timestamp.format), failure: $0.failure?.rawValue,
                failedAt: $0.failedAt.map(Timestamp.format))
        }
        count = library.games.count
        games = library.games.map { GameJSON(title: $0.title, steamAppId: $0.steamAppID, source: $0.source.rawValue) }
    }
}
