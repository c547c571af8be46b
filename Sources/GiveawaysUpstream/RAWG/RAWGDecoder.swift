import Foundation
import GiveawaysDomain

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

    /// A game's screenshots (`/games/{id}/screenshots`): the web addresses of those not deleted, at most 12.
    public func screenshots(_ body: Data) throws(RAWGError) -> [URL] {
        struct Shot: Decodable {
            var image: String?
            var isDeleted: Bool?
            enum CodingKeys: String, CodingKey {
                case image
                case isDeleted = "is_deleted"
            }
        }
        return try decode(RAWGListDTO<Shot>.self, body).results.filter { $0.isDeleted != true }
            .compactMap { FreeToGameText.webURL($0.image) }.prefix(12).map { $0 }
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
