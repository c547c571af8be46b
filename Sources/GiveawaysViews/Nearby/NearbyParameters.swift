import Foundation
import GiveawaysDomain
import GiveawaysLocalization

/// A Nearby search as a URL gives it (`ll`, `radius`, `bbox`, `near`, `q`, `cat`, `cursor`, `limit`), checked
/// exactly as `openapi.yaml` describes it: the patterns below are the document's, so a value the document allows
/// is answered, and any other is a 400 that says why. The area is `ll`, else `bbox`, else `near`, else the
/// server's default centre.
package struct NearbyParameters: Sendable {
    package var ll: String?
    package var radius: Int?
    package var bbox: String?
    package var near: String?
    package var q: String?
    package var cat: String?
    package var cursor: String?
    package var limit: Int?

    package init(
        ll: String? = nil, radius: Int? = nil, bbox: String? = nil, near: String? = nil, q: String? = nil,
        cat: String? = nil, cursor: String? = nil, limit: Int? = nil
    ) {
        (self.ll, self.radius, self.bbox, self.near, self.q) = (ll, radius, bbox, near, q)
        (self.cat, self.cursor, self.limit) = (cat, cursor, limit)
    }

    package static let latitude = #"-?(90(\.0{1,8})?|[1-8]?[0-9](\.[0-9]{1,8})?)"#
    package static let longitude = #"-?(180(\.0{1,8})?|(1[0-7][0-9]|[1-9]?[0-9])(\.[0-9]{1,8})?)"#
    package static let pointPattern = "^\(latitude),\(longitude)$"
    package static let boxPattern = "^\(latitude),\(longitude),\(latitude),\(longitude)$"
    /// A source's cursor (`osm.`, `fsq.`), `wide.` before it when it continues a widened search.
    package static let cursorPattern = #"^(wide\.)?(osm\.[0-9]{1,4}|fsq\.[A-Za-z0-9%._~-]{1,500})$"#
    package static let maximumTextLength = 100
    package static let defaultLimit = 20

    package func query(defaultCenter: GeoPoint) throws(BadRequest) -> PlaceQuery {
        PlaceQuery(
            area: try area(defaultCenter: defaultCenter), text: try Self.text(q, refusal: { $0.errors.searchTooLong }),
            categories: try categories(), cursor: try placeCursor(), limit: try pageSize())
    }

    private func area(defaultCenter: GeoPoint) throws(BadRequest) -> PlaceArea {
        let radius = try self.radius.map { value throws(BadRequest) in
            guard (1...Defaults.nearbyMaximumRadius).contains(value) else {
                throw BadRequest { $0.errors.badNearbyRadius(Defaults.nearbyMaximumRadius) }
            }
            return value
        }
        if let ll {
            guard Self.matches(ll, Self.pointPattern), let point = GeoPoint(text: ll) else {
                throw BadRequest { $0.errors.badNearbyPoint }
            }
            return .around(point, radius: radius ?? Defaults.nearbyRadius)
        }
        if let bbox {
            let values = bbox.split(separator: ",").compactMap { Double($0) }
            guard Self.matches(bbox, Self.boxPattern), values.count == 4 else {
                throw BadRequest { $0.errors.badNearbyBox }
            }
            return .box(Self.box(values))
        }
        if let name = try Self.text(near, refusal: { $0.errors.badNearbyName }) { return .named(name) }
        return .around(defaultCenter, radius: radius ?? Defaults.nearbyRadius)
    }

    /// The box of two corners in any order; a box without width or height gets a few metres of each.
    package static func box(_ values: [Double]) -> GeoArea {
        var south = min(values[0], values[2])
        var north = max(values[0], values[2])
        var west = min(values[1], values[3])
        var east = max(values[1], values[3])
        if north - south < 0.0001 {
            south = max(-90, south - 0.0001)
            north = min(90, south + 0.0002)
        }
        if east - west < 0.0001 {
            west = max(-180, west - 0.0001)
            east = min(180, west + 0.0002)
        }
        return GeoArea(south: south, west: west, north: north, east: east)
            ?? GeoArea(around: GeoPoint(latitude: 0, longitude: 0)!, radius: 10)
    }

    private func categories() throws(BadRequest) -> Set<PlaceCategory> {
        guard let cat, !cat.isEmpty else { return [] }
        var result = Set<PlaceCategory>()
        for name in cat.split(separator: ",", omittingEmptySubsequences: false) {
            guard let category = PlaceCategory(rawValue: String(name)) else {
                let shown = String(name.prefix(40))
                throw BadRequest { $0.errors.badNearbyCategory(shown) }
            }
            result.insert(category)
        }
        return result
    }

    private func placeCursor() throws(BadRequest) -> PlaceCursor? {
        guard let cursor else { return nil }
        guard Self.matches(cursor, Self.cursorPattern), let value = PlaceCursor(rawValue: cursor) else {
            throw BadRequest { $0.errors.badNearbyCursor }
        }
        return value
    }

    private func pageSize() throws(BadRequest) -> Int {
        guard let limit else { return Self.defaultLimit }
        guard (1...PlaceQuery.maximumLimit).contains(limit) else {
            throw BadRequest { $0.errors.badNearbyLimit(PlaceQuery.maximumLimit) }
        }
        return limit
    }

    /// Trimmed text, `nil` when blank; longer than the limit (in Unicode scalars, as JSON Schema counts) is refused.
    private static func text(
        _ value: String?, refusal: @escaping @Sendable (Strings) -> (Int) -> String
    ) throws(BadRequest) -> String? {
        guard let value else { return nil }
        guard value.unicodeScalars.count <= maximumTextLength else {
            throw BadRequest { refusal($0)(maximumTextLength) }
        }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    package static func matches(_ text: String, _ pattern: String) -> Bool {
        guard text.utf8.count <= 600 else { return false }
        return text.range(of: pattern, options: .regularExpression) != nil
    }
}
