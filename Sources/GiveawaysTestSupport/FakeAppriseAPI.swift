import Foundation
import Hummingbird
import Synchronization

/// An Apprise API server on 127.0.0.1: records every `POST /notify` and `POST /notify/{key}` with its JSON body, and
/// answers 200, or the next answers as told (424 "some notifications failed", 500…).
public final class FakeAppriseAPI: Sendable {
    /// One request as received.
    public struct Request: Sendable {
        public var path: String
        public var body: Data

        public var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    private struct State {
        var requests: [Request] = []
        var failures: [Int] = []
        var quotesTargets = false
    }

    private let state = Mutex(State())

    public init() {}

    /// The next requests answer these statuses, one each, in order.
    public func fail(_ statuses: Int...) { state.withLock { $0.failures += statuses } }

    /// Failed answers quote the request's `urls` back, as a careless server might.
    public func quoteTargets() { state.withLock { $0.quotesTargets = true } }

    public var requests: [Request] { state.withLock { $0.requests } }

    /// Runs `body` with the fake listening on a free loopback port; the argument is its base URL.
    public func withServer<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        let handle: @Sendable (Hummingbird.Request, BasicRequestContext) async throws -> Response = { request, _ in
            let bytes = try await request.body.collect(upTo: 1_048_576)
            let received = Request(path: request.uri.path, body: Data(bytes.readableBytesView))
            let (status, quotes) = self.state.withLock { state -> (Int, Bool) in
                state.requests.append(received)
                return (state.failures.isEmpty ? 200 : state.failures.removeFirst(), state.quotesTargets)
            }
            let reason =
                quotes
                ? "Could not send to \(received.json["urls"] as? String ?? "")"
                : "One or more notifications could not be sent."
            let json =
                status == 200
                ? "{}" : String(decoding: try JSONSerialization.data(withJSONObject: ["error": reason]), as: UTF8.self)
            return Response(
                status: .init(code: status), headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: json)))
        }
        router.post("/notify", use: handle)
        router.post("/notify/:key", use: handle)
        return try await LoopbackFake.serve(router, label: "fake-apprise", body)
    }
}
