import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysViews
import Hummingbird

/// A visitor's own marks on catalog games: notes that save themselves, and hiding a game (with a confirmation)
/// and restoring it. Per anonymous profile, the same cookie as hearts; stored in the marks table, so they survive
/// every sync, restart and the game leaving the catalog.
struct CatalogMarkRoutes: Sendable {
    let readModel: ReadModel
    let marks: any MarkRepository
    let clock: @Sendable () -> Date

    func register(on router: Router<AppRequestContext>) {
        let routes = SiteRouter(router, unmatched: { _, _ in throw HTTPError(.notFound) })
        routes.get(.catalogHidden, use: hiddenList)
        routes.post(.catalogRestoreAll, use: restoreAll)
        routes.post(.catalogNote, use: saveNote)
        routes.get(.catalogHide, use: confirmHide)
        routes.post(.catalogHide, use: setHidden)
    }

    /// `POST /free-to-play/{id}/note` — saves (or, when empty, removes) the visitor's notes on a game.
    @Sendable func saveNote(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        let id = try await game(route, context, expecting: { if case .catalogNote(let id) = $0 { id } else { nil } })
        let form = try await FormBody(request: request, maxBytes: 64 * 1024, strings: context.strings)
        let text = (form["note"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        guard text.count <= CatalogGamePage.maxNoteLength else {
            throw BadRequest { $0.catalog.notesLimit(CatalogGamePage.maxNoteLength) }
        }
        let profile = context.profile ?? .random()
        let now = clock()
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            try await marks.removeMark(.note, on: .game(id), profile: profile)
        } else {
            try await marks.setMark(.note, on: .game(id), profile: profile, text: text, at: now)
        }
        var response =
            wantsJSON(request)
            ? try JSONResponse.encode(NoteJSON(id: id, saved: true, savedAt: FeedDates.iso(now)))
            : PageResponse.redirect(to: form.returnPath(fallback: SiteRoute.catalogGame(id: id).path + "#notes"))
        if context.profile == nil { response.setCookie(context.profileCookie(profile, request: request)) }
        return response
    }

    /// `GET /free-to-play/{id}/hide` — "Hide this game?", for browsers without JavaScript (with it, a dialog asks).
    @Sendable func confirmHide(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response
    {
        let id = try await game(route, context, expecting: { if case .catalogHide(let id) = $0 { id } else { nil } })
        let title = try await readModel.snapshot().catalog.byID[id]?.game.title ?? ""
        let text = context.strings.catalog
        let hidden: HTML = "<a href=\"\(SiteRoute.catalogHidden.path)\">\(text.hiddenGames)</a>"
        let content: HTML = """
            <section class="hero hero--compact">
              <h1>\(text.hideTitle(title))</h1>
              <p>\(text.hideText(hidden))</p>
            </section>
            <form method="post" action="\(SiteRoute.catalogHide(id: id).path)" class="confirm">
              <input type="hidden" name="hidden" value="1">
              <input type="hidden" name="back" value="\(CatalogFilters().path)">
              <button type="submit" class="button button--primary">\(text.hideIt)</button>
              <a class="button" href="\(SiteRoute.catalogGame(id: id).path)">\(context.strings.link.cancel)</a>
            </form>
            """
        return PageResponse.html(
            Layout(
                request, context, title: context.strings.pageTitle(text.hideTitle(title)), section: .freeToPlay,
                content: content
            )
            .render())
    }

    /// `POST /free-to-play/{id}/hide` — `hidden=1` hides the game for this visitor, `hidden=0` restores it.
    @Sendable func setHidden(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        let id = try await game(route, context, expecting: { if case .catalogHide(let id) = $0 { id } else { nil } })
        let form = try await FormBody(request: request, strings: context.strings)
        let hide = form["hidden"] != "0"
        let profile = context.profile ?? .random()
        if hide {
            try await marks.setMark(.hidden, on: .game(id), profile: profile, text: nil, at: clock())
        } else {
            try await marks.removeMark(.hidden, on: .game(id), profile: profile)
        }
        var response =
            wantsJSON(request)
            ? try JSONResponse.encode(HiddenJSON(id: id, hidden: hide))
            : PageResponse.redirect(
                to: form.returnPath(fallback: hide ? CatalogFilters().path : SiteRoute.catalogGame(id: id).path))
        if context.profile == nil { response.setCookie(context.profileCookie(profile, request: request)) }
        return response
    }

    /// `GET /free-to-play/hidden` — the games this visitor hid, newest first, each with Restore.
    @Sendable func hiddenList(request: Request, context: AppRequestContext) async throws -> Response {
        let catalog = try await readModel.snapshot().catalog
        let visitor = try await marks.marks(of: context)
        let games = visitor.ids(.hidden, of: .game).compactMap { catalog.byID[$0] }
        let noted = visitor.all.filter { $0.kind == .note && $0.subject.kind == .game }
            .compactMap { mark in catalog.byID[mark.subject.id].map { ($0, mark.text ?? "") } }
        let page = HiddenGamesPage(games: games, noted: noted, strings: context.strings)
        return PageResponse.html(
            Layout(
                request, context, title: context.strings.pageTitle(context.strings.catalog.hiddenGames),
                section: .freeToPlay, content: page.render()
            ).render())
    }

    /// `POST /free-to-play/hidden/restore` — Restore all.
    @Sendable func restoreAll(request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await FormBody(request: request, strings: context.strings)
        if let profile = context.profile {
            for id in try await marks.marks(of: profile).ids(.hidden, of: .game) {
                try await marks.removeMark(.hidden, on: .game(id), profile: profile)
            }
        }
        return PageResponse.redirect(to: form.returnPath(fallback: SiteRoute.catalogHidden.path))
    }

    // MARK: - Helpers

    /// The game id of a request for `route`, checked against the catalog (removed games count: they keep marks).
    private func game(
        _ route: SiteRoute, _ context: AppRequestContext, expecting gameID: (SiteRoute) -> Int?
    ) async throws -> Int {
        guard let id = gameID(route) else {
            throw HTTPError(.notFound)
        }
        guard try await readModel.snapshot().catalog.byID[id] != nil else {
            throw AppError(.notFound) { $0.catalog.noSuchGame(id) }
        }
        return id
    }

    private func wantsJSON(_ request: Request) -> Bool {
        request.headers[.accept]?.contains("application/json") == true
    }
}

struct NoteJSON: Encodable {
    let id: Int
    let saved: Bool
    let savedAt: String
}

struct HiddenJSON: Encodable {
    let id: Int
    let hidden: Bool
}

/// `/free-to-play/hidden`: hidden games with Restore, and Restore all; then the games you wrote notes on (also
/// those that left the catalog, marked so).
struct HiddenGamesPage {
    let games: [StoredCatalogGame]
    var noted: [(game: StoredCatalogGame, text: String)] = []
    let strings: Strings

    private var notes: HTML? {
        guard !noted.isEmpty else { return nil }
        let rows = noted.map { entry -> HTML in
            let card = CatalogCard.Model(entry.game, strings: strings)
            let removed: HTML? =
                entry.game.isRemoved
                ? " <span class=\"badge badge--muted\">\(strings.catalog.noLongerInCatalog)</span>" : nil
            return """
                <li class="hidden-game" data-game-id="\(card.id)">
                  <img src="\(card.thumbnailPath)" alt="" width="120" height="68" loading="lazy">
                  <div><a href="\(card.path)#notes">\(card.title)</a>\(removed)<p>\(String(entry.text.prefix(140)))</p></div>
                </li>
                """
        }
        return """
            <section aria-labelledby="notes-title" class="noted-games">
              <h2 id="notes-title">\(strings.catalog.gamesWithNotes)</h2>
              <ul class="hidden-games">\(rows)</ul>
            </section>
            """
    }

    func render() -> HTML {
        let back = SiteRoute.catalogHidden.path
        let rows = games.map { stored -> HTML in
            let card = CatalogCard.Model(stored, strings: strings)
            let removed: HTML? =
                stored.isRemoved
                ? " <span class=\"badge badge--muted\">\(strings.catalog.noLongerInCatalog)</span>" : nil
            return """
                <li class="hidden-game" data-game-id="\(card.id)">
                  <img src="\(card.thumbnailPath)" alt="" width="120" height="68" loading="lazy">
                  <div><a href="\(card.path)">\(card.title)</a>\(removed)<p>\(card.genre)</p></div>
                  <form method="post" action="\(SiteRoute.catalogHide(id: card.id).path)">
                    <input type="hidden" name="hidden" value="0"><input type="hidden" name="back" value="\(back)">
                    <button type="submit" class="button" aria-label="\(strings.catalog.restoreGame(card.title))">\(strings.catalog.restoreButton)</button>
                  </form>
                </li>
                """
        }
        let body: HTML =
            games.isEmpty
            ? EmptyState(
                title: strings.catalog.noHiddenTitle, message: strings.catalog.noHiddenMessage,
                actionTitle: strings.catalog.browseFreeToPlay, actionPath: CatalogFilters().path
            ).render()
            : """
            <form method="post" action="\(SiteRoute.catalogRestoreAll.path)" class="hidden-games__all">
              <input type="hidden" name="back" value="\(CatalogFilters().path)">
              <button type="submit" class="button">\(strings.catalog.restoreAll(strings.number(games.count)))</button>
            </form>
            <ul class="hidden-games">\(rows)</ul>
            """
        return """
            <section class="hero hero--compact">
              <h1>\(strings.catalog.hiddenGames)</h1>
              <p>\(strings.catalog.hiddenIntro)</p>
            </section>
            \(body)
            \(notes)
            """
    }
}
