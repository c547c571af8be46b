import Foundation
import GiveawaysDomain
import Logging

/// Discover over RAWG: every answer cached in SQLite for a day (lists and details), paced like every upstream,
/// and served from the cache when RAWG fails. The key is a query parameter of each request and nothing else:
/// it is not part of the cache key, a log line or an error, and every answer loses any echo of it (RAWG's
/// `next` and `previous` URLs carry it) before it is decoded or cached.
public final class RAWGDiscoverSource: DiscoverSource {
    private let http: UpstreamHTTP<RAWGAPI>
    private let key: String
    private let scrubber: RAWGKeyScrubber
    private let cache: any DiscoverCacheRepository
    private let clock: @Sendable () -> Date
    private let maxAge: TimeInterval

    public init(
        connections: HTTPConnections, baseURL: URL, key: String, cache: any DiscoverCacheRepository,
        clock: @escaping @Sendable () -> Date,
        maxAge: TimeInterval = 24 * 3600, timeout: Duration = .seconds(8), retryDelays: [Duration] = [.seconds(1)],
        logger: Logger = Logger(label: "rawg")
    ) {
        http = UpstreamHTTP(
            baseURL: baseURL, connections: connections, timeout: timeout, maxBodyBytes: 4 * 1_048_576,
            retryDelays: retryDelays,
            totalBudget: .seconds(10), logger: logger, secrets: [key])
        self.key = key
        scrubber = RAWGKeyScrubber(key: key)
        self.cache = cache
        self.clock = clock
        self.maxAge = maxAge
    }

    public func genres() async throws -> DiscoverAnswer<[DiscoverGenre]> {
        try await answer("genres", [URLQueryItem(name: "page_size", value: "40")]) { body throws(RAWGError) in
            try RAWGDecoder().genres(body)
        }
    }

    public func games(genre: String, page: Int) async throws -> DiscoverAnswer<DiscoverPage> {
        try await answer(
            "games",
            [
                URLQueryItem(name: "genres", value: genre), URLQueryItem(name: "page", value: String(page)),
                URLQueryItem(name: "page_size", value: "24"),
            ]
        ) { body throws(RAWGError) in try RAWGDecoder().page(body) }
    }

    public func game(id: Int) async throws -> DiscoverAnswer<DiscoverGameDetail> {
        try await answer("games/\(id)", []) { body throws(RAWGError) in try RAWGDecoder().detail(body) }
    }

    /// A fresh cached answer; else RAWG's (stored); else, when RAWG fails, the stale cached one; else the error.
    private func answer<Value: Sendable>(
        _ path: String, _ query: [URLQueryItem], decode: (Data) throws(RAWGError) -> Value
    ) async throws -> DiscoverAnswer<Value> {
        let request =
            "/" + path
            + (query.isEmpty ? "" : "?" + query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&"))
        let now = clock()
        let cached = try? await cache.cachedAnswer(for: request)
        if let cached, now.timeIntervalSince(cached.fetchedAt) < maxAge, let value = try? decode(cached.body) {
            return DiscoverAnswer(value: value)
        }
        do {
            let scrubber = scrubber
            let body = try await http.get(path, query: query + [URLQueryItem(name: "key", value: key)]) {
                status, body throws(RAWGError) in
                try RAWGDecoder().validated(status: status, body: scrubber.scrub(body))
            }
            let value = try decode(body)
            try? await cache.storeAnswer(body, for: request, at: now)
            return DiscoverAnswer(value: value)
        } catch {
            if case .notFound = error { throw scrubbed(error) }
            if let cached, let value = try? decode(cached.body) {
                return DiscoverAnswer(value: value, staleSince: cached.fetchedAt)
            }
            throw scrubbed(error)
        }
    }

    /// The error with any trace of the key removed (a transport error could quote a URL, a body could echo it).
    private func scrubbed(_ error: RAWGError) -> RAWGError {
        guard !key.isEmpty, error.description.contains(key) else { return error }
        switch error {
        case .unreachable(let text): return .unreachable(http.redacted(text))
        case .badStatus(let code, let text): return .badStatus(code, http.redacted(text))
        case .notJSON(let status, let text): return .notJSON(status: status, snippet: http.redacted(text))
        case .malformed(let text): return .malformed(http.redacted(text))
        case .notFound(let text): return .notFound(http.redacted(text))
        default: return error
        }
    }
}
