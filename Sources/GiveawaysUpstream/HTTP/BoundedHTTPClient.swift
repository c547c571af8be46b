import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One bounded HTTP exchange, the way this app talks to every upstream, tile server, image host and hook receiver:
/// a deadline for the whole exchange (the body included: the client's own deadline stops at the response head), a
/// cap on the body enforced while it streams (refused at once on a larger `Content-Length`, never read past the
/// cap), a redirect policy, and one `BoundedHTTPError` whose text never holds a secret of the URL.
public struct BoundedHTTPClient: Sendable {
    /// Whether redirects are followed.
    public enum Redirects: Sendable {
        /// Up to 3, without cycles: for the upstreams, whose URLs are the app's own.
        case follow
        /// Never: a redirect could lead a hook or an image to an address that was not checked.
        case never
    }

    /// What to do with a body longer than the cap.
    public enum Overflow: Sendable {
        /// Fail with `.tooLarge`.
        case refuse
        /// Keep the first `maxBodyBytes` and stop reading (a hook receiver's answer, read only for its reason).
        case keepPrefix
    }

    /// What came back: the status, the headers and the body (at most `maxBodyBytes`).
    public struct Response: Sendable {
        public let status: Int
        public let headers: HTTPHeaders
        public let body: Data
    }

    public let redirects: Redirects
    public let timeout: Duration
    public let maxBodyBytes: Int
    public let overflow: Overflow
    public let userAgent: String
    private let connections: HTTPConnections

    public static let defaultUserAgent = "GameGiveaways/1.0 (+self-hosted)"

    public init(
        connections: HTTPConnections, redirects: Redirects, timeout: Duration, maxBodyBytes: Int,
        overflow: Overflow = .refuse, userAgent: String = Self.defaultUserAgent
    ) {
        self.connections = connections
        self.redirects = redirects
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.overflow = overflow
        self.userAgent = userAgent
    }

    // MARK: - One exchange

    /// Sends `request` (with the User-Agent set) within `timeout` (the client's own unless given). `address`, when
    /// given, is where the connection goes, whatever DNS says of the URL's name (an address checked before).
    /// A status that `accepts` refuses ends the exchange before the body is read. `secrets` (besides the URL's
    /// query values and password, always hidden) never appear in an error.
    public func execute(
        _ request: HTTPClientRequest, address: String? = nil, timeout: Duration? = nil, secrets: [String] = [],
        accepts: @escaping @Sendable (Int) -> Bool = { _ in true }
    ) async throws(BoundedHTTPError) -> Response {
        var request = request
        request.headers.replaceOrAdd(name: "User-Agent", value: userAgent)
        let prepared = request
        let timeout = timeout ?? self.timeout
        do {
            return try await Self.within(timeout) {
                try await send(prepared, address: address, timeout: timeout, accepts: accepts)
            }
        } catch {
            throw classify(error, timeout: timeout, hiding: Self.secrets(of: request.url) + secrets)
        }
    }

