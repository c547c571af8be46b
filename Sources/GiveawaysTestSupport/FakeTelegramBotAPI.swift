import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization

/// Telegram's Bot API on 127.0.0.1: records every method call (`/bot<token>/sendMessage`…) with its JSON body, and
/// answers as Telegram does — `{"ok":true,…}`, or the next answers as told: 429 with `parameters.retry_after`,
/// 401 for a bad token, 400 for a bad request.
public final class FakeTelegramBotAPI: Sendable {
    /// One call as received.
    public struct Call: Sendable {
        /// The path's token segment (`bot<token>`) without `bot`.
        public var token: String
        /// `sendMessage` or `sendPhoto`.
        public var method: String
        public var body: Data

        public var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    /// What the next calls are answered.
    public enum Failure: Sendable {
        case tooManyRequests(retryAfter: Int)
        case unauthorized
        case badRequest(String)
    }

    private struct State {
        var calls: [Call] = []
        var failures: [Failure] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The next calls answer these failures, one each, in order.
    public func fail(_ failures: Failure...) { state.withLock { $0.failures += failures } }

    public var calls: [Call] { state.withLock { $0.calls } }

    /// Runs `body` with the fake listening on a free loopback port; the argument is the API's base URL.
    public func withServer<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        router.post("/:bot/:method") { request, context -> Response in
            let bytes = try await request.body.collect(upTo: 1_048_576)
            let bot = context.parameters.get("bot") ?? ""
            let call = Call(
                token: bot.hasPrefix("bot") ? String(bot.dropFirst(3)) : "",
                method: context.parameters.get("method") ?? "", body: Data(bytes.readableBytesView))
            let failure = self.state.withLock { state -> Failure? in
                state.calls.append(call)
                return state.failures.isEmpty ? nil : state.failures.removeFirst()
            }
            let (status, json): (HTTPResponse.Status, String) =
                switch failure {
                case nil: (.ok, #"{"ok":true,"result":{"message_id":1}}"#)
                case .tooManyRequests(let seconds):
                    (
                        .tooManyRequests,
                        #"{"ok":false,"error_code":429,"description":"Too Many Requests: retry after \#(seconds)","parameters":{"retry_after":\#(seconds)}}"#
                    )
                case .unauthorized: (.unauthorized, #"{"ok":false,"error_code":401,"description":"Unauthorized"}"#)
                case .badRequest(let reason):
                    (.badRequest, #"{"ok":false,"error_code":400,"description":"Bad Request: \#(reason)"}"#)
                }
            return Response(
                status: status, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: json)))
        }
        return try await LoopbackFake.serve(router, label: "fake-telegram", body)
    }
}

/// Runs a fake's router on a free 127.0.0.1 port for the length of `body`.
enum LoopbackFake {
    static func serve<T: Sendable>(
        _ router: Router<BasicRequestContext>, label: String, _ body: @Sendable (URL) async throws -> T
    ) async throws -> T {
        var logger = Logger(label: label)
        logger.logLevel = .warning
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        return try await app.test(.live) { client in
            guard let port = client.port else { throw NoPort() }
            return try await body(URL(string: "http://127.0.0.1:\(port)")!)
        }
    }

    struct NoPort: Error {}
}
