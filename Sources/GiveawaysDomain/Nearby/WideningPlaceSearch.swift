import Foundation

/// Nearby's search as its page and its API run it. A typed search (`PlaceQuery.text`) that finds nothing in the area
/// asked for — the map's view, or a small radius — is asked once more within `radius` metres of that area's centre
/// before anything says "none", so a store across town is found without zooming out, and the answer says it was
/// widened (`PlacePage.widenedRadius`).
///
/// Only a first page is widened, only when the caller's `mayWiden` agrees (the wider search is one more request
/// upstream, paid from the caller's share like any other), and never a typed place (`near`: searched across
/// already) or an area that reaches that far already. When the wider search fails, the answer as asked stands:
/// nothing in the area, which is true. Its next pages continue the wider search: their cursors carry `wide.`
/// before the source's own, which no source ever sees.
public struct WideningPlaceSearch: Sendable {
    public let source: any PlaceSource
    /// Metres around the area's centre.
    public let radius: Int

    /// What a wider search's cursors start with.
    public static let cursorPrefix = "wide."

    public init(source: any PlaceSource, radius: Int = Defaults.nearbyWidenedRadius) {
        self.source = source
        self.radius = radius
    }

    /// - Parameter mayWiden: asked once, only when a wider search is about to be made; `false` answers the search as
    ///   asked.
    public func search(
        _ query: PlaceQuery, mayWiden: @Sendable () -> Bool
    ) async throws(PlaceSourceError) -> PlacePage {
        if let cursor = query.cursor, cursor.rawValue.hasPrefix(Self.cursorPrefix) {
            // A next page of a wider search: it goes on there. A cursor this search could not have given (no text,
            // a typed place) is refused as the sources refuse a cursor that is not theirs.
            guard query.text != nil, let area = wider(query.area),
                let inner = PlaceCursor(rawValue: String(cursor.rawValue.dropFirst(Self.cursorPrefix.count)))
            else { throw .unavailable(status: 400) }
            var next = query
            next.area = area
            next.cursor = inner
            return widened(try await source.search(next))
        }
        let page = try await source.search(query)
        guard page.places.isEmpty, query.cursor == nil, query.text != nil, let area = wider(query.area), mayWiden()
        else { return page }
        var wide = query
        wide.area = area
        do {
            return widened(try await source.search(wide))
        } catch {
            return page
        }
    }

    /// `radius` around the area's centre; `nil` for a typed place, or an area that reaches as far already.
    public func wider(_ area: PlaceArea) -> PlaceArea? {
        switch area {
        case .around(let center, let reach):
            return reach < radius ? .around(center, radius: radius) : nil
        case .box(let box):
            // The nearer edge: a box reaches `radius` only when the whole circle lies inside it.
            let halfHeight = (box.north - box.south) / 2 * 111_320
            let halfWidth = (box.east - box.west) / 2 * 111_320 * max(0.01, cos(box.center.latitude * .pi / 180))
            return min(halfHeight, halfWidth) < Double(radius) ? .around(box.center, radius: radius) : nil
        case .named:
            return nil
        }
    }

    private func widened(_ page: PlacePage) -> PlacePage {
        var page = page
        page.widenedRadius = radius
        page.next = page.next.flatMap { PlaceCursor(rawValue: Self.cursorPrefix + $0.rawValue) }
        return page
    }
}