    /// Runs `operation` (a name's resolution and `execute` for each of its addresses, say) within the client's
    /// deadline, which ends it with `BoundedHTTPError.timedOut`; the caller's own errors pass unchanged.
    public func bounded<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        do {
            return try await Self.within(timeout, operation)
        } catch is CancellationError {
            throw BoundedHTTPError.timedOut(timeout)
        }
    }

    private func send(
        _ request: HTTPClientRequest, address: String?, timeout: Duration, accepts: @Sendable (Int) -> Bool
    ) async throws -> Response {
        guard let address, let url = URL(string: request.url) else {
            return try await read(request, client: connections.pool(redirects), timeout: timeout, accepts: accepts)
        }
        guard url.scheme?.lowercased() == "https" else {
            // Plain HTTP: the checked address in the URL, the name in `Host`, over the pooled connections.
            var pinned = request
            pinned.url = Self.pinnedURL(url, address: address)
            if let host = url.host {
                pinned.headers.replaceOrAdd(name: "Host", value: host + (url.port.map { ":\($0)" } ?? ""))
            }
            return try await read(pinned, client: connections.pool(redirects), timeout: timeout, accepts: accepts)
        }
        // TLS must see the real name (SNI, the certificate), so the name is pinned to the checked address for this
        // one connection instead of putting the address in the URL.
        var configuration = HTTPConnections.configuration(redirects)
        configuration.dnsOverride = [HookAddress.bareHost(url): address]
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let response = try await read(request, client: client, timeout: timeout, accepts: accepts)
            try? await client.shutdown()
            return response
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func read(
        _ request: HTTPClientRequest, client: HTTPClient, timeout: Duration, accepts: @Sendable (Int) -> Bool
    ) async throws -> Response {
        let response = try await client.execute(request, timeout: .init(timeout))
        let status = Int(response.status.code)
        guard accepts(status) else { throw BoundedHTTPError.status(status) }
        if overflow == .refuse, let length = response.headers.first(name: "Content-Length").flatMap(Int.init),
            length > maxBodyBytes
        {
            throw BoundedHTTPError.tooLarge(limit: maxBodyBytes)
        }
        var body = ByteBuffer()
        for try await var chunk in response.body {
            if body.readableBytes + chunk.readableBytes > maxBodyBytes {
                guard overflow == .keepPrefix else { throw BoundedHTTPError.tooLarge(limit: maxBodyBytes) }
                if let prefix = chunk.readSlice(length: maxBodyBytes - body.readableBytes) {
                    var prefix = prefix
                    body.writeBuffer(&prefix)
                }
                break
            }
            body.writeBuffer(&chunk)
        }
        return Response(status: status, headers: response.headers, body: Data(body.readableBytesView))
    }

    // MARK: - Deadline and errors

    /// Bounds `operation` as a whole: the first of its end and `timeout` wins.
    static func within<T: Sendable>(
        _ timeout: Duration, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw BoundedHTTPError.timedOut(timeout)
            }
            return value
        }
    }

    private func classify(_ error: any Error, timeout: Duration, hiding secrets: [String]) -> BoundedHTTPError {
        switch error {
        case let error as BoundedHTTPError:
            if case .transport(let text) = error { return .transport(Self.redacted(text, hiding: secrets)) }
            return error
        case is NIOTooManyBytesError:
            return .tooLarge(limit: maxBodyBytes)
        case let error as HTTPClientError where Self.deadlines.contains(error):
            return .timedOut(timeout)
        case let error as HTTPClientError where error == .connectTimeout || error == .getConnectionFromPoolTimeout:
            return .connectTimedOut
        case ChannelError.connectTimeout:
            return .connectTimedOut
        case is CancellationError:
            return .timedOut(timeout)
        default:
            let text = String(describing: error)
            if text.contains("connectionRefused") || text.contains("Connection refused") { return .refused }
            if text.contains("connectTimeout") { return .connectTimedOut }
            // Error texts of the HTTP stack can quote the URL: the first line only, without its secrets.
            return .transport(Self.redacted(String(text.prefix { $0 != "\n" }.prefix(160)), hiding: secrets))
        }
    }

    private static let deadlines: [HTTPClientError] = [.deadlineExceeded, .readTimeout, .writeTimeout]

    /// What of `url` an error must not show: its query values and password, raw and percent-encoded.
    static func secrets(of url: String) -> [String] {
        guard let components = URLComponents(string: url) else { return [] }
        let values = (components.queryItems ?? []).compactMap(\.value) + [components.password].compactMap { $0 }
        return values.filter { $0.count >= 3 }.flatMap { value in
            [value, value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value]
        }
    }

    /// `text` with every secret replaced.
    static func redacted(_ text: String, hiding secrets: [String]) -> String {
        secrets.filter { !$0.isEmpty }.sorted { $0.count > $1.count }.reduce(text) {
            $0.replacingOccurrences(of: $1, with: "•••")
        }
    }

    /// The plain-HTTP URL with the checked address in place of the name; the name goes in `Host`.
    static func pinnedURL(_ url: URL, address: String) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.host = address.contains(":") ? "[\(address)]" : address
        return components?.string ?? url.absoluteString
    }
}

/// Why a bounded exchange gave no usable answer. Every case reads well in a log line and holds no secret of the URL.
public enum BoundedHTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No complete answer within the deadline (the whole exchange, or the client's read or write timeout).
    case timedOut(Duration)
    /// The body is longer than the cap (said by `Content-Length`, or found while reading).
    case tooLarge(limit: Int)
    /// A status the caller does not accept (its body was not read).
    case status(Int)
    /// Nothing listens at the address.
    case refused
    /// The connection could not be made in time.
    case connectTimedOut
    /// Anything else below HTTP (no route, TLS, a reset): the stack's first line, secrets removed.
    case transport(String)

    public var description: String {
        switch self {
        case .timedOut(let timeout): "timed out after \(Self.seconds(timeout))"
        case .tooLarge(let limit): "an answer larger than \(limit / 1024) KiB"
        case .status(let code): "HTTP \(code)"
        case .refused: "connection refused"
        case .connectTimedOut: "connection timed out"
        case .transport(let text): text
        }
    }

    /// Whether the connection itself failed, so another address of the same name may still answer.
    public var isConnectFailure: Bool {
        switch self {
        case .refused, .connectTimedOut: true
        case .transport(let text): text.contains("nreachable")
        case .timedOut, .tooLarge, .status: false
        }
    }

    /// `duration` as people read it: whole seconds, or milliseconds below one.
    public static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value >= 1 ? "\(Int(value.rounded())) s" : "\(Int((value * 1000).rounded())) ms"
    }
}
