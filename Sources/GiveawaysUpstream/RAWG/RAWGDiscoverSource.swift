import Foundation
import GiveawaysDomain
import Logging
import Synchronization

/// Discover over RAWG: every answer cached in the database (lists and details a day, a search ten minutes), one
/// request in flight per identical question, paced like every upstream, and served from the cache when RAWG fails. The key is a query parameter of each request and nothing else:
/// it is not part of the cache key, a log line or an error, and every answer loses any echo of it (RAWG's
/// `next` and `previous` URLs carry it) before it is decoded or cached.
public final class RAWGDiscoverSource: DiscoverSource {
    private let http: UpstreamHTTP<RAWGAPI>
    private let key: String
    private let scrubber: RAWGKeyScrubber
    private let cache: any DiscoverCacheRepository
    private let clock: @Sendable () -> Date
    private let maxAge: TimeInterval
    private let searchMaxAge: TimeInterval
    /// The answers decoded last, by request, with when they were fetched: a page asked again within its freshness
    /// is neither read from the database nor decoded again. At most `decodedLimit`; a full one starts afresh.
    private let decoded = Mutex<[String: (fetchedAt: Date, value: any Sendable)]>([:])
    private static let decodedLimit = 256
    /// One RAWG request per identical question at a time: the others wait for its answer.
    private let inFlight = SingleFlight<String, Result<Data, RAWGError>>()

    public init(
        connections: HTTPConnections, baseURL: URL, key: String, cache: any DiscoverCacheRepository,
        clock: @escaping @Sendable () -> Date,
        maxAge: TimeInterval = 24 * 3600, searchMaxAge: TimeInterval = 600, timeout: Duration = .seconds(8),
        retryDelays: [Duration] = [.seconds(1)],
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
        self.searchMaxAge = searchMaxAge
    }

    public func genres() async throws -> DiscoverAnswer<[DiscoverGenre]> {
        try await answer("genres", [URLQueryItem(name: "page_size", value: "40")]) { body throws(RAWGError) in
            try RAWGDecoder().genres(body)
        }
    }

    public func games(genre: String, page: Int, share: UpstreamShare?) async throws -> DiscoverAnswer<DiscoverPage> {
        try await answer(
            "games",
            [
                URLQueryItem(name: "genres", value: genre), URLQueryItem(name: "page", value: String(page)),
                URLQueryItem(name: "page_size", value: "24"),
            ], share: share
        ) { body throws(RAWGError) in try RAWGDecoder().page(body) }
    }

    public func games(_ query: GameQuery, share: UpstreamShare?) async throws -> DiscoverAnswer<DiscoverPage> {
        var items = [
            URLQueryItem(name: "page", value: String(query.page)),
            URLQueryItem(name: "page_size", value: String(GameQuery.pageSize)),
        ]
        if let search = query.search {
            // RAWG orders a search by relevance; an ordering would bury the game searched for.
            items =
                [URLQueryItem(name: "search", value: search), URLQueryItem(name: "search_precise", value: "true")]
                + items
        } else {
            items.insert(URLQueryItem(name: "ordering", value: query.ordering.rawgValue), at: 0)
        }
        if let genre = query.genre { items.insert(URLQueryItem(name: "genres", value: genre), at: 0) }
        return try await answer("games", items, share: share, maxAge: query.search == nil ? maxAge : searchMaxAge) {
            body throws(RAWGError) in try RAWGDecoder().page(body)
        }
    }

    public func game(id: Int, share: UpstreamShare?) async throws -> DiscoverAnswer<DiscoverGameDetail> {
        try await answer("games/\(id)", [], share: share) { body throws(RAWGError) in try RAWGDecoder().detail(body) }
    }

    public func screenshots(ofGame id: Int, share: UpstreamShare?) async throws -> DiscoverAnswer<[URL]> {
        try await answer("games/\(id)/screenshots", [URLQueryItem(name: "page_size", value: "12")], share: share) {
            body throws(RAWGError) in try RAWGDecoder().screenshots(body)
        }
    }

    public func requestsThisMonth(at now: Date) async -> Int? {
        try? await cache.requests(inMonthOf: now)
    }

    /// A fresh cached answer; else RAWG's (stored), paid from `share` when there is one; else, when RAWG fails or
    /// the share is spent, the stale cached one; else the error (`UpstreamShareSpent` for a spent share).
    private func answer<Value: Sendable>(
        _ path: String, _ query: [URLQueryItem], share: UpstreamShare? = nil, maxAge: TimeInterval? = nil,
        decode: (Data) throws(RAWGError) -> Value
    ) async throws -> DiscoverAnswer<Value> {
        // The cache's key: the path and query without the key, the values percent-encoded (a search is free text).
        var components = URLComponents()
        components.path = "/" + path
        components.queryItems = query.isEmpty ? nil : query
        let request = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let now = clock()
        let freshness = maxAge ?? self.maxAge
        if let kept = decoded.withLock({ $0[request] }), now.timeIntervalSince(kept.fetchedAt) < freshness,
            let value = kept.value as? Value
        {
            return DiscoverAnswer(value: value)
        }
        let cached = try? await cache.cachedAnswer(for: request)
        if let cached, now.timeIntervalSince(cached.fetchedAt) < freshness, let value = try? decode(cached.body) {
            keep(value, for: request, fetchedAt: cached.fetchedAt)
            return DiscoverAnswer(value: value)
        }
        // Near the month's allowance a kept answer lasts four times as long, so that Games lasts the month.
        if let cached, now.timeIntervalSince(cached.fetchedAt) < freshness * Self.nearLimitStretch,
            let used = try? await cache.requests(inMonthOf: now), RAWGAllowance.isNearLimit(used),
            let value = try? decode(cached.body)
        {
            keep(value, for: request, fetchedAt: cached.fetchedAt)
            return DiscoverAnswer(value: value)
        }
        if let share, let retryAt = share.spendOne() {
            if let cached, let value = try? decode(cached.body) {
                return DiscoverAnswer(value: value, staleSince: cached.fetchedAt)
            }
            throw UpstreamShareSpent(retryAt: retryAt)
        }
        do {
            let (http, scrubber, key, cache, clock) = (http, scrubber, key, cache, clock)
            let body = try await inFlight.run(request) {
                // Counted before it is made: a request that fails still counts against the month's allowance.
                try? await cache.countRequest(at: clock())
                do throws(RAWGError) {
                    return .success(
                        try await http.get(path, query: query + [URLQueryItem(name: "key", value: key)]) {
                            status, body throws(RAWGError) in
                            try RAWGDecoder().validated(status: status, body: scrubber.scrub(body))
                        })
                } catch {
                    return .failure(error)
                }
            }.get()
            let value = try decode(body)
            try? await cache.storeAnswer(body, for: request, at: now)
            keep(value, for: request, fetchedAt: now)
            return DiscoverAnswer(value: value)
        } catch {
            if case .notFound = error { throw scrubbed(error) }
            if let cached, let value = try? decode(cached.body) {
                return DiscoverAnswer(value: value, staleSince: cached.fetchedAt)
            }
            throw scrubbed(error)
        }
    }

    /// How much longer a kept answer lasts once the month's requests are near the allowance.
    static let nearLimitStretch: TimeInterval = 4

    private func keep(_ value: some Sendable, for request: String, fetchedAt: Date) {
        decoded.withLock { kept in
            if kept.count >= Self.decodedLimit { kept.removeAll(keepingCapacity: true) }
            kept[request] = (fetchedAt, value)
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
