import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization

/// A real HTTP server on 127.0.0.1 that plays Steam's Web API for owned games: `ResolveVanityURL` and
/// `GetOwnedGames` as Steam answers them (a private profile's `{"response":{}}`, an empty library's
/// `game_count` 0, games without a name), a 403 HTML page for a wrong key, and whatever status `failing` names.
/// It echoes the key into every answer, as an upstream might, so that tests can hold it out of everything kept.
public final class FakeSteamWebAPI: Sendable {
    public let key: String
    /// Custom URL names → SteamID64.
    public let names: [String: String]
    /// SteamID64 → the games (`nil` name for an app without one); a profile not here answers as a private one.
    public let libraries: [String: [(appID: Int, name: String?)]]
    private let state = Mutex<(failing: Int?, requests: [String])>((nil, []))

    public init(key: String, names: [String: String] = [:], libraries: [String: [(appID: Int, name: String?)]] = [:]) {
        self.key = key
        self.names = names
        self.libraries = libraries
    }

    /// Answers every request with this status until set back to `nil`.
    public func fail(with status: Int?) { state.withLock { $0.failing = status } }

    /// The paths and queries asked so far.
    public var requests: [String] { state.withLock { $0.requests } }

    public func withServer<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        router.get("ISteamUser/ResolveVanityURL/v1") { request, _ in try self.answer(request, self.resolve) }
        router.get("IPlayerService/GetOwnedGames/v1") { request, _ in try self.answer(request, self.owned) }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            guard let port = client.port else { throw MissingSteamPort() }
            return try await body(URL(string: "http://127.0.0.1:\(port)")!)
        }
    }

    private func answer(_ request: Request, _ make: (Request) -> String) throws -> Response {
        let failing = state.withLock { state in
            state.requests.append(request.uri.description)
            return state.failing
        }
        if let failing {
            return Self.response("<html>Error \(failing) for key \(key)</html>", type: "text/html", status: failing)
        }
        guard request.uri.queryParameters["key"].map(String.init) == key else {
            return Self.response(
                "<html><body><h1>Forbidden</h1>Access is denied.</body></html>", type: "text/html", status: 403)
        }
        return Self.response(make(request), type: "application/json", status: 200)
    }

    private func resolve(_ request: Request) -> String {
        let name = request.uri.queryParameters["vanityurl"].map(String.init) ?? ""
        guard let id = names[name] else { return #"{"response":{"success":42,"message":"No match"}}"# }
        return #"{"response":{"steamid":"\#(id)","success":1}}"#
    }

    private func owned(_ request: Request) -> String {
        let id = request.uri.queryParameters["steamid"].map(String.init) ?? ""
        guard let games = libraries[id] else { return #"{"response":{}}"# }
        guard !games.isEmpty else { return #"{"response":{"game_count":0}}"# }
        let entries = games.map { game -> String in
            let name = game.name.map { #""name":\#(Self.quoted($0)),"# } ?? ""
            return #"{"appid":\#(game.appID),\#(name)"playtime_forever":12,"img_icon_url":"\#(key)","#
                + #""has_community_visible_stats":true,"rtime_last_played":1500000000}"#
        }
        return #"{"response":{"game_count":\#(games.count),"games":[\#(entries.joined(separator: ","))]}}"#
    }

    private static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }

    private static func response(_ text: String, type: String, status: Int) -> Response {
        Response(
            status: HTTPResponse.Status(code: status), headers: [.contentType: type],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

struct MissingSteamPort: Error {}
