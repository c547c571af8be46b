import AsyncHTTPClient
import Foundation
import GiveawaysDomain
import NIOCore
import NIOHTTP1

/// The HTTP side of every Nearby upstream (Foursquare, Overpass, Nominatim): one request with a deadline for the
/// whole attempt (body included), a size cap checked before the body is read, the server-wide gate on concurrent
/// searches, an honest User-Agent, and one typed `PlaceSourceError` for whatever went wrong. No retries: a visitor
/// is waiting, and the page offers Retry.
struct PlaceHTTP: Sendable {
    /// What came back: the status, the headers the callers read (`Link`, `Retry-After`, `Cache-Control`) and the
    /// body.
    struct Answer: Sendable {
        let status: Int
        let headers: HTTPHeaders
        let body: Data
    }

    let client: HTTPClient
    let userAgent: String
    let timeout: Duration
    let maxBodyBytes: Int
    let gate: PlaceSearchGate

    init(
        connections: HTTPConnections, userAgent: String, timeout: Duration, maxBodyBytes: Int,
        gate: PlaceSearchGate = .shared
    ) {
        client = connections.upstream
        self.userAgent = userAgent
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.gate = gate
    }

    /// Sends `request` (with the User-Agent added) and returns any answer; only a 2xx comes back from `send`
    /// unchanged, every other status becomes its error (`PlaceHTTP.error(for:)`).
    func send(_ request: HTTPClientRequest) async throws(PlaceSourceError) -> Answer {
        var request = request
        request.headers.replaceOrAdd(name: "User-Agent", value: userAgent)
        let prepared = request
        let answer: Answer
        do {
            answer = try await withDeadline(timeout) {
                try await gate.run { try await download(prepared) }
            }
        } catch let error as PlaceSourceError {
            throw error
        } catch {
            throw Self.classify(error)
        }
        if let failure = Self.error(for: answer) { throw failure }
        return answer
    }

    private func download(_ request: HTTPClientRequest) async throws -> Answer {
        let response = try await client.execute(request, timeout: .init(timeout))
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > maxBodyBytes {
            throw PlaceSourceError.malformed("an answer larger than \(maxBodyBytes / 1024) KiB")
        }
        let buffer = try await response.body.collect(upTo: maxBodyBytes)
        return Answer(
            status: Int(response.status.code), headers: response.headers, body: Data(buffer.readableBytesView))
    }

    /// Bounds a whole attempt, the wait at the gate and the body included: the client's own deadline stops at the
    /// response head.
    private func withDeadline<T: Sendable>(
        _ timeout: Duration, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw PlaceSourceError.timedOut }
            return value
        }
    }

    /// The error a non-2xx answer means; `nil` for a 2xx. The body is never kept: an upstream could echo the key.
    static func error(for answer: Answer) -> PlaceSourceError? {
        switch answer.status {
        case 200..<300: nil
        case 401, 402, 403: .refusedKey
        case 429: .rateLimited(retryAfter: retryAfter(answer.headers.first(name: "Retry-After")))
        default: .unavailable(status: answer.status)
        }
    }

    /// `Retry-After` in seconds, or as an HTTP date; `nil` when absent or unreadable, capped at a day.
    static func retryAfter(_ text: String?, now: Date = Date()) -> TimeInterval? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty, text.utf8.count <= 64 else {
            return nil
        }
        if let seconds = Int(text), seconds >= 0 { return TimeInterval(min(seconds, 86_400)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return min(max(0, date.timeIntervalSince(now)), 86_400)
    }

    /// Transport failures: too large is malformed, a deadline passed (the client's own, connecting, reading) is
    /// timed out, everything else (refused, no route, no name, TLS, cancelled) is unreachable. The underlying text
    /// is dropped: it can quote a URL.
    static func classify(_ error: any Error) -> PlaceSourceError {
        if error is NIOTooManyBytesError { return .malformed("an answer larger than the limit") }
        if let error = error as? HTTPClientError, timeouts.contains(error) { return .timedOut }
        if let error = error as? ChannelError, case .connectTimeout = error { return .timedOut }
        return .unreachable
    }

    private static let timeouts: [HTTPClientError] = [
        .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout,
    ]
}
