import Foundation
import GRDB
import GiveawaysDomain
import Logging

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

    /// RAWG's HTML description as plain text: `<br>` and `</p>` become line breaks, every tag is dropped, the
    /// common entities are decoded. The page escapes the result like any other text.
    static func plainText(fromHTML html: String) -> String {
        var text = html.replacingOccurrences(
            of: #"<br\s*/?>"#, with: "\n", options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: #"</p\s*>"#, with: "\n", options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
        for (entity, character) in [
            ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "),
        ] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }
}

struct RAWGListDTO<Item: Decodable>: Decodable {
    var count: Int?
    var next: String?
    var results: [Item]
}

/// Decodes RAWG answers, branching on the status and body first. 401 says the key was refused (never echoing
/// it), 404 is "not found" (an unknown game, or a page past the end: `{"detail": "Invalid page."}`).
public struct RAWGDecoder: Sendable {
    public init() {}

    /// Checks the status and shape; returns the body to decode (and to cache).
    public func validated(status: Int, body: Data) throws(RAWGError) -> Data {
        if status == 401 || status == 403 { throw .badStatus(status, "the API key was refused") }
        if status == 404 { throw .notFound(Self.detail(in: body) ?? "Not found.") }
        switch try UpstreamBody<RAWGAPI>.shape(status: status, body: body) {
        case .object, .statusObject: return body
        case .array: throw .malformed("expected an object, got an array")
        }
    }

    public func genres(_ body: Data) throws(RAWGError) -> [DiscoverGenre] {
        try decode(RAWGListDTO<RAWGGenreDTO>.self, body).results.map {
            DiscoverGenre(
                id: $0.id, name: FreeToGameText.clean($0.name), slug: $0.slug, gamesCount: $0.gamesCount ?? 0,
                imageURL: FreeToGameText.webURL($0.imageBackground))
        }
    }

    public func page(_ body: Data) throws(RAWGError) -> DiscoverPage {
        let list = try decode(RAWGListDTO<RAWGGameDTO>.self, body)
        return DiscoverPage(
            games: list.results.map(\.game), total: list.count ?? list.results.count, hasNext: list.next != nil)
    }

    public func detail(_ body: Data) throws(RAWGError) -> DiscoverGameDetail {
        try decode(RAWGGameDTO.self, body).detail
    }

    private func decode<T: Decodable>(_ type: T.Type, _ body: Data) throws(RAWGError) -> T {
        do { return try JSONDecoder().decode(type, from: body) } catch {
            throw .malformed(UpstreamBody<RAWGAPI>.describe(error))
        }
    }

    private static func detail(in body: Data) -> String? {
        struct Detail: Decodable { var detail: String }
        return (try? JSONDecoder().decode(Detail.self, from: body))?.detail
    }
}

/// Discover over RAWG: every answer cached in SQLite for a day (lists and details), paced like every upstream,
/// and served from the cache when RAWG fails. The key is a query parameter of each request and nothing else:
/// it is not part of the cache key, a log line or an error.
public final class RAWGDiscoverSource: DiscoverSource {
    private let http: UpstreamHTTP<RAWGAPI>
    private let key: String
    private let cache: any DiscoverCacheRepository
    private let clock: @Sendable () -> Date
    private let maxAge: TimeInterval

    public init(
        baseURL: URL, key: String, cache: any DiscoverCacheRepository, clock: @escaping @Sendable () -> Date,
        maxAge: TimeInterval = 24 * 3600, timeout: Duration = .seconds(8), retryDelays: [Duration] = [.seconds(1)],
        logger: Logger = Logger(label: "rawg")
    ) {
        http = UpstreamHTTP(
            baseURL: baseURL, timeout: timeout, maxBodyBytes: 4 * 1_048_576, retryDelays: retryDelays,
            totalBudget: .seconds(10), logger: logger, secrets: [key])
        self.key = key
        self.cache = cache
        self.clock = clock
        self.maxAge = maxAge
    }

    public func genres() async throws -> DiscoverAnswer<[DiscoverGenre]> {
        try await answer("genres", [URLQueryItem(name: "page_size", value: "40")]) { body throws(RAWGError) in
            try RAWGDecoder().genres(body)
        }
    }

    public func games(genre: String, page: Int) async throws -> DiscoverAnswer<DiscoverPage> {
        try await answer(
            "games",
            [
                URLQueryItem(name: "genres", value: genre), URLQueryItem(name: "page", value: String(page)),
                URLQueryItem(name: "page_size", value: "24"),
            ]
        ) { body throws(RAWGError) in try RAWGDecoder().page(body) }
    }

    public func game(id: Int) async throws -> DiscoverAnswer<DiscoverGameDetail> {
        try await answer("games/\(id)", []) { body throws(RAWGError) in try RAWGDecoder().detail(body) }
    }

    /// A fresh cached answer; else RAWG's (stored); else, when RAWG fails, the stale cached one; else the error.
    private func answer<Value: Sendable>(
        _ path: String, _ query: [URLQueryItem], decode: (Data) throws(RAWGError) -> Value
    ) async throws -> DiscoverAnswer<Value> {
        let request =
            "/" + path
            + (query.isEmpty ? "" : "?" + query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&"))
        let now = clock()
        let cached = try? await cache.cachedAnswer(for: request)
        if let cached, now.timeIntervalSince(cached.fetchedAt) < maxAge, let value = try? decode(cached.body) {
            return DiscoverAnswer(value: value)
        }
        do {
            let body = try await http.get(path, query: query + [URLQueryItem(name: "key", value: key)]) {
                status, body throws(RAWGError) in try RAWGDecoder().validated(status: status, body: body)
            }
            let value = try decode(body)
            try? await cache.storeAnswer(body, for: request, at: now)
            return DiscoverAnswer(value: value)
        } catch {
            if case .notFound = error { throw scrubbed(error) }
            if let cached, let value = try? decode(cached.body) {
                return DiscoverAnswer(value: value, staleSince: cached.fetchedAt)
            }
            throw scrubbed(error)
        }
    }

    /// The error with any trace of the key removed (a transport error could quote a URL, a body could echo it).
    private func scrubbed(_ error: RAWGError) -> RAWGError {
        guard !key.isEmpty, error.description.contains(key) else { return error }
        switch error {
        case .unreachable(let text): return .unreachable(http.redacted(text))
        case .badStatus(let code, let text): return .badStatus(code, http.redacted(text))
        case .notJSON(let status, let text): return .notJSON(status: status, snippet: http.redacted(text))
        case .malformed(let text): return .malformed(http.redacted(text))
        case .notFound(let text): return .notFound(http.redacted(text))
        default: return error
        }
    }
}

/// Cached RAWG answers in SQLite.
public struct DiscoverCacheSQLiteRepository: DiscoverCacheRepository {
    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func cachedAnswer(for request: String) async throws -> (body: Data, fetchedAt: Date)? {
        try await database.writer.read { db in
            try Row.fetchOne(
                db, sql: "SELECT body, fetched_at FROM discover_cache WHERE request = ?", arguments: [request]
            )
            .map { (body: $0["body"], fetchedAt: $0["fetched_at"]) }
        }
    }

    public func storeAnswer(_ body: Data, for request: String, at time: Date) async throws {
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO discover_cache (request, body, fetched_at) VALUES (?, ?, ?)
                    ON CONFLICT (request) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
                    """, arguments: [request, body, time])
        }
    }
}
