import Foundation
import GiveawaysDomain
import GiveawaysHTML

// RAWG's answers, decoded only as far as Discover uses them (recent answers add keys that older ones lack).

struct RAWGNamedDTO: Decodable {
    var name: String?
    var slug: String?
}

struct RAWGGenreDTO: Decodable {
    var id: Int
    var name: String
    var slug: String
    var gamesCount: Int?
    var imageBackground: String?

    enum CodingKeys: String, CodingKey {
        case id, name, slug
        case gamesCount = "games_count"
        case imageBackground = "image_background"
    }
}

struct RAWGGameDTO: Decodable {
    struct PlatformEntry: Decodable { var platform: RAWGNamedDTO? }

    var id: Int
    var name: String
    var released: String?
    var backgroundImage: String?
    var rating: Double?
    var metacritic: Int?
    var platforms: [PlatformEntry]?
    var genres: [RAWGNamedDTO]?
    var description: String?
    var descriptionRaw: String?
    var website: String?
    var developers: [RAWGNamedDTO]?
    var publishers: [RAWGNamedDTO]?

    enum CodingKeys: String, CodingKey {
        case id, name, released, rating, metacritic, platforms, genres, description, website, developers, publishers
        case backgroundImage = "background_image"
        case descriptionRaw = "description_raw"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.flexibleInt(.id)
        name = try container.decode(String.self, forKey: .name)
        released = try container.flexibleString(.released)
        backgroundImage = try container.flexibleString(.backgroundImage)
        rating = (try? container.decodeIfPresent(Double.self, forKey: .rating)) ?? nil
        metacritic = try? container.flexibleInt(.metacritic)
        platforms = (try? container.decodeIfPresent([PlatformEntry].self, forKey: .platforms)) ?? nil
        genres = (try? container.decodeIfPresent([RAWGNamedDTO].self, forKey: .genres)) ?? nil
        description = try container.flexibleString(.description)
        descriptionRaw = try container.flexibleString(.descriptionRaw)
        website = try container.flexibleString(.website)
        developers = (try? container.decodeIfPresent([RAWGNamedDTO].self, forKey: .developers)) ?? nil
        publishers = (try? container.decodeIfPresent([RAWGNamedDTO].self, forKey: .publishers)) ?? nil
    }

    var game: DiscoverGame {
        DiscoverGame(
            id: id, name: FreeToGameText.clean(name), released: released.flatMap(CatalogDate.init),
            imageURL: FreeToGameText.webURL(backgroundImage), rating: rating.flatMap { $0 > 0 ? $0 : nil },
            metacritic: metacritic, platforms: (platforms ?? []).compactMap { $0.platform?.name },
            genres: (genres ?? []).compactMap(\.name))
    }

    var detail: DiscoverGameDetail {
        let text = descriptionRaw.flatMap { $0.isEmpty ? nil : $0 } ?? Self.plainText(fromHTML: description ?? "")
        return DiscoverGameDetail(
            game: game, description: FreeToGameText.clean(text), website: FreeToGameText.webURL(website),
            developers: (developers ?? []).compactMap(\.name), publishers: (publishers ?? []).compactMap(\.name))
    }

    /// RAWG's HTML description as plain text: `<br>` and `</p>` become line breaks, every tag is dropped, character
    /// references are read (`CharacterReferences`, as for GamerPower and the stores). The page escapes the result
    /// like any other text.
    static func plainText(fromHTML html: String) -> String {
        var text = html.replacingOccurrences(
            of: #"<br\s*/?>"#, with: "\n", options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: #"</p\s*>"#, with: "\n", options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
        return CharacterReferences.decode(text)
    }
}

struct RAWGListDTO<Item: Decodable>: Decodable {
    var count: Int?
    var next: String?
    var results: [Item]
}
