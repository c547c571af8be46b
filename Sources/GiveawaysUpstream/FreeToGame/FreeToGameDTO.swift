import Foundation
import GiveawaysDomain
import Logging

/// One game of FreeToGame's `GET /games` (and the start of `GET /game?id=`), exactly as sent. Lenient where the
/// upstream is loose (numbers as text, nulls, missing keys); strict on `id` and `title`.
struct FreeToGameDTO: Decodable {
    var id: Int
    var title: String
    var thumbnail: String?
    var shortDescription: String?
    var gameURL: String?
    var genre: String?
    var platform: String?
    var publisher: String?
    var developer: String?
    var releaseDate: String?
    var profileURL: String?

    enum CodingKeys: String, CodingKey {
        case id, title, thumbnail, genre, platform, publisher, developer
        case shortDescription = "short_description"
        case gameURL = "game_url"
        case releaseDate = "release_date"
        case profileURL = "freetogame_profile_url"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.flexibleInt(.id)
        title = try container.decode(String.self, forKey: .title)
        thumbnail = try container.flexibleString(.thumbnail)
        shortDescription = try container.flexibleString(.shortDescription)
        gameURL = try container.flexibleString(.gameURL)
        genre = try container.flexibleString(.genre)
        platform = try container.flexibleString(.platform)
        publisher = try container.flexibleString(.publisher)
        developer = try container.flexibleString(.developer)
        releaseDate = try container.flexibleString(.releaseDate)
        profileURL = try container.flexibleString(.profileURL)
    }

    func toDomain() throws -> CatalogGame {
        let cleanTitle = FreeToGameText.clean(title)
        guard id > 0, !cleanTitle.isEmpty else {
            throw FreeToGameMappingError(id: id, reason: id > 0 ? "empty title" : "invalid id")
        }
        return CatalogGame(
            id: id, title: cleanTitle, thumbnailURL: FreeToGameText.webURL(thumbnail),
            shortDescription: FreeToGameText.clean(shortDescription ?? ""), gameURL: FreeToGameText.webURL(gameURL),
            genre: FreeToGameText.clean(genre ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " "),
            platforms: CatalogPlatform.parse(platform ?? ""), publisher: FreeToGameText.clean(publisher ?? ""),
            developer: FreeToGameText.clean(developer ?? ""), releaseDate: releaseDate.flatMap(CatalogDate.init),
            profileURL: FreeToGameText.webURL(profileURL))
    }
}

/// `GET /game?id=`: the list fields plus status, description, requirements and screenshots.
struct FreeToGameDetailDTO: Decodable {
    var game: FreeToGameDTO
    var status: String?
    var description: String?
    var requirements: RequirementsDTO?
    var screenshots: [ScreenshotDTO]

    struct RequirementsDTO: Decodable {
        var os, processor, memory, graphics, storage: String?
    }

    struct ScreenshotDTO: Decodable {
        var image: String?
    }

    enum CodingKeys: String, CodingKey {
        case status, description, screenshots
        case requirements = "minimum_system_requirements"
    }

