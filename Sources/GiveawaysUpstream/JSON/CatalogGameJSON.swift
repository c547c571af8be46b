import Foundation
import GiveawaysDomain

/// One catalog game as JSON: `giveaways catalog list --json` and `show --json`. `releaseDate` is the known part of
/// the date in ISO form (`2014-03` when the day is unknown) or `null`.
public struct CatalogGameJSON: Encodable {
    let id: Int
    let title: String
    let genre: String
    let platforms: [String]
    @Nullable var releaseDate: String?
    let removed: Bool
    let publisher: String
    let developer: String
    let shortDescription: String
    @Nullable var thumbnail: String?
    @Nullable var gameURL: String?
    @Nullable var profileURL: String?
    @Nullable var description: String?
    @Nullable var requirements: SystemRequirements?
    let screenshots: [String]

    public init(_ stored: StoredCatalogGame) {
        let game = stored.game
        id = game.id
        title = game.title
        genre = game.genre
        platforms = game.platforms.sorted().map(\.rawValue)
        releaseDate = game.releaseDate?.iso
        removed = stored.isRemoved
        publisher = game.publisher
        developer = game.developer
        shortDescription = game.shortDescription
        thumbnail = game.thumbnailURL?.absoluteString
        gameURL = game.gameURL?.absoluteString
        profileURL = game.profileURL?.absoluteString
        description = stored.detail?.description
        requirements = stored.detail?.requirements
        screenshots = stored.detail?.screenshots.map(\.absoluteString) ?? []
    }
}

/// One catalog game as `GET /api/v1/free-to-play` lists it: what its card shows, and its page on this server.
/// Every key is always there (`null` when unknown).
public struct CatalogCardJSON: Codable, Sendable, Hashable {
    public var id: Int
    public var title: String
    public var genre: String
    public var platforms: [String]
    @Nullable public var releaseDate: String?
    public var publisher: String
    public var developer: String
    public var shortDescription: String
    @Nullable public var thumbnail: String?
    @Nullable public var gameURL: String?
    /// The game's page on this server.
    public var url: String

    public init(_ stored: StoredCatalogGame, url: String) {
        let game = stored.game
        id = game.id
        title = game.title
        genre = game.genre
        platforms = game.platforms.sorted().map(\.rawValue)
        releaseDate = game.releaseDate?.iso
        publisher = game.publisher
        developer = game.developer
        shortDescription = game.shortDescription
        thumbnail = game.thumbnailURL?.absoluteString
        gameURL = game.gameURL?.absoluteString
        self.url = url
    }
}
