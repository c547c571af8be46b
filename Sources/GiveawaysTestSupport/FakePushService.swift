import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization

/// A push service (RFC 8030) on 127.0.0.1 for tests: records every message (path, headers, encrypted body) and
/// answers 201, or what it is told next — 404, 410, 413, 429 with `Retry-After`, 500.
public final class FakePushService: Sendable {
    /// One message as received.
    public typealias Received = ReceivedRequest

    private struct Answer {
        var status: Int
        var retryAfter: String?
    }

    private struct State {
        var received: [Received] = []
        var answers: [Answer] = []
        var beforeAnswering: [@Sendable () async throws -> Void] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The next `times` messages are answered `status`, with `Retry-After: retryAfter` when given.
    public func answer(_ status: Int, retryAfter: String? = nil, times: Int = 1) {
        state.withLock { $0.answers += Array(repeating: Answer(status: status, retryAfter: retryAfter), count: times) }
    }

    /// Runs `action` once, when the next message has been received and before it is answered: e.g. to make the
    /// sender's record of the answer fail, as if it crashed between the push service's 201 and its own write.
    public func beforeAnsweringNext(_ action: @escaping @Sendable () async throws -> Void) {
        state.withLock { $0.beforeAnswering.append(action) }
    }

    /// Every message received, in order.
    public var received: [Received] { state.withLock { $0.received } }

    public var count: Int { state.withLock { $0.received.count } }

    /// Runs `body` with the service listening on a free loopback port; the argument is its base URL (subscription
    /// endpoints are paths below it).
    public func withServer<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        router.post("**") { request, _ -> Response in
            let received = try await ReceivedRequest.read(request, upTo: 65_536)
            let (answer, action) = self.state.withLock { state in
                state.received.append(received)
                return (
                    state.answers.isEmpty ? Answer(status: 201) : state.answers.removeFirst(),
                    state.beforeAnswering.isEmpty ? nil : state.beforeAnswering.removeFirst()
                )
            }
            try await action?()
            var fields: HTTPFields = [:]
            if let retryAfter = answer.retryAfter { fields[.retryAfter] = retryAfter }
            return Response(status: .init(code: answer.status), headers: fields)
        }
        return try await LoopbackFake.serve(router, label: "fake-push-service", body)
    }
}
