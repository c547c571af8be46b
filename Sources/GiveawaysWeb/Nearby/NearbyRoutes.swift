import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysViews
import HTTPTypes
import Hummingbird

/// `/nearby`: searches the place source for the URL's area, query and kind, and shows the list or the map. A failed
/// search is a page of its own (with Retry, never the key); bad parameters are the app's 400 page. A visitor with a
/// profile gets back the area they last searched when they come without one.
struct NearbyRoutes: Sendable {
    /// `nil`: Nearby is off on this server.
    let services: NearbyServices?
    /// Where a visitor's last area is kept; `nil` keeps none.
    var profiles: (any ProfileRepository)?
    let clock: @Sendable () -> Date

    func register(on router: Router<AppRequestContext>) {
        let routes = SiteRouter(router, unmatched: { _, _ in throw HTTPError(.notFound) })
        routes.get(.nearby, use: nearby)
    }

    /// `GET /nearby?view=&ll=&z=&q=&cat=&near=&cursor=` — the page, or with `X-Fragment: results` its results alone.
    @Sendable func nearby(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard case .nearby(var filters) = route else { throw HTTPError(.notFound) }
        let strings = context.strings
        guard let services else {
            return page(request, context, NearbyPage.notSetUp(strings))
        }
        let remembered = await rememberedArea(context)
        if filters.center == nil, filters.near.isEmpty, let remembered {
            filters.center = remembered.center
            filters.zoom = filters.zoom ?? remembered.zoom
        }
        let query = filters.placeQuery(defaultCenter: services.defaultCenter)
        let outcome: NearbyPage.Outcome
        do {
            outcome = .places(try await services.search(query, share: context.nearbySearches))
        } catch {
            outcome = .failed(error)
        }
        let model = NearbyPage.Model(
            filters: filters, outcome: outcome, defaultCenter: services.defaultCenter, strings: strings)
        await remember(model, context, before: remembered)
        var response =
            PageResponse.wantsFragment(request)
            ? PageResponse.html(NearbyResults(model: model).render())
            : page(request, context, NearbyPage(model: model).render())
        if case .failed(let error) = outcome {
            // The API's status for the same failure (`NearbyFailure`).
            let failure = NearbyFailure(error, query: query)
            response.status = failure.status
            if let seconds = failure.retryAfter { response.headers[.retryAfter] = String(seconds) }
        }
        return response
    }

    // MARK: - The visitor's last area

    /// The visitor's last area, when the store answers: Nearby needs no database, so one that is down (PostgreSQL
    /// stopped) costs the visitor only their remembered area.
    private func rememberedArea(_ context: AppRequestContext) async -> NearbyArea? {
        guard let profiles, let profile = context.profile else { return nil }
        do {
            return try await profiles.settings(of: profile).nearbyArea
        } catch {
            context.logger.notice("could not read the visitor's last Nearby area", metadata: ["reason": "\(error)"])
            return nil
        }
    }

    /// Keeps the area the page shows when the visitor chose it (a centre in the URL, or a typed place that was
    /// found) and places came for it, in their profile only; the server's default centre is not theirs. Written
    /// only when it moved; a store that is down loses only this.
    private func remember(_ model: NearbyPage.Model, _ context: AppRequestContext, before: NearbyArea?) async {
        guard let profiles, let profile = context.profile, case .places(let page) = model.outcome else { return }
        let chosen = model.filters.center != nil || (!model.filters.near.isEmpty && page.area != nil)
        guard chosen, let area = NearbyArea(center: model.center, zoom: model.zoom), area != before else { return }
        do {
            try await profiles.saveNearbyArea(area, for: profile, at: clock())
        } catch {
            context.logger.notice("could not keep the visitor's last Nearby area", metadata: ["reason": "\(error)"])
        }
    }

    private func page(_ request: Request, _ context: AppRequestContext, _ content: HTML) -> Response {
        PageResponse.html(
            Layout(
                request, context, title: "\(context.strings.nearby.heading) · GameGiveaways", section: .nearby,
                content: content, description: context.strings.nearby.intro
            ).render())
    }
}
