import Foundation

/// A point on the earth, in degrees (WGS 84), always in range.
public struct GeoPoint: Hashable, Sendable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    /// `nil` unless -90…90 and -180…180 (and finite).
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Reads `LAT,LON` as the URLs and the CLI write it (`52.52,13.405`); `nil` for anything else.
    public init?(text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.utf8.count <= 24 }),
            let latitude = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let longitude = Double(parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// `LAT,LON` with at most 6 decimals (about 10 cm): what URLs and upstream queries carry.
    public var description: String { "\(Self.format(latitude)),\(Self.format(longitude))" }

    static func format(_ value: Double) -> String {
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// The great-circle distance to `other` in metres (haversine, mean earth radius).
    public func distance(to other: GeoPoint) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians
        let dLon = (other.longitude - longitude) * radians
        let a =
            sin(dLat / 2) * sin(dLat / 2) + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLon / 2)
            * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(a)))
    }
}

/// A rectangle on the map: south-west and north-east corners (`west > east` never: no area crosses the
/// antimeridian here).
public struct GeoArea: Hashable, Sendable {
    public let south: Double
    public let west: Double
    public let north: Double
    public let east: Double

    /// `nil` unless the corners are in range and south < north, west < east.
    public init?(south: Double, west: Double, north: Double, east: Double) {
        guard GeoPoint(latitude: south, longitude: west) != nil, GeoPoint(latitude: north, longitude: east) != nil,
            south < north, west < east
        else { return nil }
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// Reads `S,W,N,E` (the API's `bbox`); `nil` for anything else.
    public init?(text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ $0.utf8.count <= 24 }) else { return nil }
        let values = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == 4 else { return nil }
        self.init(south: values[0], west: values[1], north: values[2], east: values[3])
    }

    /// The square area `radius` metres around `center` (clamped to the poles and the antimeridian).
    public init(around center: GeoPoint, radius: Double) {
        let latitudeDelta = radius / 111_320
        let longitudeDelta = radius / (111_320 * max(0.01, cos(center.latitude * .pi / 180)))
        south = max(-90, center.latitude - latitudeDelta)
        north = min(90, center.latitude + latitudeDelta)
        west = max(-180, center.longitude - longitudeDelta)
        east = min(180, center.longitude + longitudeDelta)
    }

    public var center: GeoPoint {
        GeoPoint(latitude: (south + north) / 2, longitude: (west + east) / 2)!
    }

    public var southWest: GeoPoint { GeoPoint(latitude: south, longitude: west)! }
    public var northEast: GeoPoint { GeoPoint(latitude: north, longitude: east)! }

    public func contains(_ point: GeoPoint) -> Bool {
        (south...north).contains(point.latitude) && (west...east).contains(point.longitude)
    }

    /// `S,W,N,E`, as the API's `bbox` and Overpass's bounding box take it.
    public var text: String {
        [south, west, north, east].map(GeoPoint.format).joined(separator: ",")
    }
}

/// The kinds of places gamers look for. The raw value is what URLs, the API and the CLI carry (`cat=arcade`).
public enum PlaceCategory: String, Hashable, Sendable, CaseIterable, Codable {
    case videoGames = "video-games"
    case arcade
    case gamingCafe = "gaming-cafe"
    case internetCafe = "internet-cafe"
    case vrCafe = "vr-cafe"
    case toys
    case hobby
    case comics
}

/// Where a place list comes from. Shown on the page ("Places from …"), with the source's credit.
public enum PlaceSourceKind: String, Hashable, Sendable, Codable {
    case foursquare
    case openStreetMap = "openstreetmap"
}

/// One place where games are sold or played.
public struct Place: Hashable, Sendable, Identifiable {
    /// Unique across sources: `fsq:<fsq_place_id>` or `osm:node/<id>` (`way/`, `relation/`). Pages put it in
    /// `data-place-id`.
    public var id: String
    /// `nil` when the source has none (an OpenStreetMap element without `name`): pages show the kind instead.
    public var name: String?
    /// What the app recognises of the place's kinds; may be empty.
    public var categories: [PlaceCategory]
    /// The source's own category names, as it sends them (may be empty).
    public var categoryNames: [String]
    public var point: GeoPoint
    /// One line, as the source formats it; `nil` when it sends none (or only empty strings).
    public var address: String?
    /// Metres from the search's centre, when there is one.
    public var distance: Double?
    /// `true`/`false` when the source knows; `nil` when it does not (never guessed).
    public var isOpen: Bool?
    /// 0–10 when the source sends one; `nil` otherwise (never a made-up 0).
    public var rating: Double?
    public var website: URL?
    /// The place on its source: `https://foursquare.com/v/<id>` or `https://www.openstreetmap.org/node/<id>`.
    public var sourceURL: URL

    public init(
        id: String, name: String?, categories: [PlaceCategory] = [], categoryNames: [String] = [],
        point: GeoPoint, address: String? = nil, distance: Double? = nil, isOpen: Bool? = nil,
        rating: Double? = nil, website: URL? = nil, sourceURL: URL
    ) {
        self.id = id
        self.name = name
        self.categories = categories
        self.categoryNames = categoryNames
        self.point = point
        self.address = address
        self.distance = distance
        self.isOpen = isOpen
        self.rating = rating
        self.website = website
        self.sourceURL = sourceURL
    }

    /// An OpenStreetMap directions link to the place.
    public var directionsURL: URL {
        URL(
            string:
                "https://www.openstreetmap.org/directions?to=\(point.latitude)%2C\(point.longitude)"
        )!
    }
}

