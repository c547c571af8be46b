import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore

/// A real HTTP server on 127.0.0.1 that plays a RAWG echoing its caller's API key in every field it has: the
/// `next` and `previous` URLs (as RAWG does), names, slugs, descriptions, image URLs (query and path), websites,
/// fields Discover never reads, and once JSON-escaped. `/api/...` needs the key (401 without, as RAWG);
/// `/media/...` serves a small PNG for any path.
public final class FakeRAWG: Sendable {
    public let key: String

    public init(key: String) {
        self.key = key
    }

    /// Runs `body` with the server listening on a free loopback port; the argument is its base URL (the API is
    /// under `/api`).
    public func withServer<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        router.get("api/genres") { request, context in try self.answer(request, context, self.genres) }
        router.get("api/games") { request, context in try self.answer(request, context, self.games) }
        router.get("api/games/:id") { request, context in try self.answer(request, context, self.game) }
        router.get("media/**") { _, _ in FakeImageHost.image(ByteBuffer(bytes: FakeImageHost.png)) }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            guard let port = client.port else { throw MissingRAWGPort() }
            return try await body(URL(string: "http://127.0.0.1:\(port)")!)
        }
    }

    private func answer(
        _ request: Request, _ context: some RequestContext, _ make: (String, String) -> String
    ) throws -> Response {
        guard request.uri.queryParameters["key"].map(String.init) == key else {
            return Self.json(#"{"error": "The key is invalid"}"#, status: .unauthorized)
        }
        let host = request.head.authority ?? "127.0.0.1"
        return Self.json(make("http://\(host)", request.uri.path))
    }

    private func genres(base: String, path: String) -> String {
        """
        {"count": 2, "next": "\(base)/api/genres?key=\(key)&page=2", "previous": "\(base)/api/genres?page=1&key=\(key)",
         "\(key)": "\(key)",
         "results": [{"id": 4, "name": "Action \(key)", "slug": "action", "games_count": 3,
                      "image_background": "\(base)/media/genre.png?key=\(key)", "games": [{"name": "\(key)"}]},
                     {"id": 5, "name": "\(escaped) RPG", "slug": "rpg", "image_background": "\(base)/media/\(key).png"}]}
        """
    }

    private func games(base: String, path: String) -> String {
        """
        {"count": 30, "next": "\(base)/api/games?genres=action&key=\(key)&page=2&page_size=24",
         "previous": "\(base)/api/games?key=\(key)", "seo_title": "\(key)",
         "results": [{"id": 7, "name": "Seven \(key)", "slug": "seven-\(key.lowercased())", "released": "2020-01-01",
                      "background_image": "\(base)/media/games/\(key)/7.png?key=\(key)", "rating": 4.5,
                      "platforms": [{"platform": {"id": 4, "name": "PC \(key)"}}],
                      "genres": [{"name": "Action \(key)", "slug": "action"}], "tags": [{"name": "\(key)"}]}]}
        """
    }

    private func game(base: String, path: String) -> String {
        let id = path.split(separator: "/").last.map(String.init) ?? "7"
        return """
            {"id": \(id), "name": "Seven \(key)", "slug": "\(key)", "released": "2020-01-01",
             "background_image": "\(base)/media/\(key)/detail.png?a=1&key=\(key)",
             "description": "<p>About \(key).</p>", "description_raw": "About \(escaped).",
             "website": "https://seven.example/?key=\(key)&ref=\(key)",
             "developers": [{"name": "Dev \(key)"}], "publishers": [{"name": "Pub \(key)"}],
             "ratings": [{"title": "\(key)"}], "reddit_url": "https://reddit.example/r/\(key)"}
            """
    }

    /// The key with every character JSON-escaped (`\u006B…`): the same string once decoded.
    private var escaped: String {
        key.unicodeScalars.map { String(format: "\\u%04X", $0.value) }.joined()
    }

    private static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

private struct MissingRAWGPort: Error {}
