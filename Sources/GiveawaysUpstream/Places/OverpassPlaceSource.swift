import AsyncHTTPClient
import Foundation
import GiveawaysDomain
import Logging

/// OpenStreetMap's places through Overpass: one query per area for every kind Nearby knows, kept in
/// `PlaceResultsCache` (ODbL allows it), filtered by category and text here, sorted by distance from the search's
/// centre and paged with an offset cursor (Overpass has no paging). A typed search over a wide area (wider than
/// `nameFilterSpan`: a search widened past the map's view, the API's default radius) asks Overpass for the matching
/// names only (`OverpassQuery.name`), kept per area and text: all the places of a city would be a heavy answer,
/// and its cap could cut off the one typed. A typed place name goes through Nominatim. When Overpass fails, the
/// area's last answer is served with `staleSince` set; without one, the typed error.
public final class OverpassPlaceSource: PlaceSource {
    public let kind = PlaceSourceKind.openStreetMap

    private let interpreterURL: URL
    private let http: PlaceHTTP
    private let geocoder: NominatimGeocoder
    private let cache: PlaceResultsCache
    private let clock: @Sendable () -> Date
    private let maxAge: TimeInterval
    private let logger: Logger

    /// The widest area asked of Overpass, in metres a side: a larger one is searched around its centre (a whole
    /// country would time out there and cost the public instance dearly).
    public static let maximumSpan = 60_000.0
    /// An area wider or taller than this, in metres, is searched for typed text by name at Overpass.
    public static let nameFilterSpan = 20_000.0

    public init(
        connections: HTTPConnections, interpreterURL: URL, geocoder: NominatimGeocoder, userAgent: String,
        cache: PlaceResultsCache = PlaceResultsCache(), clock: @escaping @Sendable () -> Date = { Date() },
        maxAge: TimeInterval = 15 * 60, timeout: Duration = .seconds(8), gate: PlaceSearchGate = .shared,
        logger: Logger = Logger(label: "overpass")
    ) {
        self.interpreterURL = interpreterURL
        http = PlaceHTTP(
            connections: connections, userAgent: userAgent, timeout: timeout, maxBodyBytes: 4 * 1_048_576, gate: gate)
        self.geocoder = geocoder
        self.cache = cache
        self.clock = clock
        self.maxAge = maxAge
        self.logger = logger
    }

    public func search(_ query: PlaceQuery) async throws(PlaceSourceError) -> PlacePage {
        let offset = try Self.offset(query.cursor)
        let (center, area, radius) = try await resolve(query.area)
        let name = query.text.flatMap { Self.span(of: area) > Self.nameFilterSpan ? $0 : nil }
        let (places, staleSince) = try await placesIn(area, name: name)
        let matching = Self.matching(places, query: query, center: center, radius: radius)
        let end = min(matching.count, offset + query.limit)
        let page = offset < end ? Array(matching[offset..<end]) : []
        let next = end < matching.count ? PlaceCursor(rawValue: "osm.\(end)") : nil
        return PlacePage(places: page, next: next, source: .openStreetMap, area: area, staleSince: staleSince)
    }

    // MARK: - Where

    /// The centre to measure from, the (bounded) box to ask Overpass for, and the radius to keep, if any.
    private func resolve(_ area: PlaceArea) async throws(PlaceSourceError) -> (GeoPoint, GeoArea, Double?) {
        switch area {
        case .around(let center, let radius):
            let radius = Double(min(max(radius, 1), Int(Self.maximumSpan / 2)))
            return (center, GeoArea(around: center, radius: radius), radius)
        case .box(let box):
            return (box.center, Self.bounded(box), nil)
        case .named(let name):
            let location = try await geocoder.locate(name)
            return (location.center, Self.bounded(location.area), nil)
        }
    }

    /// `box`, or the largest allowed square around its centre when it is wider or taller than `maximumSpan`.
    static func bounded(_ box: GeoArea) -> GeoArea {
        guard span(of: box) > maximumSpan else { return box }
        return GeoArea(around: box.center, radius: maximumSpan / 2)
    }

    /// The larger of a box's height and width, in metres.
    static func span(of box: GeoArea) -> Double {
        let height = (box.north - box.south) * 111_320
        let width = (box.east - box.west) * 111_320 * max(0.01, cos(box.center.latitude * .pi / 180))
        return max(height, width)
    }

    // MARK: - Overpass, through the cache

    private func placesIn(_ area: GeoArea, name: String?) async throws(PlaceSourceError) -> ([Place], Date?) {
        let now = clock()
        let cached = cache.places(for: area, name: name)
        if let cached, now.timeIntervalSince(cached.fetchedAt) < maxAge { return (cached.places, nil) }
        do {
            let (places, bytes) = try await fetch(OverpassQuery(area: area, name: name))
            cache.store(places, for: area, name: name, bytes: bytes, at: now)
            return (places, nil)
        } catch {
            logger.warning("Overpass search failed", metadata: ["reason": "\(error)"])
            if let cached { return (cached.places, cached.fetchedAt) }
            throw error
        }
    }

    private func fetch(_ query: OverpassQuery) async throws(PlaceSourceError) -> ([Place], Int) {
        var request = HTTPClientRequest(url: interpreterURL.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        var form = URLComponents()
        form.queryItems = [URLQueryItem(name: "data", value: query.text)]
        // `+` is a space in a form: encode it too (URLComponents leaves it as is).
        let body = (form.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        request.body = .bytes(Array(body.utf8))
        let answer = try await http.send(request)
        return (try OverpassDecoder().places(answer.body), answer.body.count)
    }

    // MARK: - Filtering and paging

    static func matching(_ places: [Place], query: PlaceQuery, center: GeoPoint, radius: Double?) -> [Place] {
        let text = query.text
        var kept: [Place] = []
        for var place in places {
            if !query.categories.isEmpty, query.categories.isDisjoint(with: place.categories) { continue }
            if let text, !matches(place, text) { continue }
            let distance = center.distance(to: place.point)
            if let radius, distance > radius { continue }
            place.distance = distance
            kept.append(place)
        }
        // By distance, then id: the same answer always pages the same way.
        return kept.sorted { ($0.distance ?? 0, $0.id) < ($1.distance ?? 0, $1.id) }
    }

    private static func matches(_ place: Place, _ text: String) -> Bool {
        let fields = [place.name, place.address].compactMap { $0 } + place.categoryNames
        return fields.contains { $0.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }

    /// The offset an `osm.N` cursor stands for; 0 without one. Any other cursor is one this source never made.
    static func offset(_ cursor: PlaceCursor?) throws(PlaceSourceError) -> Int {
        guard let cursor else { return 0 }
        let digits = cursor.rawValue.dropFirst(4)
        guard cursor.rawValue.hasPrefix("osm."), (1...4).contains(digits.count),
            digits.utf8.allSatisfy({ (48...57).contains($0) }), let offset = Int(digits),
            offset <= OverpassQuery.maximumElements
        else { throw .unavailable(status: 400) }
        return offset
    }
}