/// Where to search.
public enum PlaceArea: Hashable, Sendable {
    /// Within `radius` metres of a point (the visitor's location, or the server's default centre).
    case around(GeoPoint, radius: Int)
    /// Within what the map shows.
    case box(GeoArea)
    /// Around a typed place name ("Berlin"), geocoded by the source or through Nominatim.
    case named(String)
}

/// An opaque position in a source's result list (Foursquare's `cursor`, or an offset for OpenStreetMap). Never
/// interpreted outside the source that made it; bounded so a forged one costs nothing.
public struct PlaceCursor: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// At most 512 characters of URL-safe text (letters, digits, `-_.~=+/%`).
    public init?(rawValue: String) {
        guard !rawValue.isEmpty, rawValue.utf8.count <= 512,
            rawValue.unicodeScalars.allSatisfy({
                ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || "-_.~=+/%".unicodeScalars.contains($0)
            })
        else { return nil }
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}

/// One search: where, what, which kinds, which page.
public struct PlaceQuery: Hashable, Sendable {
    public var area: PlaceArea
    /// Free text (trimmed, ≤ 100 characters); `nil` for none.
    public var text: String?
    /// Empty means every kind in `PlaceCategory`.
    public var categories: Set<PlaceCategory>
    public var cursor: PlaceCursor?
    /// 1…50 (Foursquare's ceiling).
    public var limit: Int

    public static let maximumTextLength = 100
    public static let maximumLimit = 50

    public init(
        area: PlaceArea, text: String? = nil, categories: Set<PlaceCategory> = [], cursor: PlaceCursor? = nil,
        limit: Int = 20
    ) {
        self.area = area
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.text = trimmed.flatMap { $0.isEmpty ? nil : String($0.prefix(Self.maximumTextLength)) }
        self.categories = categories
        self.cursor = cursor
        self.limit = min(max(limit, 1), Self.maximumLimit)
    }
}

/// One page of places.
public struct PlacePage: Hashable, Sendable {
    public var places: [Place]
    /// The next page's cursor; `nil` on the last page.
    public var next: PlaceCursor?
    public var source: PlaceSourceKind
    /// The area the source searched (for the map to show), when known.
    public var area: GeoArea?
    /// When the page comes from a cache because the source could not be reached: when it was fetched.
    public var staleSince: Date?
    /// When a typed search found nothing in the area asked for and was asked again around its centre
    /// (`WideningPlaceSearch`): that radius, in metres. `nil` for a search answered as asked.
    public var widenedRadius: Int?

    public init(
        places: [Place], next: PlaceCursor? = nil, source: PlaceSourceKind, area: GeoArea? = nil,
        staleSince: Date? = nil, widenedRadius: Int? = nil
    ) {
        self.places = places
        self.next = next
        self.source = source
        self.area = area
        self.staleSince = staleSince
        self.widenedRadius = widenedRadius
    }
}

/// What is left of an area's places when their source cannot be reached and its terms let nothing but ids be kept
/// (Foursquare's): the ids of the places listed there, and when. Pages show them with "Reconnect to see details".
public struct PlaceIDsSeen: Hashable, Sendable {
    /// `Place.id`s (`fsq:<fsq_place_id>`) in the order the source listed them; at most `maximumCount`.
    public var ids: [String]
    /// When the area was last listed.
    public var seenAt: Date
    public var source: PlaceSourceKind

    public static let maximumCount = 200

    public init(ids: [String], seenAt: Date, source: PlaceSourceKind) {
        self.ids = Array(ids.prefix(Self.maximumCount))
        self.seenAt = seenAt
        self.source = source
    }

    /// The id on its source (`fsq:abc` → `abc`), for the source's own link.
    public static func sourceID(_ id: String) -> Substring {
        id.firstIndex(of: ":").map { id[id.index(after: $0)...] } ?? id[...]
    }
}

/// Why a place search failed; pages and the API turn each into its own message. Never carries a key.
public enum PlaceSourceError: Error, Hashable, Sendable {
    /// The source refused the operator's key (401/403), or its credits ran out (402).
    case refusedKey
    /// Too many requests (429); wait `retryAfter` seconds when the source said.
    case rateLimited(retryAfter: TimeInterval?)
    /// The source answered 5xx (or another status it should not have).
    case unavailable(status: Int)
    /// No connection: refused, no route, no name, a failed TLS handshake.
    case unreachable
    /// Connected (or waiting to), but no whole answer within the deadline.
    case timedOut
    /// An answer that is not what the documented format promises (including Overpass's HTTP 200 with a
    /// `remark: runtime error`).
    case malformed(String)
    /// A typed place name that nothing matched.
    case unknownPlace
    /// This server's own searches are all taken and its queue is full (a crowd, or one hostile client): nothing was
    /// asked upstream; try again in `retryAfter` seconds.
    case busy(retryAfter: TimeInterval)
    /// The source failed for `reason`, and nothing but the ids of the area's places was kept from an earlier answer
    /// (the source's terms allow no more): those, to show until it answers again.
    indirect case onlyIDsKept(PlaceIDsSeen, reason: PlaceSourceError)

    /// How long to wait before asking again, when the source or this server said.
    public var retryAfter: TimeInterval? {
        switch reason {
        case .rateLimited(let seconds): seconds
        case .busy(let seconds): seconds
        default: nil
        }
    }

    /// What went wrong, without the ids kept.
    public var reason: PlaceSourceError {
        if case .onlyIDsKept(_, let reason) = self { return reason.reason }
        return self
    }
}