    init(from decoder: any Decoder) throws {
        game = try FreeToGameDTO(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.flexibleString(.status)
        description = try container.flexibleString(.description)
        requirements = try? container.decodeIfPresent(RequirementsDTO.self, forKey: .requirements)
        screenshots = (try? container.decodeIfPresent([ScreenshotDTO].self, forKey: .screenshots)) ?? []
    }

    func toDomain() throws -> (CatalogGame, CatalogGameDetail) {
        let requirements = requirements.map { dto in
            SystemRequirements(
                os: FreeToGameText.optional(dto.os), processor: FreeToGameText.optional(dto.processor),
                memory: FreeToGameText.optional(dto.memory), graphics: FreeToGameText.optional(dto.graphics),
                storage: FreeToGameText.optional(dto.storage))
        }
        let detail = CatalogGameDetail(
            status: FreeToGameText.optional(status), description: FreeToGameText.clean(description ?? ""),
            requirements: requirements?.isEmpty == false ? requirements : nil,
            screenshots: screenshots.compactMap { FreeToGameText.webURL($0.image) })
        return (try game.toDomain(), detail)
    }
}

/// A catalog item that decoded but cannot be used.
struct FreeToGameMappingError: Error, CustomStringConvertible {
    let id: Int
    let reason: String
    var description: String { "game \(id): \(reason)" }
}

/// FreeToGame's text habits: trailing spaces, `\r\n`, leading blanks, and links that must be http(s).
enum FreeToGameText {
    /// `\r\n` and `\r` become `\n`; blanks trimmed from both ends.
    static func clean(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Cleaned text, or `nil` when nothing is left.
    static func optional(_ text: String?) -> String? {
        guard let text else { return nil }
        let cleaned = clean(text)
        return cleaned.isEmpty ? nil : cleaned
    }

    /// An http(s) URL with a host, or `nil`: a `javascript:` or relative link never reaches a page.
    static func webURL(_ text: String?) -> URL? {
        guard let text = optional(text), let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http", url.host?.isEmpty == false
        else { return nil }
        return url
    }
}

/// Turns FreeToGame answers into catalog games, branching on the body first, like GamerPower's decoder.
public struct FreeToGameDecoder: Sendable {
    public struct Catalog: Sendable {
        public var games: [CatalogGame]
        public var skipped: [String]
    }

    public init() {}

    public func decodeCatalog(status: Int, body: Data) throws(FreeToGameError) -> Catalog {
        switch try UpstreamBody<FreeToGameAPI>.shape(status: status, body: body) {
        case .array:
            let (games, skipped) = try UpstreamBody<FreeToGameAPI>.lossyArray(
                body, of: FreeToGameDTO.self, map: { try $0.toDomain() })
            // An empty catalog is not a real answer (it has held 350+ games for years): refuse it rather than
            // mark every game removed.
            guard !games.isEmpty else { throw .malformed("the catalog is empty") }
            return Catalog(games: games, skipped: skipped)
        case .statusObject(let message):
            throw .malformed("a status object instead of the catalog: \(message)")
        case .object:
            throw .malformed("expected an array of games, got an object")
        }
    }

    public func decodeDetail(status: Int, body: Data) throws(FreeToGameError) -> CatalogGameDetail {
        switch try UpstreamBody<FreeToGameAPI>.shape(status: status, body: body) {
        case .object:
            do {
                return try JSONDecoder().decode(FreeToGameDetailDTO.self, from: body).toDomain().1
            } catch {
                throw .malformed(UpstreamBody<FreeToGameAPI>.describe(error))
            }
        case .statusObject(let message):
            throw .notFound(message)
        case .array:
            throw .malformed("expected one game, got an array")
        }
    }
}

/// The live `CatalogSource`: FreeToGame's API, paced with every other request to its host.
public final class FreeToGameHTTPClient: CatalogSource {
    private let http: UpstreamHTTP<FreeToGameAPI>
    private let logger: Logger

    public init(
        connections: HTTPConnections, baseURL: URL = Defaults.freetogameBaseURL, timeout: Duration = .seconds(8),
        maxBodyBytes: Int = 8 * 1_048_576, retryDelays: [Duration] = [.seconds(1), .seconds(2)],
        totalBudget: Duration = .seconds(10), logger: Logger = Logger(label: "freetogame")
    ) {
        http = UpstreamHTTP(
            baseURL: baseURL, connections: connections, timeout: timeout, maxBodyBytes: maxBodyBytes,
            retryDelays: retryDelays,
            totalBudget: totalBudget, logger: logger)
        self.logger = logger
    }

    public func fetchCatalog() async throws -> [CatalogGame] {
        let catalog = try await http.get("games") { status, body throws(FreeToGameError) in
            try FreeToGameDecoder().decodeCatalog(status: status, body: body)
        }
        if !catalog.skipped.isEmpty {
            logger.warning(
                "skipped unreadable games",
                metadata: ["count": "\(catalog.skipped.count)", "first": "\(catalog.skipped[0])"])
        }
        return catalog.games
    }

    public func fetchDetail(id: Int) async throws -> CatalogGameDetail {
        try await http.get("game", query: [URLQueryItem(name: "id", value: String(id))]) {
            status, body throws(FreeToGameError) in
            try FreeToGameDecoder().decodeDetail(status: status, body: body)
        }
    }
}
