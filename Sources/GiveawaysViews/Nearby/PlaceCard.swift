import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// One place, display-ready: every text formatted in the page's language. The source's own texts (name, address,
/// category names) are shown as they come and escaped by `HTML`.
package struct PlaceCardModel {
    package let id: String
    package let title: String
    package let kinds: String?
    package let address: String?
    package let distance: String?
    package let openText: String?
    package let isOpen: Bool?
    package let rating: (text: String, label: String)?
    package let point: GeoPoint
    package let directionsURL: String
    package let sourceURL: String
    package let sourceText: String
    /// The map view centred on the place (the "Show on map" link).
    package let mapPath: String

    package init(place: Place, source: PlaceSourceKind, filters: NearbyFilters, strings: Strings) {
        let text = strings.nearby
        let kindNames =
            place.categoryNames.isEmpty ? place.categories.map(text.category) : place.categoryNames
        id = place.id
        title = place.name ?? kindNames.first ?? text.unnamedPlace
        kinds = kindNames.isEmpty ? nil : kindNames.joined(separator: " · ")
        address = place.address
        distance = place.distance.map { Self.distance($0, strings) }
        isOpen = place.isOpen
        openText = place.isOpen.map { $0 ? text.openNow : text.closedNow }
        rating = place.rating.map {
            let value = Self.decimal($0, strings)
            return (value, text.rated(value))
        }
        point = place.point
        directionsURL = place.directionsURL.absoluteString
        sourceURL = place.sourceURL.absoluteString
        sourceText = text.onSource(source)
        var onMap = filters.firstPage().with(view: .map)
        onMap.near = ""
        onMap.center = place.point
        onMap.zoom = max(filters.zoom ?? NearbyFilters.defaultZoom, 16)
        mapPath = onMap.path
    }

    /// "350 m", "1.2 km" / "1,2 km".
    package static func distance(_ metres: Double, _ strings: Strings) -> String {
        guard metres >= 1000 else { return strings.nearby.metres(String(Int((metres / 10).rounded() * 10))) }
        return strings.nearby.kilometres(decimal(metres / 1000, strings))
    }

    private static func decimal(_ value: Double, _ strings: Strings) -> String {
        String(format: "%.1f", value).replacingOccurrences(of: ".", with: strings.format.decimalSeparator)
    }
}

/// A place's card: `data-place-id` and its coordinates for the map's marker, the links to directions and to the
/// place on its source (Foursquare's terms ask for that link wherever its data is shown).
package struct PlaceCard {
    package let model: PlaceCardModel
    package let strings: Strings

    package func render() -> HTML {
        let text = strings.nearby
        let meta: [HTML] = [
            model.distance.map { HTML("<span>\($0)</span>") },
            model.openText.map {
                HTML(
                    "<span class=\"place-card__open place-card__open--\(model.isOpen == true ? "yes" : "no")\">\($0)</span>"
                )
            },
            model.rating.map { HTML("<span aria-label=\"\($0.label)\">★ \($0.text)</span>") },
        ].compactMap { $0 }
        let external: HTML = "target=\"_blank\" rel=\"noopener noreferrer\""
        return """
            <li class="card place-card" data-place-id="\(model.id)" data-lat="\(String(model.point.latitude))" data-lon="\(String(model.point.longitude))">\
            <h3 class="place-card__name">\(model.title)</h3>\
            \(model.kinds.map { HTML("<p class=\"place-card__kinds\">\($0)</p>") })\
            \(model.address.map { HTML("<p class=\"place-card__address\">\($0)</p>") })\
            \(meta.isEmpty ? nil : HTML("<p class=\"place-card__meta\">\(meta.joined(separator: " · "))</p>"))\
            <p class="place-card__links"><a href="\(url: model.mapPath)" data-show-on-map>\(text.showOnMap)</a>\
            <a href="\(url: model.directionsURL)" \(external)>\(text.directions)</a>\
            <a href="\(url: model.sourceURL)" \(external)>\(model.sourceText)</a></p></li>

            """
    }
}
