import AsyncHTTPClient

/// The outgoing HTTP connection pools of one process: made by its composition root (the server's
/// `buildApplication`, or one command of the CLI) and shut down by it when it ends. Every client that talks to an
/// upstream or a hook receiver is given these; none makes a pool of its own that outlives its request.
public final class HTTPConnections: Sendable {
    /// For GamerPower, FreeToGame and RAWG: up to 3 redirects, and a short connect timeout, because by default the
    /// pool keeps retrying a refused connection until the request's deadline, which would make an unreachable
    /// upstream look like a 10-second stall instead of a quick, clear failure.
    let upstream: HTTPClient
    /// For hook deliveries over plain HTTP (to an address checked before): redirects are never followed (one could
    /// lead to a forbidden address), and connections fail fast. Deliveries over TLS get a client per connection,
    /// pinned to the checked address (see `BoundedHTTPClient`).
    let hooks: HTTPClient

    public init() {
        upstream = HTTPClient(eventLoopGroupProvider: .singleton, configuration: Self.configuration(.follow))
        hooks = HTTPClient(eventLoopGroupProvider: .singleton, configuration: Self.configuration(.never))
    }

    /// The pool whose connections follow `redirects`.
    func pool(_ redirects: BoundedHTTPClient.Redirects) -> HTTPClient {
        switch redirects {
        case .follow: upstream
        case .never: hooks
        }
    }

    /// The configuration of a pool, or of a one-connection client pinned to a checked address, that follows
    /// `redirects`. Connections fail fast: by default the pool keeps retrying a refused connection until the
    /// request's deadline, which would make an unreachable server look like a stall instead of a clear failure.
    static func configuration(_ redirects: BoundedHTTPClient.Redirects) -> HTTPClient.Configuration {
        var configuration: HTTPClient.Configuration
        switch redirects {
        case .follow:
            configuration = HTTPClient.Configuration(
                redirectConfiguration: .follow(max: 3, allowCycles: false),
                timeout: .init(connect: .seconds(2), read: .seconds(10)))
        case .never:
            configuration = HTTPClient.Configuration(
                redirectConfiguration: .disallow, timeout: .init(connect: .seconds(3), read: .seconds(10)))
        }
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }

    /// Closes every pooled connection; requests still running fail. Call it once, when the process is done.
    public func shutdown() async {
        try? await upstream.shutdown()
        try? await hooks.shutdown()
    }

    /// Runs `body` with pools made for it and shut down after it, whatever it throws: for one command of the CLI.
    public static func using<T>(_ body: (HTTPConnections) async throws -> T) async throws -> T {
        let connections = HTTPConnections()
        do {
            let result = try await body(connections)
            await connections.shutdown()
            return result
        } catch {
            await connections.shutdown()
            throw error
        }
    }
}
