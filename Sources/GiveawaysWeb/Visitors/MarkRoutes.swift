import Foundation
import GiveawaysDomain
import GiveawaysViews
import Hummingbird

/// "Claimed" and "Not interested" on giveaways, and the two list pages. Per anonymous profile, with the same
/// cookie and cross-site protection as hearts.
struct MarkRoutes: Sendable {
    let readModel: ReadModel
    let marks: any MarkRepository
    let profiles: any ProfileRepository
    let clock: @Sendable () -> Date
    /// What visitors own, for their cards and the "hide games I own" rule; `nil` reads none.
    var library: (any LibraryRepository)? = nil

    func register(on router: Router<AppRequestContext>) {
        let routes = SiteRouter(router)
        routes.post(.mark, use: setMark)
        routes.get(.markedList, use: list)
    }

    /// `POST /giveaways/{id}/mark` with `claimed=1|0`, `not-interested=1|0` or `favorite=1|0` (the pressed button of a
    /// card, whose heart shares the form), or `kind=claimed|not-interested&on=1|0` — JSON for scripts and the page's
    /// script, a redirect back for plain forms: to `back`, else to the page the press came from.
    @Sendable func setMark(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        guard case .mark(let id) = route else { throw PageRoutes.notFound }
        let form = try await FormBody(request: request, strings: context.strings)
        // Either the pressed button of the pair (`claimed=1`, `not-interested=0`) or, for scripts, `kind=…&on=…`.
        let pressed = SiteRoute.MarkedList.allCases.first { form[$0.rawValue] != nil }
        let isHeart = pressed == nil && form["favorite"] != nil
        let kind: String
        let mark: MarkKind
        if isHeart {
            (kind, mark) = ("favorite", .favorite)
        } else if let list = pressed ?? form["kind"].flatMap(SiteRoute.MarkedList.init(rawValue:)) {
            (kind, mark) = (list.rawValue, list.mark)
        } else {
            throw BadRequest { $0.errors.badMarkKind }
        }
        let isOn: Bool
        switch isHeart ? form["favorite"] : pressed.map({ form[$0.rawValue] }) ?? form["on"] {
        case "1": isOn = true
        case "0": isOn = false
        default: throw BadRequest { $0.errors.badMarkSwitch }
        }
        let profile = context.profile ?? .random()
        if isOn {
            guard snapshot.stored[id] != nil else {
                throw AppError(.notFound) { $0.error.noSuchGiveaway(id) }
            }
            try await marks.setMark(mark, on: .giveaway(id), profile: profile, text: nil, at: clock())
        } else {
            try await marks.removeMark(mark, on: .giveaway(id), profile: profile)
        }
        // A card's form carries no `back` (a hundred cards, a hundred copies): the page it was sent from is the way
        // back, and Details when the browser does not say.
        let referer = request.headers[.referer].flatMap(URLComponents.init(string:)).map {
            $0.percentEncodedPath + ($0.percentEncodedQuery.map { "?" + $0 } ?? "")
        }
        let back = SiteRoute.safeReturnPath(referer) ?? SiteRoute.details(id: id).path
        var response =
            request.headers[.accept]?.contains("application/json") == true
            ? try JSONResponse.encode(MarkJSON(id: id, kind: kind, on: isOn))
            : PageResponse.redirect(to: form.returnPath(fallback: back))
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
        let visitor = try await VisitorReader(marks: marks, profiles: profiles, library: library).visitor(
            context, at: now)
        let page = PageDescription.personal { renderer in
            MarkedListPage(
                model: .init(list: list, snapshot: snapshot, visitor: visitor, page: pageNumber, renderer: renderer))
        }
        return readModel.answer(page, for: visitor, request, context, snapshot: snapshot, now: now)
    }
}

/// The answer to a scripted mark: the giveaway, the mark and its new state.
struct MarkJSON: Codable {
    let id: Int
    let kind: String
    let on: Bool
}
