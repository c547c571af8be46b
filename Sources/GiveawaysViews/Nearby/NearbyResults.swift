import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// The results section of `/nearby`: the source and its credit, the offline note, then the cards with "Load more"
/// — or the empty or failed state. `nearby.js` fetches it alone (`X-Fragment: results`) to search again or add a page.
package struct NearbyResults {
    package let model: NearbyPage.Model

    package init(model: NearbyPage.Model) {
        self.model = model
    }

    package func render() -> HTML {
        let text = model.strings.nearby
        return """
            <section id="results" class="nearby__results" aria-labelledby="results-heading" data-results>
            <h2 id="results-heading" class="visually-hidden">\(text.places)</h2>
            <p class="nearby__status visually-hidden" role="status" data-loading-text="\(text.loading)" data-live></p>
            \(content)
            </section>
            """
    }

    private var content: HTML {
        switch model.outcome {
        case .failed(let error): failure(error)
        case .places(let page): places(page)
        }
    }

    private func places(_ page: PlacePage) -> HTML {
        let strings = model.strings
        let text = strings.nearby
        let stale: HTML? = page.staleSince.map {
            HTML(
                "<p class=\"banner banner--offline nearby-stale\" role=\"status\" data-state=\"stale\">\(text.stale(strings.date($0))) <a href=\"\(model.filters.path)\" data-retry>\(text.retry)</a></p>"
            )
        }
        let widenedKilometres = page.widenedRadius.map { Self.kilometres($0, strings) }
        guard !page.places.isEmpty else {
            let zoomOut = model.filters.zoomedOut(from: model.center)
            return """
                \(credit(page.source))
                \(stale)
                <div class="empty-state nearby-state" data-state="empty"\(widenedKilometres.map { _ in HTML(" data-widened") })>
                  <div class="empty-state__art" aria-hidden="true">\(Icons.search)</div>
                  <h3>\(widenedKilometres.map(text.emptyWidened) ?? text.emptyTitle)</h3>
                  <p>\(text.emptyText)</p>
                  <a class="button" href="\(zoomOut.path)">\(text.zoomOut)</a>
                </div>
                """
        }
        let cards = page.places.map {
            PlaceCard(
                model: PlaceCardModel(place: $0, source: page.source, filters: model.filters, strings: strings),
                strings: strings
            ).render()
        }
        let more: HTML? = page.next.map {
            """
            <li class="place-list__more"><a class="button" href="\(model.filters.with(cursor: $0).path)" data-nearby-more \
            aria-label="\(text.morePlaces)">\(text.loadMore)</a></li>
            """
        }
        // Said before the list: what is shown lies outside the view the visitor searched.
        let widened: HTML? = widenedKilometres.map {
            HTML(
                "<p class=\"banner nearby-widened\" role=\"status\" data-state=\"widened\" data-widened-radius=\"\(page.widenedRadius ?? 0)\">\(text.widened($0))</p>"
            )
        }
        return """
            \(credit(page.source))
            \(stale)
            \(widened)
            <ol class="place-list" data-place-list data-state="places">\(cards)\(more)</ol>
            """
    }

    /// `25` for 25,000 metres; `2,5` (or `2.5`) for 2,500.
    package static func kilometres(_ metres: Int, _ strings: Strings) -> String {
        guard metres % 1000 != 0 else { return String(metres / 1000) }
        return String(format: "%.1f", Double(metres) / 1000)
            .replacingOccurrences(of: ".", with: strings.format.decimalSeparator)
    }

    /// Which source the places come from, credited as its terms ask.
    private func credit(_ source: PlaceSourceKind) -> HTML {
        let text = model.strings.nearby
        let external: HTML = "target=\"_blank\" rel=\"noopener noreferrer\""
        switch source {
        case .foursquare:
            return
                "<p class=\"nearby__source\" data-source=\"foursquare\">\(text.placesFrom("<a href=\"https://foursquare.com\" \(external)>Foursquare</a>"))</p>"
        case .openStreetMap:
            return """
                <p class="nearby__source" data-source="openstreetmap">\(text.placesFrom("<a href=\"https://www.openstreetmap.org\" \(external)>OpenStreetMap</a>")) · \
                <a href="https://www.openstreetmap.org/copyright" \(external)>\(text.osmCredit)</a></p>
                """
        }
    }

    private func failure(_ error: PlaceSourceError) -> HTML {
        let text = model.strings.nearby
        if case .onlyIDsKept(let seen, _) = error { return idsOnly(seen) }
        let meaning = NearbyFailure(
            error, hasCursor: model.filters.cursor != nil, isTypedPlace: !model.filters.near.isEmpty
        ).meaning
        return """
            <div class="empty-state nearby-state nearby-state--error" role="alert" data-state="\(Self.stateName(error, meaning))">
              <h3>\(text.errorTitle)</h3>
              <p>\(Self.message(error, meaning, model.filters, text))</p>
              <a class="button" href="\(model.filters.path)" data-retry>\(text.retry)</a>
            </div>
            """
    }

    /// The source failed and kept nothing but ids (Foursquare's terms): which places were here, each linked to its
    /// page on the source, and a way to try again. `nearby.js` shows it above what was on show, as any failure.
    private func idsOnly(_ seen: PlaceIDsSeen) -> HTML {
        let strings = model.strings
        let text = strings.nearby
        let sourceName = seen.source == .foursquare ? "Foursquare" : "OpenStreetMap"
        // The map's panel is small: its first few, and the whole list a press away.
        let isMap = model.filters.view == .map
        let shown = isMap ? Array(seen.ids.prefix(Self.idsOnMap)) : seen.ids
        let items = shown.map { id -> HTML in
            let short = String(PlaceIDsSeen.sourceID(id))
            let path = short.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let link =
                seen.source == .foursquare ? "https://foursquare.com/v/\(path)" : "https://www.openstreetmap.org/"
            return """
                <li data-place-id="\(id)"><a class="pill" href="\(link)" target="_blank" rel="noopener noreferrer">\
                \(text.placeID(short))</a></li>
                """
        }
        return """
            <div class="empty-state nearby-state nearby-state--offline" role="alert" data-state="ids-only">
              \(isMap ? nil : HTML("<div class=\"empty-state__art\" aria-hidden=\"true\">\(Icons.search)</div>"))
              <h3>\(text.reconnectTitle)</h3>
              <p>\(text.idsOnly(sourceName, seen.ids.count, strings.date(seen.seenAt)))</p>
              <ol class="seen" aria-label="\(text.placesSeen)" data-places-seen>\(items)</ol>
              \(shown.count < seen.ids.count ? HTML("<p><a href=\"\(model.filters.with(view: .list).path)\">\(text.showList)</a></p>") : nil)
              <a class="button button--primary" href="\(model.filters.path)" data-retry>\(text.retry)</a>
            </div>
            """
    }

    /// How many kept ids the map's panel shows.
    package static let idsOnMap = 4

    /// The state's name for `nearby.js` and the tests; the source's refusal of a typed place is an unknown place, as
    /// its status says (`NearbyFailure`).
    package static func stateName(_ error: PlaceSourceError, _ meaning: NearbyFailure.Meaning) -> String {
        switch error {
        case .refusedKey: "refused-key"
        case .rateLimited: "rate-limited"
        case .busy: "busy"
        case .unknownPlace: "unknown-place"
        case .onlyIDsKept: "ids-only"
        case .unavailable, .unreachable, .timedOut, .malformed: meaning == .unknownPlace ? "unknown-place" : "error"
        }
    }

    package static func message(
        _ error: PlaceSourceError, _ meaning: NearbyFailure.Meaning, _ filters: NearbyFilters,
        _ text: Strings.NearbyText
    ) -> String {
        switch meaning {
        case .unknownPlace: return text.unknownPlace(filters.near)
        case .badCursor: return text.badCursor
        default: break
        }
        return switch error.reason {
        case .refusedKey: text.refusedKey
        case .rateLimited(let retryAfter): text.rateLimited(retryAfter.map { max(1, Int($0.rounded(.up))) })
        case .unknownPlace: text.unknownPlace(filters.near)
        case .busy(let retryAfter): text.busy(max(1, Int(retryAfter.rounded(.up))))
        case .malformed: text.malformed
        case .unavailable, .unreachable, .timedOut, .onlyIDsKept: text.unreachable
        }
    }
}
