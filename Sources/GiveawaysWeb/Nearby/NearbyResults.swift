import Foundation
import GiveawaysDomain

/// The results section of `/nearby`: the source and its credit, the offline note, then the cards with "Load more"
/// — or the empty or failed state. `nearby.js` fetches it alone (`X-Fragment: results`) to search again or add a page.
struct NearbyResults {
    let model: NearbyPage.Model

    func render() -> HTML {
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
        guard !page.places.isEmpty else {
            let zoomOut = model.filters.zoomedOut(from: model.center)
            return """
                \(credit(page.source))
                \(stale)
                <div class="empty-state nearby-state" data-state="empty">
                  <div class="empty-state__art" aria-hidden="true">\(Icons.search)</div>
                  <h3>\(text.emptyTitle)</h3>
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
        return """
            \(credit(page.source))
            \(stale)
            <ol class="place-list" data-place-list data-state="places">\(cards)\(more)</ol>
            """
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
        return """
            <div class="empty-state nearby-state nearby-state--error" role="alert" data-state="\(Self.stateName(error))">
              <h3>\(text.errorTitle)</h3>
              <p>\(Self.message(error, model.filters, text))</p>
              <a class="button" href="\(model.filters.path)" data-retry>\(text.retry)</a>
            </div>
            """
    }

    static func stateName(_ error: PlaceSourceError) -> String {
        switch error {
        case .refusedKey: "refused-key"
        case .rateLimited: "rate-limited"
        case .unknownPlace: "unknown-place"
        case .unavailable, .unreachable, .malformed: "error"
        }
    }

    static func message(_ error: PlaceSourceError, _ filters: NearbyFilters, _ text: Strings.NearbyText) -> String {
        switch error {
        case .refusedKey: text.refusedKey
        case .rateLimited(let retryAfter): text.rateLimited(retryAfter.map { max(1, Int($0.rounded(.up))) })
        case .unknownPlace: text.unknownPlace(filters.near)
        case .malformed: text.malformed
        case .unavailable, .unreachable: text.unreachable
        }
    }
}
