import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization

/// A real HTTP server on 127.0.0.1 that plays a webhook receiver: it records every POST (path, headers, body) and
/// answers as told — fail the next N requests, hang for a while, or accept.
public final class HookReceiver: Sendable {
    /// One request as received.
    public typealias Received = ReceivedRequest

    private struct State {
        var received: [Received] = []
        var failuresLeft = 0
        var failureStatus = 500
        var hangsLeft = 0
        var hangSeconds = 0.0
        var status = 204
    }

    private let state = Mutex(State())

    public init() {}

    /// The next `count` requests answer `status` (500 by default).
    public func fail(_ count: Int, status: Int = 500) {
        state.withLock {
            $0.failuresLeft = count
            $0.failureStatus = status
        }
    }

    /// The next `count` requests wait `seconds` before answering.
    public func hang(_ count: Int, seconds: Double) {
        state.withLock {
            $0.hangsLeft = count
            $0.hangSeconds = seconds
        }
    }

    /// Every request received, in order.
    public var received: [Received] { state.withLock { $0.received } }

    public var count: Int { state.withLock { $0.received.count } }

    /// Runs `body` with the receiver listening on a free loopback port; the argument is its base URL.
    public func withServer<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        let handle: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
            let received = try await ReceivedRequest.read(request, upTo: 1_048_576)
            let (status, delay) = self.state.withLock { state -> (Int, Double) in
                state.received.append(received)
                var delay = 0.0
                if state.hangsLeft > 0 {
                    state.hangsLeft -= 1
                    delay = state.hangSeconds
                }
                if state.failuresLeft > 0 {
                    state.failuresLeft -= 1
                    return (state.failureStatus, delay)
                }
                return (state.status, delay)
            }
            if delay > 0 { try await Task.sleep(for: .seconds(delay)) }
            // A redirect points back at this receiver: a sender that followed it would show up as a second request.
            let redirect: HTTPFields = (300..<400).contains(status) ? [.location: "/followed"] : [:]
            return Response(status: .init(code: status), headers: redirect)
        }
        router.post("/", use: handle)
        router.post("**", use: handle)
        return try await LoopbackFake.serve(router, label: "hook-receiver", body)
    }
}
