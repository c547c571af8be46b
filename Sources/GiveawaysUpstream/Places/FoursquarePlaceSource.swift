import AsyncHTTPClient
import Foundation
import GiveawaysDomain
import Logging
import Synchronization

/// Foursquare's Places API (2025-06-17): `GET /places/search` with the operator's key as a bearer token, paged by
/// the `Link` header's cursor. The key is a secret: it is sent in the `Authorization` header and nowhere else — not
/// in a URL, a cursor, a log line or an error (error bodies, which could echo it, are never read). Foursquare's
/// terms let nothing but ids be kept: pages are held in memory for a few minutes only, for back-and-forth, and the
/// ids of each area's places are kept (in memory, bounded) so that a failure can still say which places were there.
public final class FoursquarePlaceSource: PlaceSource {
    public let kind = PlaceSourceKind.foursquare
    public static let apiVersion = "2025-06-17"

    private let baseURL: URL
    private let key: String
    private let http: PlaceHTTP
    private let clock: @Sendable () -> Date
    private let cacheLifetime: TimeInterval
    private let recent = Mutex<[String: (page: PlacePage, fetchedAt: Date)]>([:])
    static let maximumRecentPages = 200
    /// The ids listed in each area (with its text and kinds), by `seenKey`: nothing else of a place.
    private let seen = Mutex<[String: PlaceIDsSeen]>([:])
    static let maximumSeenAreas = 256

    public init(
        connections: HTTPConnections, baseURL: URL, key: String, userAgent: String,
        clock: @escaping @Sendable () -> Date = { Date() }, cacheLifetime: TimeInterval = 180,
        timeout: Duration = .seconds(5), gate: PlaceSearchGate = .shared
    ) {
        self.baseURL = baseURL
        self.key = key
        http = PlaceHTTP(
            connections: connections, userAgent: userAgent, timeout: timeout, maxBodyBytes: 2 * 1_048_576, gate: gate)
        self.clock = clock
        self.cacheLifetime = cacheLifetime
    }

    public func search(_ query: PlaceQuery) async throws(PlaceSourceError) -> PlacePage {
        let url = try requestURL(query)
        let now = clock()
        if let kept = recent.withLock({ $0[url.absoluteString] }), now.timeIntervalSince(kept.fetchedAt) < cacheLifetime
        {
            return kept.page
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Authorization", value: "Bearer \(key)")
        request.headers.add(name: "X-Places-Api-Version", value: Self.apiVersion)
        request.headers.add(name: "Accept", value: "application/json")
        let answer: PlaceHTTP.Answer
        let places: [Place]
        let circle: GeoArea?
        do {
            answer = try await http.send(request)
            (places, circle) = try FoursquareDecoder().page(answer.body)
        } catch {
            // A first page shows what was listed here; a next page's failure leaves the list on show as it is. A
            // refused key is what the operator must fix: said as it is.
            guard query.cursor == nil, error != .refusedKey, let seen = keptIDs(query) else { throw error }
            throw .onlyIDsKept(seen, reason: error)
        }
        var area = circle
        if case .box(let box) = query.area { area = box }
        let page = PlacePage(
            places: places,
            next: FoursquareLink.nextCursor(answer.headers[canonicalForm: "Link"].joined(separator: ",")),
            source: .foursquare, area: area)
        remember(page, for: url.absoluteString, at: now)
        see(places, for: query, at: now)
        return page
    }

    // MARK: - Ids seen (Foursquare's terms let them be kept)

    /// What a search lists, whatever its page: the area (rounded as OpenStreetMap's cache rounds it), text and kinds.
    static func seenKey(_ query: PlaceQuery) -> String {
        let area: String
        switch query.area {
        case .box(let box): area = PlaceResultsCache.key(box)
        case .around(let center, let radius):
            area = PlaceResultsCache.key(GeoArea(around: center, radius: Double(radius)))
        case .named(let name): area = "near:" + name.lowercased()
        }
        let kinds = query.categories.map(\.rawValue).sorted().joined(separator: ",")
        return "\(area)|\(query.text?.lowercased() ?? "")|\(kinds)"
    }

    /// The ids kept for the query's area, when any were listed there.
    func keptIDs(_ query: PlaceQuery) -> PlaceIDsSeen? {
        seen.withLock { $0[Self.seenKey(query)] }.flatMap { $0.ids.isEmpty ? nil : $0 }
    }

    /// Keeps the ids of a page: a first page replaces the area's, a next page adds its own.
    private func see(_ places: [Place], for query: PlaceQuery, at now: Date) {
        let key = Self.seenKey(query)
        seen.withLock { seen in
            var ids = query.cursor == nil ? [] : seen[key]?.ids ?? []
            for place in places where !ids.contains(place.id) { ids.append(place.id) }
            seen[key] = PlaceIDsSeen(ids: ids, seenAt: now, source: .foursquare)
            if seen.count > Self.maximumSeenAreas, let oldest = seen.min(by: { $0.value.seenAt < $1.value.seenAt }) {
                seen.removeValue(forKey: oldest.key)
            }
        }
    }

    /// The search URL: never the key (it goes in a header), always a location (without one Foursquare guesses
    /// from this server's address).
    func requestURL(_ query: PlaceQuery) throws(PlaceSourceError) -> URL {
        var items: [URLQueryItem] = []
        switch query.area {
        case .around(let center, let radius):
            items.append(URLQueryItem(name: "ll", value: center.description))
            items.append(URLQueryItem(name: "radius", value: String(min(max(radius, 1), Defaults.nearbyMaximumRadius))))
        case .box(let box):
            items.append(URLQueryItem(name: "ne", value: box.northEast.description))
            items.append(URLQueryItem(name: "sw", value: box.southWest.description))
        case .named(let name):
            items.append(URLQueryItem(name: "near", value: String(name.prefix(PlaceQuery.maximumTextLength))))
        }
        if let text = query.text { items.append(URLQueryItem(name: "query", value: text)) }
        items.append(URLQueryItem(name: "fsq_category_ids", value: FoursquareCategories.parameter(query.categories)))
        items.append(URLQueryItem(name: "limit", value: String(min(max(query.limit, 1), PlaceQuery.maximumLimit))))
        if let cursor = query.cursor {
            guard let upstream = FoursquareLink.upstreamCursor(cursor) else { throw .unavailable(status: 400) }
            items.append(URLQueryItem(name: "cursor", value: upstream))
        }
        guard
            var components = URLComponents(
                url: baseURL.appendingPathComponent("places/search"), resolvingAgainstBaseURL: false)
        else { throw .malformed("the search could not be written as a URL") }
        components.queryItems = items
        // `+` means a space in a query: a cursor's base64 `+` must reach Foursquare as itself.
        let encoded = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        components.percentEncodedQuery = encoded
        guard let url = components.url else { throw .malformed("the search could not be written as a URL") }
        return url
    }

    private func remember(_ page: PlacePage, for url: String, at now: Date) {
        recent.withLock { recent in
            recent = recent.filter { now.timeIntervalSince($0.value.fetchedAt) < cacheLifetime }
            if recent.count >= Self.maximumRecentPages,
                let oldest = recent.min(by: { $0.value.fetchedAt < $1.value.fetchedAt })
            {
                recent.removeValue(forKey: oldest.key)
            }
            recent[url] = (page, now)
        }
    }
}
