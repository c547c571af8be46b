import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Sends one hook message: resolves the host itself, refuses forbidden addresses (unless allowed), connects to
/// the checked address, follows no redirect, and bounds the whole attempt (`timeout`) and the answer it reads.
public struct HookSender: Sendable {
    /// What one attempt came to: the receiver's status, or why there was none.
    public struct Outcome: Sendable, Hashable {
        public var status: Int?
        /// Readable, one line, never the hook's secret or its URL's path.
        public var error: String?
        /// How long the receiver asked us to wait (a 429's `Retry-After`, or Telegram's `retry_after`).
        public var retryAfter: TimeInterval?

        public init(status: Int?, error: String?, retryAfter: TimeInterval? = nil) {
            self.status = status
            self.error = error
            self.retryAfter = retryAfter
        }

        public var succeeded: Bool { error == nil && status.map { (200..<300).contains($0) } == true }
    }

    public let allowPrivate: Bool
    public let timeout: Duration
    public let maxAnswerBytes: Int
    private let connections: HTTPConnections

    public init(
        connections: HTTPConnections, allowPrivate: Bool, timeout: Duration = .seconds(10),
        maxAnswerBytes: Int = 64 * 1024
    ) {
        self.connections = connections
        self.allowPrivate = allowPrivate
        self.timeout = timeout
        self.maxAnswerBytes = maxAnswerBytes
    }

    /// The same sender, refusing private addresses whatever the operator allowed: for visitors' own hooks.
    public var refusingPrivate: HookSender {
        HookSender(
            connections: connections, allowPrivate: false, timeout: timeout, maxAnswerBytes: maxAnswerBytes)
    }

    /// The same sender, reaching any address: for the Telegram Bot API, whose address is the operator's own
    /// setting (`--telegram-api-url`, a fake on loopback in tests) rather than one typed into a hook.
    public var allowingPrivate: HookSender {
        HookSender(connections: connections, allowPrivate: true, timeout: timeout, maxAnswerBytes: maxAnswerBytes)
    }

    public func send(_ message: HookMessage) async -> Outcome {
        do {
            return try await withDeadline {
                // getaddrinfo blocks: it runs on NIO's blocking-work pool, never on Swift's few cooperative
                // threads, and inside the deadline, so a slow resolver costs one attempt's time and no more.
                let allowPrivate = allowPrivate
                let addresses: [String]
                do {
                    addresses = try await NIOThreadPool.singleton.runIfActive {
                        try HookAddress.resolve(message.url, allowPrivate: allowPrivate)
                    }
                } catch let error as HookAddress.Refusal {
                    return Outcome(status: nil, error: error.description)
                }
                // Each checked address in turn while the connection itself fails (an IPv6 address on a host
                // without IPv6, say); any other error, or an answer, ends the attempt.
                var lastError: any Error = CancellationError()
                for address in addresses {
                    do {
                        return try await send(message, to: address)
                    } catch  where Self.isConnectFailure(error) {
                        lastError = error
                    }
                }
                throw lastError
            }
        } catch {
            return Outcome(status: nil, error: Self.scrub(describe(error), of: message))
        }
    }

    /// `text` without the request's path or secrets (a Telegram URL holds the bot token in its path).
    static func scrub(_ text: String, of message: HookMessage) -> String {
        var text = text
        let path = message.url.path
        for secret in (path.count > 1 ? [path] : []) + message.secrets where !secret.isEmpty {
            text = text.replacingOccurrences(of: secret, with: "…")
        }
        return text
    }

    private func send(_ message: HookMessage, to address: String) async throws -> Outcome {
        guard message.url.scheme?.lowercased() == "https" else {
            return try await execute(
                message, url: Self.pinnedURL(message.url, address: address), client: connections.hooks)
        }
        // TLS must see the real name (SNI, certificate check), so the name is pinned to the checked address for
        // this one connection instead of putting the address in the URL.
        var configuration = HTTPConnections.hookConfiguration
        configuration.dnsOverride = [HookAddress.bareHost(message.url): address]
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let outcome = try await execute(message, url: message.url.absoluteString, client: client)
            try? await client.shutdown()
            return outcome
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    static func isConnectFailure(_ error: any Error) -> Bool {
        let text = String(describing: error)
        return ["connectionRefused", "Connection refused", "connectTimeout", "unreachable", "Unreachable"].contains {
            text.contains($0)
        }
    }

    /// The plain-HTTP URL with the checked address in place of the name; the name goes in `Host`.
    static func pinnedURL(_ url: URL, address: String) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.host = address.contains(":") ? "[\(address)]" : address
        return components?.string ?? url.absoluteString
    }

    private func execute(_ message: HookMessage, url: String, client: HTTPClient) async throws -> Outcome {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        for header in message.headers { request.headers.add(name: header.name, value: header.value) }
        if let host = message.url.host {
            request.headers.replaceOrAdd(name: "Host", value: host + (message.url.port.map { ":\($0)" } ?? ""))
        }
        request.body = .bytes(ByteBuffer(bytes: message.body))
        let response = try await client.execute(request, timeout: .init(timeout))
        // Read a little of the answer (so the connection can be reused, and for an error's reason) and no more.
        var answer = ByteBuffer()
        for try await var chunk in response.body {
            answer.writeBuffer(&chunk)
            if answer.readableBytes > maxAnswerBytes { break }
        }
        let status = Int(response.status.code)
        var outcome = Outcome(status: status, error: nil)
        guard !(200..<300).contains(status) else { return outcome }
        let reason = AnswerReason(headers: response.headers, body: Data(answer.readableBytesView))
        outcome.retryAfter = reason.retryAfter
        outcome.error = reason.description.map { Self.scrub("HTTP \(status): \($0)", of: message) }
        return outcome
    }

    /// `Retry-After` as seconds from now: delta-seconds, or an HTTP date.
    static func retryAfter(_ value: String) -> TimeInterval? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text) { return seconds >= 0 ? TimeInterval(seconds) : nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text).map { max(0, $0.timeIntervalSinceNow) }
    }

    /// Bounds a whole attempt, body included.
    private func withDeadline(_ operation: @escaping @Sendable () async throws -> Outcome) async throws -> Outcome {
        let timeout = timeout
        return try await withThrowingTaskGroup(of: Outcome?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let outcome = first else {
                return Outcome(status: nil, error: "timed out after \(Self.seconds(timeout))")
            }
            return outcome
        }
    }

    private func describe(_ error: any Error) -> String {
        switch error {
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout:
            return "timed out after \(Self.seconds(timeout))"
        case is CancellationError:
            return "timed out after \(Self.seconds(timeout))"
        default:
            let text = String(describing: error)
            if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
            if text.contains("connectTimeout") { return "connection timed out" }
            // Error texts of the HTTP stack can quote the URL; keep only the first line and no path.
            return String(text.prefix { $0 != "\n" }.prefix(160))
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value >= 1 ? "\(Int(value.rounded())) s" : "\(Int((value * 1000).rounded())) ms"
    }
}
