import Foundation
import GiveawaysDomain
import Hummingbird

/// "Claimed" and "Not interested" on giveaways, and the two list pages. Per anonymous profile, with the same
/// cookie and cross-site protection as hearts.
struct MarkRoutes: Sendable {
    let readModel: ReadModel
    let marks: any MarkRepository
    let profiles: any ProfileRepository
    let clock: @Sendable () -> Date

    func register(on router: Router<AppRequestContext>) {
        let routes = SiteRouter(router)
        routes.post(.mark, use: setMark)
        routes.get(.markedList, use: list)
    }

    /// `POST /giveaways/{id}/mark` with `claimed=1|0` or `not-interested=1|0` (the pressed button), or
    /// `kind=claimed|not-interested&on=1|0` — JSON for scripts and the page's script, a redirect back for plain forms.
    @Sendable func setMark(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        guard case .mark(let id) = route else { throw PageRoutes.notFound }
        let form = try await FormBody(request: request, strings: context.strings)
        // Either the pressed button of the pair (`claimed=1`, `not-interested=0`) or, for scripts, `kind=…&on=…`.
        let pressed = SiteRoute.MarkedList.allCases.first { form[$0.rawValue] != nil }
        guard let list = pressed ?? form["kind"].flatMap(SiteRoute.MarkedList.init(rawValue:)) else {
            throw BadRequest { $0.errors.badMarkKind }
        }
        let isOn: Bool
        switch pressed.map({ form[$0.rawValue] }) ?? form["on"] {
        case "1": isOn = true
        case "0": isOn = false
        default: throw BadRequest { $0.errors.badMarkSwitch }
        }
        let profile = context.profile ?? .random()
        if isOn {
            guard snapshot.stored[id] != nil else {
                throw AppError(.notFound) { $0.error.noSuchGiveaway(id) }
            }
            try await marks.setMark(list.mark, on: .giveaway(id), profile: profile, text: nil, at: clock())
        } else {
            try await marks.removeMark(list.mark, on: .giveaway(id), profile: profile)
        }
        var response =
            request.headers[.accept]?.contains("application/json") == true
            ? try JSONResponse.encode(MarkJSON(id: id, kind: list.rawValue, on: isOn))
            : PageResponse.redirect(to: form.returnPath(fallback: SiteRoute.details(id: id).path))
        if context.profile == nil {
            response.setCookie(context.profileCookie(profile, request: request))
        }
        return response
    }

    /// `GET /claimed` and `GET /not-interested` — this visitor's marked giveaways, N pages of them.
    @Sendable func list(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        guard case .markedList(let list, let pageNumber) = route else {
            throw PageRoutes.notFound
        }
        let now = clock()
        let visitor = try await VisitorReader(marks: marks, profiles: profiles).visitor(context, at: now)
        let page = MarkedListPage(
            model: .init(
                list: list, snapshot: snapshot, visitor: visitor, page: pageNumber, now: now, strings: context.strings))
        if PageResponse.wantsFragment(request) { return PageResponse.html(page.resultsFragment()) }
        return PageResponse.html(
            Layout(
                request, context, title: context.strings.pageTitle(page.title), section: .favorites,
                content: page.render()
            ).render())
    }
}

/// The answer to a scripted mark: the giveaway, the mark and its new state.
struct MarkJSON: Codable {
    let id: Int
    let kind: String
    let on: Bool
}
