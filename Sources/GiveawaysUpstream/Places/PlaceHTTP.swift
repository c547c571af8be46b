import AsyncHTTPClient
import Foundation
import GiveawaysDomain
import NIOCore
import NIOHTTP1

/// The HTTP side of every Nearby upstream (Foursquare, Overpass, Nominatim) and the tile server: one exchange through
/// a `BoundedHTTPClient` (a deadline for the whole attempt, the wait at the gate and the body included; a size cap),
/// the server-wide gate on concurrent searches, an honest User-Agent, and one typed `PlaceSourceError` for whatever
/// went wrong. No retries: a visitor is waiting, and the page offers Retry.
struct PlaceHTTP: Sendable {
    typealias Answer = BoundedHTTPClient.Response

    let http: BoundedHTTPClient
    let gate: PlaceSearchGate

    init(
        connections: HTTPConnections, userAgent: String, timeout: Duration, maxBodyBytes: Int,
        gate: PlaceSearchGate = .shared
    ) {
        http = BoundedHTTPClient(
            connections: connections, redirects: .follow, timeout: timeout, maxBodyBytes: maxBodyBytes,
            userAgent: userAgent)
        self.gate = gate
    }

    /// Sends `request` (with the User-Agent added) and returns any answer; only a 2xx comes back from `send`
    /// unchanged, every other status becomes its error (`PlaceHTTP.error(for:)`).
    func send(_ request: HTTPClientRequest) async throws(PlaceSourceError) -> Answer {
        let answer: Answer
        do {
            answer = try await http.bounded { [http, gate] in
                try await gate.run { try await http.execute(request) }
            }
        } catch let error as PlaceSourceError {
            throw error
        } catch let error as BoundedHTTPError {
            throw classify(error)
        } catch {
            throw .unreachable
        }
        if let failure = Self.error(for: answer) { throw failure }
        return answer
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

    /// Transport failures: too large is malformed, a deadline passed (the whole exchange's, connecting, reading)
    /// is timed out, everything else (refused, no route, no name, TLS) is unreachable. The underlying text is
    /// dropped: it can quote a URL.
    func classify(_ error: BoundedHTTPError) -> PlaceSourceError {
        switch error {
        case .tooLarge: .malformed("an answer larger than \(http.maxBodyBytes / 1024) KiB")
        case .timedOut, .connectTimedOut: .timedOut
        case .status(let code): .unavailable(status: code)
        case .refused, .transport: .unreachable
        }
    }
}
