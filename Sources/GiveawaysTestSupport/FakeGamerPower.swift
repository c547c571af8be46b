import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization

/// A real HTTP server on 127.0.0.1 that plays GamerPower: it serves `/giveaways` the way the scripted
/// `Behavior` says, and can misbehave in every way the real one has been seen to.
public final class FakeGamerPower: Sendable {
    /// What the next answers to `/giveaways` look like.
    public enum Behavior: Sendable {
        /// 200 with these bytes as `application/json`.
        case json(String)
        /// Any status, body and content type.
        case raw(status: Int, body: String, contentType: String)
        /// Waits this long before answering at all.
        case stall(seconds: Double, then: [Behavior] = [])
        /// Sends the first bytes of the body, then stops sending without closing.
        case stallMidBody(prefix: String, seconds: Double)
        /// A body of `megabytes` MiB of JSON-looking bytes, streamed without a Content-Length.
        case huge(megabytes: Int)
    }

    private struct State {
        var script: [Behavior]
        var fallback: Behavior
        var requestTimes: [ContinuousClock.Instant] = []
        var paths: [String] = []
    }

    private let state: Mutex<State>
    /// When set (RAWG), a request whose `key` query parameter is missing or different answers 401, as RAWG does.
    private let requiredKey: String?

    /// - Parameters:
    ///   - behavior: the answer given whenever the script is empty.
    ///   - script: answers given once each, in order, before falling back to `behavior`.
    ///   - requiredKey: RAWG's API key check.
    public init(_ behavior: Behavior, script: [Behavior] = [], requiredKey: String? = nil) {
        state = Mutex(State(script: script, fallback: behavior))
        self.requiredKey = requiredKey
    }

    /// Replaces the standing answer (and clears any script).
    public func setBehavior(_ behavior: Behavior, script: [Behavior] = []) {
        state.withLock {
            $0.fallback = behavior
            $0.script = script
        }
    }

    /// How many requests reached the server.
    public var requestCount: Int { state.withLock { $0.requestTimes.count } }

    /// Every request target served, in order (path and query).
    public var paths: [String] { state.withLock { $0.paths } }

    /// When each request arrived, for checking the client's pacing.
    public var requestTimes: [ContinuousClock.Instant] { state.withLock { $0.requestTimes } }

    /// Runs `body` with the server listening on a free loopback port; the argument is the API base URL.
    public func withServer<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        // The same behaviours answer FreeToGame's and RAWG's paths, so one fake serves every client's tests.
        for path in ["giveaways", "games", "game", "genres", "games/:id"] {
            router.get(.init(path)) { request, _ -> Response in
                if let key = self.requiredKey, request.uri.queryParameters["key"].map(String.init) != key {
                    _ = self.nextBehavior(path: request.uri.description)
                    return try await Self.respond(
                        .raw(status: 401, body: #"{"error": "The key is invalid"}"#, contentType: "application/json"))
                }
                let behavior = self.nextBehavior(path: request.uri.description)
                return try await Self.respond(behavior)
            }
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            let port = try Optional.unwrap(client.port)
            return try await body(URL(string: "http://127.0.0.1:\(port)")!)
        }
    }

    private func nextBehavior(path: String) -> Behavior {
        state.withLock { state in
            state.requestTimes.append(ContinuousClock().now)
            state.paths.append(path)
            return state.script.isEmpty ? state.fallback : state.script.removeFirst()
        }
    }

    private static func respond(_ behavior: Behavior) async throws -> Response {
        switch behavior {
        case .json(let text):
            return response(status: 200, body: text, contentType: "application/json")
        case .raw(let status, let body, let contentType):
            return response(status: status, body: body, contentType: contentType)
        case .stall(let seconds, let then):
            try await Task.sleep(for: .seconds(seconds))
            return try await respond(then.first ?? .json("[]"))
        case .stallMidBody(let prefix, let seconds):
            let body = ResponseBody { writer in
                try await writer.write(ByteBuffer(string: prefix))
                try await Task.sleep(for: .seconds(seconds))
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "application/json"], body: body)
        case .huge(let megabytes):
            let chunk = ByteBuffer(repeating: UInt8(ascii: " "), count: 1_048_576)
            let body = ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "["))
                for _ in 0..<megabytes { try await writer.write(chunk) }
                try await writer.write(ByteBuffer(string: "]"))
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "application/json"], body: body)
        }
    }

    private static func response(status: Int, body: String, contentType: String) -> Response {
        Response(
            status: .init(code: status), headers: [.contentType: contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}

private struct MissingPort: Error {}

extension Optional {
    fileprivate static func unwrap(_ value: Self) throws -> Wrapped {
        guard let value else { throw MissingPort() }
        return value
    }
}
