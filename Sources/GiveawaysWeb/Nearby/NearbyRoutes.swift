import Foundation
import GiveawaysDomain
import HTTPTypes
import Hummingbird

/// `/nearby`: searches the place source for the URL's area, query and kind, and shows the list or the map. A failed
/// search is a page of its own (with Retry, never the key); bad parameters are the app's 400 page.
struct NearbyRoutes: Sendable {
    /// `nil`: Nearby is off on this server.
    let services: NearbyServices?
    let clock: @Sendable () -> Date

    func register(on router: Router<AppRequestContext>) {
        let routes = SiteRouter(router, unmatched: { _, _ in throw HTTPError(.notFound) })
        routes.get(.nearby, use: nearby)
    }

    /// `GET /nearby?view=&ll=&z=&q=&cat=&near=&cursor=` — the page, or with `X-Fragment: results` its results alone.
    @Sendable func nearby(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard case .nearby(let filters) = route else { throw HTTPError(.notFound) }
        let strings = context.strings
        guard let services else {
            return page(request, context, NearbyPage.notSetUp(strings))
        }
        let outcome: NearbyPage.Outcome
        do {
            outcome = .places(
                try await services.places.search(filters.placeQuery(defaultCenter: services.defaultCenter)))
        } catch {
            outcome = .failed(error)
        }
        let model = NearbyPage.Model(
            filters: filters, outcome: outcome, defaultCenter: services.defaultCenter, strings: strings)
        var response =
            PageResponse.wantsFragment(request)
            ? PageResponse.html(NearbyResults(model: model).render())
            : page(request, context, NearbyPage(model: model).render())
        if case .failed(let error) = outcome {
            response.status = Self.status(error)
            if case .rateLimited(let seconds?) = error {
                response.headers[.retryAfter] = String(max(1, Int(seconds.rounded(.up))))
            }
        }
        return response
    }

    /// A failure's status: the source's fault is a gateway's (502, 503 when it asks to wait, 504 without an
    /// answer); a typed place nothing matches is 404.
    static func status(_ error: PlaceSourceError) -> HTTPResponse.Status {
        switch error {
        case .refusedKey, .unavailable, .malformed: .badGateway
        case .rateLimited: .serviceUnavailable
        case .unreachable: .gatewayTimeout
        case .unknownPlace: .notFound
        }
    }

    private func page(_ request: Request, _ context: AppRequestContext, _ content: HTML) -> Response {
        PageResponse.html(
            Layout(
                request, context, title: "\(context.strings.nearby.heading) · GameGiveaways", section: .more,
                content: content, description: context.strings.nearby.intro
            ).render())
    }
}
