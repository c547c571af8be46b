import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Sends one hook message: resolves the host itself, refuses forbidden addresses (unless allowed), and posts through
/// a `BoundedHTTPClient` that connects to the checked address, follows no redirect, and bounds the whole attempt
/// (`timeout`) and the answer it reads.
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
    private let http: BoundedHTTPClient
    private let connections: HTTPConnections

    public var timeout: Duration { http.timeout }
    public var maxAnswerBytes: Int { http.maxBodyBytes }

    public init(
        connections: HTTPConnections, allowPrivate: Bool, timeout: Duration = .seconds(10),
        maxAnswerBytes: Int = 64 * 1024
    ) {
        self.connections = connections
        self.allowPrivate = allowPrivate
        // The answer is read a little (so the connection can be reused, and for an error's reason) and no more.
        http = BoundedHTTPClient(
            connections: connections, redirects: .never, timeout: timeout, maxBodyBytes: maxAnswerBytes,
            overflow: .keepPrefix)
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
        let secrets = Self.secrets(of: message)
        do {
            return try await http.bounded { [http, allowPrivate] in
                // getaddrinfo blocks: it runs on NIO's blocking-work pool, never on Swift's few cooperative
                // threads, and inside the deadline, so a slow resolver costs one attempt's time and no more.
                let addresses: [String]
                do {
                    addresses = try await NIOThreadPool.singleton.runIfActive {
                        try HookAddress.resolve(message.url, allowPrivate: allowPrivate)
                    }
                } catch let error as HookAddress.Refusal {
                    return Outcome(status: nil, error: error.description)
                }
                var request = HTTPClientRequest(url: message.url.absoluteString)
                request.method = .POST
                for header in message.headers { request.headers.add(name: header.name, value: header.value) }
                request.body = .bytes(ByteBuffer(bytes: message.body))
                // Each checked address in turn while the connection itself fails (an IPv6 address on a host
                // without IPv6, say); any other error, or an answer, ends the attempt.
                var lastError: any Error = CancellationError()
                for address in addresses {
                    do {
                        let answer = try await http.execute(request, address: address, secrets: secrets)
                        return Self.outcome(answer, of: message)
                    } catch let error as BoundedHTTPError where error.isConnectFailure {
                        lastError = error
                    }
                }
                throw lastError
            }
        } catch let error as BoundedHTTPError {
            return Outcome(status: nil, error: Self.scrub(error.description, of: message))
        } catch {
            return Outcome(status: nil, error: Self.scrub(String(describing: error), of: message))
        }
    }

    /// What an error about `message` must not show: its URL's path (a Telegram URL holds the bot token in it) and
    /// its secrets.
    private static func secrets(of message: HookMessage) -> [String] {
        let path = message.url.path
        return (path.count > 1 ? [path] : []) + message.secrets.filter { !$0.isEmpty }
    }

    /// `text` without the request's path or secrets.
    static func scrub(_ text: String, of message: HookMessage) -> String {
        secrets(of: message).reduce(text) { $0.replacingOccurrences(of: $1, with: "…") }
    }

    private static func outcome(_ answer: BoundedHTTPClient.Response, of message: HookMessage) -> Outcome {
        var outcome = Outcome(status: answer.status, error: nil)
        guard !(200..<300).contains(answer.status) else { return outcome }
        let reason = AnswerReason(headers: answer.headers, body: answer.body)
        outcome.retryAfter = reason.retryAfter
        outcome.error = reason.description.map { scrub("HTTP \(answer.status): \($0)", of: message) }
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
}
