import Foundation
import GRDB
import GiveawaysDomain

/// A `catalog_game` row.
struct CatalogGameRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "catalog_game"

    var id: Int
    var title: String
    var thumbnail: String?
    var shortDescription: String
    var gameURL: String?
    var genre: String
    var platforms: String
    var publisher: String
    var developer: String
    var releaseDate: String?
    var profileURL: String?
    var rank: Int
    var firstSeenAt: Date
    var lastSeenAt: Date
    var removedAt: Date?
    var detailJSON: Data?
    var detailFetchedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, title, thumbnail, genre, platforms, publisher, developer, rank
        case shortDescription = "short_description"
        case gameURL = "game_url"
        case releaseDate = "release_date"
        case profileURL = "profile_url"
        case firstSeenAt = "first_seen_at"
        case lastSeenAt = "last_seen_at"
        case removedAt = "removed_at"
        case detailJSON = "detail_json"
        case detailFetchedAt = "detail_fetched_at"
    }

    init(game: CatalogGame, rank: Int, at time: Date) {
        id = game.id
        title = game.title
        thumbnail = game.thumbnailURL?.absoluteString
        shortDescription = game.shortDescription
        gameURL = game.gameURL?.absoluteString
        genre = game.genre
        platforms = game.platforms.sorted().map(\.rawValue).joined(separator: ",")
        publisher = game.publisher
        developer = game.developer
        releaseDate = game.releaseDate?.iso
        profileURL = game.profileURL?.absoluteString
        self.rank = rank
        firstSeenAt = time
        lastSeenAt = time
        removedAt = nil
    }

    var stored: StoredCatalogGame {
        let game = CatalogGame(
            id: id, title: title, thumbnailURL: thumbnail.flatMap(URL.init(string:)),
            shortDescription: shortDescription, gameURL: gameURL.flatMap(URL.init(string:)), genre: genre,
            platforms: Set(platforms.split(separator: ",").compactMap { CatalogPlatform(rawValue: String($0)) }),
            publisher: publisher, developer: developer, releaseDate: releaseDate.flatMap(CatalogDate.init),
            profileURL: profileURL.flatMap(URL.init(string:)))
        let detail = detailJSON.flatMap { try? JSONDecoder().decode(CatalogDetailJSON.self, from: $0) }?.detail
        return StoredCatalogGame(
            game: game, rank: rank, firstSeenAt: firstSeenAt, removedAt: removedAt, detail: detail,
            detailFetchedAt: detail == nil ? nil : detailFetchedAt)
    }
}

/// How a game's detail is kept in its row: one JSON document, versioned by its keys.
struct CatalogDetailJSON: Codable {
    var status: String?
    var description: String
    var requirements: SystemRequirements?
    var screenshots: [String]

    init(_ detail: CatalogGameDetail) {
        status = detail.status
        description = detail.description
        requirements = detail.requirements
        screenshots = detail.screenshots.map(\.absoluteString)
    }

    var detail: CatalogGameDetail {
        CatalogGameDetail(
            status: status, description: description, requirements: requirements,
            screenshots: screenshots.compactMap(URL.init(string:)))
    }
}
