import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// `/nearby`: the search form, the kinds of places, the List · Map switch, the map (with JavaScript) and the
/// results. The results section is also the fragment `nearby.js` fetches when the map moves or a page is added.
package struct NearbyPage {
    /// What the search gave.
    package enum Outcome {
        case places(PlacePage)
        case failed(PlaceSourceError)
    }

    /// The page's state, formatted.
    package struct Model {
        package let filters: NearbyFilters
        package let outcome: Outcome
        /// Where the map opens: the URL's centre, the typed place's area, or the server's default centre.
        package let center: GeoPoint
        package let zoom: Int
        package let strings: Strings

        package init(filters: NearbyFilters, outcome: Outcome, defaultCenter: GeoPoint, strings: Strings) {
            self.filters = filters
            self.outcome = outcome
            self.strings = strings
            var area: GeoArea?
            if case .places(let page) = outcome { area = page.area }
            center = filters.center ?? (filters.near.isEmpty ? nil : area?.center) ?? defaultCenter
            zoom =
                filters.zoom ?? (filters.center == nil ? area.map(Self.zoom(fitting:)) : nil)
                ?? NearbyFilters.defaultZoom
        }

        /// The largest zoom at which `area` fits a map about 960 pixels wide.
        package static func zoom(fitting area: GeoArea) -> Int {
            let span = max(area.east - area.west, 0.0001)
            let zoom = Int(log2(960 * 360 / (256 * span)).rounded(.down))
            return min(max(zoom, NearbyFilters.zoomRange.lowerBound), 17)
        }
    }

    package let model: Model

    package init(model: NearbyPage.Model) {
        self.model = model
    }

    /// Where the map's tiles come from (`/nearby/tiles/`): the tile route's path without its `{z}/{x}/{y}.png`.
    package static let tilesPath = String(SiteRoute.nearbyTile(z: 0, x: 0, y: 0).path.dropLast("0/0/0.png".count))

    package func render() -> HTML {
        let text = model.strings.nearby
        let filters = model.filters
        let isMap = filters.view == .map
        return """
            <section class="hero hero--compact\(isMap ? " nearby-hero--map" : "")">
              <h1>\(text.heading)</h1>
              <p>\(text.intro)</p>
            </section>
            \(searchForm)
            <div class="nearby-bar">
              \(chips)
              <nav class="segmented nearby-views" aria-label="\(text.view)">\
            <a href="\(filters.firstPage().with(view: .list).path)"\(isMap ? "" : HTML(" aria-current=\"page\""))>\(text.list)</a>\
            <a href="\(filters.firstPage().with(view: .map).path)"\(isMap ? HTML(" aria-current=\"page\"") : "")>\(text.map)</a></nav>
            </div>
            <div class="nearby nearby--\(isMap ? "map" : "list")" data-nearby data-view="\(isMap ? "map" : "list")" \
            data-center="\(model.center.description)" data-zoom="\(model.zoom)" data-tiles="\(Self.tilesPath)" \
            data-failed="\(text.unreachable)" data-retry-text="\(text.retry)">
            \(isMap ? map : nil)
            \(NearbyResults(model: model).render())
            </div>
            """
    }

    private var searchForm: HTML {
        let text = model.strings.nearby
        let filters = model.filters
        let hidden: [HTML] = [
            filters.view == .map ? HTML("<input type=\"hidden\" name=\"view\" value=\"map\">") : nil,
            filters.category.map { HTML("<input type=\"hidden\" name=\"cat\" value=\"\($0.rawValue)\">") },
            filters.center.map { HTML("<input type=\"hidden\" name=\"ll\" value=\"\($0.description)\">") },
            filters.zoom.map { HTML("<input type=\"hidden\" name=\"z\" value=\"\($0)\">") },
        ].compactMap { $0 }
        let limit = NearbyFilters.maximumTextLength
        return """
            <form class="nearby-search\(filters.view == .map ? " nearby-search--map" : "")" method="get" action="\(SiteRoute.nearby(NearbyFilters()).path)" role="search" data-nearby-search>
              \(hidden)
              <p class="nearby-search__field"><label for="nearby-q">\(text.searchLabel)</label>\
            <input id="nearby-q" type="search" name="q" value="\(filters.query)" maxlength="\(limit)" placeholder="\(text.searchPlaceholder)"></p>
              <p class="nearby-search__field"><label for="nearby-near">\(text.nearLabel)</label>\
            <input id="nearby-near" type="text" name="near" value="\(filters.near)" maxlength="\(limit)" placeholder="\(text.nearPlaceholder)" autocomplete="address-level2"></p>
              <p class="nearby-search__actions"><button class="button button--primary" type="submit">\(text.search)</button>\
            <button class="button" type="button" data-locate hidden>\(text.useMyLocation)</button></p>
            </form>
            <p class="banner nearby-note" role="alert" data-locate-note hidden data-locating="\(text.locating)" \
            data-denied="\(text.locationDenied)" data-unavailable="\(text.locationUnavailable)"></p>
            """
    }

    private var chips: HTML {
        let text = model.strings.nearby
        let filters = model.filters
        let all: [PlaceCategory?] = [nil] + PlaceCategory.allCases.map { $0 }
        let links = all.map { category -> HTML in
            let current: HTML? = filters.category == category ? " aria-current=\"true\"" : nil
            let name = category.map(text.category) ?? text.allKinds
            return "<a class=\"pill\" href=\"\(filters.with(category: category).path)\"\(current)>\(name)</a>"
        }
        return "<nav class=\"pill-row nearby-kinds\" aria-label=\"\(text.kinds)\">\(links)</nav>"
    }

    /// The map: tiles and markers drawn by `nearby.js`; without it, a note and a link to the list.
    private var map: HTML {
        let text = model.strings.nearby
        return """
            <div class="nearby__map">
              <div class="map" data-map tabindex="0" role="region" aria-label="\(text.mapLabel)">\
            <div class="map__tiles" data-tiles></div><div class="map__markers" data-markers></div></div>
              <noscript><p class="empty-state map__nojs">\(text.mapNeedsJavaScript) <a href="\(model.filters.with(view: .list).path)">\(text.showList)</a></p></noscript>
              <div class="map__controls"><button type="button" class="button map__zoom" data-zoom-in aria-label="\(text.zoomIn)">+</button>\
            <button type="button" class="button map__zoom" data-zoom-out aria-label="\(text.zoomOut)">−</button></div>
              <p class="map__search"><label class="pill"><input type="checkbox" data-auto-search checked> \(text.searchAsMapMoves)</label>\
            <button type="button" class="button button--small" data-search-area hidden>\(text.searchThisArea)</button></p>
              <p class="map__credit"><a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">\(text.osmCredit)</a></p>
            </div>
            """
    }

    /// Nearby off on this server (`WebConfiguration.nearby` is `nil`): it says so, and searches nothing.
    package static func notSetUp(_ strings: Strings) -> HTML {
        let text = strings.nearby
        return """
            <section class="hero hero--compact">
              <h1>\(text.heading)</h1>
              <p>\(text.intro)</p>
            </section>
            <div class="empty-state" data-state="not-set-up">
              <h2>\(text.notSetUpTitle)</h2>
              <p>\(text.notSetUp)</p>
              <a class="button" href="\(SiteRoute.more(showAll: false).path)">\(strings.more.heading)</a>
            </div>
            """
    }
}
