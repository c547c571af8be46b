import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// The HTTP side every JSON upstream client shares: one GET through a `BoundedHTTPClient` (a deadline for the whole
/// attempt, a size cap), pacing shared by every request to the same host, retries of transient failures within a
/// total budget, and one readable `UpstreamError` for whatever went wrong. The caller decodes the status and body.
final class UpstreamHTTP<API: UpstreamAPI>: Sendable {
    typealias Failure = UpstreamError<API>

    let baseURL: URL
    private let timeout: Duration
    private let retryDelays: [Duration]
    private let totalBudget: Duration
    private let pacer: RequestPacer
    private let logger: Logger
    private let http: BoundedHTTPClient
    /// Strings that must never reach a log line (an API key sent as a query parameter).
    private let secrets: [String]

    /// - Parameters:
    ///   - timeout: the limit for one whole attempt, connection to last byte.
    ///   - retryDelays: the back-off before each retry of a transient failure (5xx, timeout, refused).
    ///   - totalBudget: the most a whole fetch may take, retries included; a retry that would not fit is skipped.
    init(
        baseURL: URL, connections: HTTPConnections, timeout: Duration, maxBodyBytes: Int, retryDelays: [Duration],
        totalBudget: Duration, logger: Logger, secrets: [String] = []
    ) {
        http = BoundedHTTPClient(
            connections: connections, redirects: .follow, timeout: timeout, maxBodyBytes: maxBodyBytes)
        self.secrets = secrets.filter { !$0.isEmpty }
        self.baseURL = baseURL
        self.timeout = timeout
        self.retryDelays = retryDelays
        self.totalBudget = totalBudget
        self.logger = logger
        pacer = HostPacers.pacer(for: baseURL)
    }

    /// `GET baseURL/path?query`, decoded by `decode`; transient failures (of the transport or the decoded answer)
    /// are retried while the budget allows.
    func get<Value: Sendable>(
        _ path: String, query: [URLQueryItem] = [],
        decode: @escaping @Sendable (_ status: Int, _ body: Data) throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        guard let url = components?.url else { throw .unreachable("invalid URL for \(path)") }
        let clock = ContinuousClock()
        let deadline = clock.now + totalBudget
        var attempt = 0
        while true {
            do {
                let (status, body) = try await fetchOnce(url: url, timeout: min(timeout, deadline - clock.now))
                return try decode(status, body)
            } catch
                where error.isTransient && attempt < retryDelays.count
                && clock.now + retryDelays[attempt] + .seconds(1) < deadline
            {
                logger.warning(
                    "\(API.name) fetch failed, retrying",
                    metadata: ["reason": "\(redacted(error.description))", "attempt": "\(attempt + 1)"])
                do { try await Task.sleep(for: retryDelays[attempt]) } catch { throw .timedOut(seconds: 0) }
                attempt += 1
            }
        }
    }

    /// `text` with every secret replaced.
    func redacted(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "•••") }
    }

    private func fetchOnce(url: URL, timeout: Duration) async throws(Failure) -> (Int, Data) {
        do { try await pacer.waitForTurn() } catch { throw .timedOut(seconds: 0) }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        do {
            let answer = try await http.execute(request, timeout: timeout, secrets: secrets)
            await pacer.requestFinished()
            return (answer.status, answer.body)
        } catch {
            await pacer.requestFinished()
            throw failure(error, timeout: timeout)
        }
    }

    /// The upstream's reading of a failed exchange.
    private func failure(_ error: BoundedHTTPError, timeout: Duration) -> Failure {
        let seconds = Int(
            (Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18).rounded())
        return switch error {
        case .timedOut, .connectTimedOut: .timedOut(seconds: seconds)
        case .tooLarge(let limit): .bodyTooLarge(limit: limit)
        case .refused: .unreachable("connection refused by \(baseURL.host ?? "the server")")
        case .status(let code): .badStatus(code, "")
        case .transport(let text): .unreachable(text)
        }
    }
}

/// One pacer per upstream host (and port), shared by every client of that host: the upstreams ask for at most 4
/// requests a second from us as a whole, not per client.
enum HostPacers {
    private static let pacers = Mutex<[String: RequestPacer]>([:])

    static func pacer(for url: URL) -> RequestPacer {
        let key = "\(url.host ?? "")|\(url.port ?? -1)"
        return pacers.withLock { pacers in
            if let pacer = pacers[key] { return pacer }
            let pacer = RequestPacer(maxPerSecond: 4)
            pacers[key] = pacer
            return pacer
        }
    }
}

/// What every upstream's body-first branching shares: the status code's meaning, the first byte's shape, the
/// status object some upstreams send instead of data, and short readable descriptions of bad bodies.
enum UpstreamBody<API: UpstreamAPI> {
    typealias Failure = UpstreamError<API>

    /// What a 2xx body holds.
    enum Shape {
        case array
        case object
        /// `{"status":…,"status_message":"…"}` instead of data.
        case statusObject(String)
    }

    /// Throws for non-2xx statuses and bodies that are not JSON; otherwise says what the body holds.
    static func shape(status: Int, body: Data) throws(Failure) -> Shape {
        switch status {
        case 200..<300: break
        case 404: throw .notFound(statusMessage(in: body) ?? snippet(body))
        case 429: throw .throttled
        default: throw .badStatus(status, statusMessage(in: body) ?? snippet(body))
        }
        switch body.first(where: { !isJSONWhitespace($0) }) {
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "{"): return statusMessage(in: body).map(Shape.statusObject) ?? .object
        case nil: throw .malformed("empty body")
        default: throw .notJSON(status: status, snippet: snippet(body))
        }
    }

    static func statusMessage(in body: Data) -> String? {
        (try? JSONDecoder().decode(UpstreamStatusDTO.self, from: body))?.statusMessage
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }

    /// The start of a body, on one line, for error messages.
    static func snippet(_ body: Data) -> String {
        let text = String(decoding: body.prefix(120), as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count < text.count || body.count > 120 ? line + "…" : line
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return "invalid JSON (\(context.debugDescription))"
        case DecodingError.keyNotFound(let key, _):
            return "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "wrong type at \(path): \(context.debugDescription)"
        default:
            return String(describing: error)
        }
    }

    /// Decodes an array item by item: the items that decode and map, and a reason for each that does not. Refuses
    /// the whole answer when most items fail — the format changed, and the store must not be emptied.
    static func lossyArray<DTO: Decodable, Value>(
        _ body: Data, of: DTO.Type, map: (DTO) throws -> Value
    ) throws(Failure) -> (values: [Value], skipped: [String]) {
        let items: [Lossy<DTO>]
        do {
            items = try JSONDecoder().decode([Lossy<DTO>].self, from: body)
        } catch {
            throw .malformed(describe(error))
        }
        var values: [Value] = []
        var skipped: [String] = []
        values.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            switch item.result {
            case .success(let dto):
                do { values.append(try map(dto)) } catch { skipped.append("item \(index): \(error)") }
            case .failure(let error):
                skipped.append("item \(index): \(describe(error))")
            }
        }
        if !items.isEmpty, skipped.count * 2 > items.count {
            throw .malformed("\(skipped.count) of \(items.count) items unreadable; first: \(skipped[0])")
        }
        return (values, skipped)
    }
}

/// Decodes an element without failing the whole array.
private struct Lossy<Value: Decodable>: Decodable {
    let result: Result<Value, any Error>

    init(from decoder: any Decoder) throws {
        result = Result { try Value(from: decoder) }
    }
}
