import Foundation
import GiveawaysDomain

/// What `/nearby` shows, read from and written into its URL: `?view=list|map&ll=&z=&q=&cat=&near=&cursor=`. A
/// reload, a shared link and the page without JavaScript all show the same view, area, query and kind.
package struct NearbyFilters: Hashable, Sendable {
    package enum View: String, Hashable, Sendable {
        case list, map
    }

    package var view = View.list
    /// The map's centre (the visitor's location, or where they moved the map); `nil` for the typed place or the
    /// server's default centre.
    package var center: GeoPoint?
    /// The map's zoom; `nil` for the default.
    package var zoom: Int?
    package var query = ""
    package var category: PlaceCategory?
    /// A typed place ("Berlin"); it wins over `center`, and moving the map forgets it.
    package var near = ""
    package var cursor: PlaceCursor?

    package static let zoomRange = NearbyArea.zooms
    package static let defaultZoom = 14
    package static let maximumTextLength = PlaceQuery.maximumTextLength
    /// Half the width, in pixels, of the map a search covers at a zoom: a phone's map and most of a desktop one.
    package static let halfSpanPixels = 480.0

    package init() {}

    package init(parameters: [String: String]) throws(BadRequest) {
        switch parameters["view"] {
        case nil, "", "list": view = .list
        case "map": view = .map
        default: throw BadRequest { $0.nearby.badView }
        }
        if let text = parameters["ll"], !text.isEmpty {
            guard let point = GeoPoint(text: text) else { throw BadRequest { $0.nearby.badLocation } }
            center = point
        }
        if let text = parameters["z"], !text.isEmpty {
            guard text.utf8.count <= 2, text.utf8.allSatisfy({ (48...57).contains($0) }), let zoom = Int(text),
                Self.zoomRange.contains(zoom)
            else {
                throw BadRequest { $0.nearby.badZoom(Self.zoomRange.lowerBound, Self.zoomRange.upperBound) }
            }
            self.zoom = zoom
        }
        query = try Self.text(parameters["q"], name: "q")
        near = try Self.text(parameters["near"], name: "near")
        if let text = parameters["cat"], !text.isEmpty, text != "all" {
            guard let category = PlaceCategory(rawValue: text) else {
                let name = String(text.prefix(60))
                let valid = PlaceCategory.allCases.map(\.rawValue).joined(separator: ", ")
                throw BadRequest { $0.nearby.badCategory(name, valid) }
            }
            self.category = category
        }
        if let text = parameters["cursor"], !text.isEmpty {
            guard let cursor = PlaceCursor(rawValue: text) else { throw BadRequest { $0.nearby.badCursor } }
            self.cursor = cursor
        }
    }

    private static func text(_ text: String?, name: String) throws(BadRequest) -> String {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.unicodeScalars.count <= maximumTextLength else {
            throw BadRequest { $0.nearby.tooLong(name, maximumTextLength) }
        }
        return trimmed
    }

    /// The query string, in a fixed order, without defaults.
    package var queryItems: [URLQueryItem] {
        RouteValues.query([
            "view": view == .map ? "map" : nil, "near": near.isEmpty ? nil : near, "ll": center?.description,
            "z": zoom.map(String.init), "q": query.isEmpty ? nil : query, "cat": category?.rawValue,
            "cursor": cursor?.rawValue,
        ]).query
    }

    package var path: String { SiteRoute.nearby(self).path }

    // MARK: - Changes

    /// The same search from its first page (a chip, the view switch, zooming out).
    package func firstPage() -> NearbyFilters {
        var copy = self
        copy.cursor = nil
        return copy
    }

    package func with(view: View) -> NearbyFilters {
        var copy = self
        copy.view = view
        return copy
    }

    package func with(category: PlaceCategory?) -> NearbyFilters {
        var copy = firstPage()
        copy.category = category
        return copy
    }

    package func with(cursor: PlaceCursor?) -> NearbyFilters {
        var copy = self
        copy.cursor = cursor
        return copy
    }

    /// The same search two zoom levels further out (the empty state's way out).
    package func zoomedOut(from center: GeoPoint) -> NearbyFilters {
        var copy = firstPage()
        copy.center = center
        copy.near = ""
        copy.zoom = max(Self.zoomRange.lowerBound, (zoom ?? Self.defaultZoom) - 2)
        return copy
    }

    // MARK: - The search

    /// What to ask the source: the typed place, else the map's area around `center` (or the default centre) at
    /// the zoom, so the list and the map of one URL always hold the same places.
    package func placeQuery(defaultCenter: GeoPoint) -> PlaceQuery {
        let area: PlaceArea
        if !near.isEmpty {
            area = .named(near)
        } else {
            area = .box(Self.area(around: center ?? defaultCenter, zoom: zoom ?? Self.defaultZoom))
        }
        return PlaceQuery(
            area: area, text: query, categories: category.map { [$0] } ?? [], cursor: cursor, limit: 20)
    }

    /// The area a map of `halfSpanPixels` each side of `center` shows at `zoom` (Web Mercator's metres per pixel).
    package static func area(around center: GeoPoint, zoom: Int) -> GeoArea {
        let metresPerPixel = 156_543.033_92 * cos(center.latitude * .pi / 180) / pow(2, Double(zoom))
        return GeoArea(around: center, radius: max(50, metresPerPixel * halfSpanPixels))
    }
}
