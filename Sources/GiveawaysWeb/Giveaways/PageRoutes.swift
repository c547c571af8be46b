import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysViews
import Hummingbird

/// The HTML pages, the heart and retry forms, images and static files. Reads the read model; writes marks.
struct PageRoutes: Sendable {
    let readModel: ReadModel
    let marks: any MarkRepository
    let profiles: any ProfileRepository
    let images: ImageCache
    let syncNow: SyncTrigger
    /// RAWG, when Games is on (a RAWG key is set): Details then links a game to its page there, and `/status` shows
    /// the month's RAWG requests.
    let games: (any DiscoverSource)?
    let clock: @Sendable () -> Date
    /// What visitors own, for their cards and the "hide games I own" rule; `nil` reads none.
    var library: (any LibraryRepository)? = nil

    func register(on router: Router<AppRequestContext>) {
        let routes = SiteRouter(router, platformSlugs: { [readModel] in try await readModel.snapshot().platformSlugs })
        routes.get(.home, use: home)
        routes.get(.details, use: details)
        routes.post(.favorite, use: setFavorite)
        routes.get(.more, use: more)
        routes.get(.favorites, use: favorites)
        routes.get(.status, use: status)
        routes.post(.sync, use: sync)
        routes.get(.image, unmatched: { _, _ in throw HTTPError(.notFound) }, use: image)
        routes.get(.staticAsset) { request, _, route in
            guard case .staticAsset(let name, _) = route else { throw HTTPError(.notFound) }
            return try StaticAssets.response(name: name, request: request)
        }
        routes.get(.manifest) { _, _ in WebManifest.response() }
        routes.get(.serviceWorker) { _, _ in ServiceWorker.response() }
        routes.get(.offline) { _, context in
            PageResponse.html(ServiceWorker.offlinePage(context.strings))
        }
        routes.get(.language, use: chooseLanguage)
    }

    private var visitors: VisitorReader { VisitorReader(marks: marks, profiles: profiles, library: library) }

    // MARK: - Pages

    /// `GET /` — Home; with `X-Fragment: results`, only the results (for live search).
    @Sendable func home(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        guard case .home(let filters) = route else { throw Self.notFound }
        let now = clock()
        let visitor = try await visitors.visitor(context, at: now)
        let page = PageDescription.personal { renderer in
            HomePage(
                model: .init(
                    filters: filters,
                    selection: readModel.homeSelection(filters, snapshot: snapshot, visitor: visitor, now: now),
                    visitor: visitor, now: now, renderer: renderer))
        }
        return readModel.answer(page, for: visitor, request, context, snapshot: snapshot, now: now)
    }

    /// `GET /giveaways/{id}` — Details, also for giveaways that left the feed.
    @Sendable func details(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        guard case .details(let id) = route else { throw Self.notFound }
        guard let stored = snapshot.stored[id] else {
            // An id merged into another giveaway's (GamerPower's, once the store listed it first) still leads to it.
            if let published = snapshot.aliases[id] {
                // 302, not 301: which id a merged giveaway is published under is worked out on every reload.
                return Response(status: .found, headers: [.location: SiteRoute.details(id: published).path])
            }
            throw AppError(.notFound) { $0.error.noSuchGiveaway(id) }
        }
        let now = clock()
        let visitor = try await visitors.visitor(context, at: now)
        let page = PageDescription.whole {
            let game = snapshot.gameByGiveaway[id].flatMap { snapshot.catalog.byID[$0]?.game }
            let history = snapshot.gameHistory.others(of: id)
            let claimed = history.last { visitor.marks.has(.claimed, on: .giveaway($0.giveawayID)) }
            let page = DetailsPage(
                model: .init(
                    stored: stored, marks: visitor.cardMarks(stored.giveaway, stored: stored), now: now,
                    strings: context.strings, catalogGame: game, history: history, claimedElsewhere: claimed,
                    linksGames: games != nil))
            return Layout(
                request, context, title: page.model.pageTitle, section: nil, content: page.render(),
                description: page.model.metaDescription
            ).render()
        }
        return readModel.answer(page, for: visitor, request, context, snapshot: snapshot, now: now)
    }

    /// `GET /more` — the Epic carousel and the platform shelves.
    @Sendable func more(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        guard case .more(let showAll) = route else { throw Self.notFound }
        let now = clock()
        let visitor = try await visitors.visitor(context, at: now)
        let page = PageDescription.personal { renderer in
            MorePage(
                model: .init(
                    selection: readModel.moreSelection(
                        snapshot: snapshot, visitor: visitor, showAll: showAll, now: now),
                    visitor: visitor, showAll: showAll, now: now, renderer: renderer))
        }
        return readModel.answer(page, for: visitor, request, context, snapshot: snapshot, now: now)
    }

    /// `GET /favorites?page=N` — this browser's hearted giveaways, N pages of them.
    @Sendable func favorites(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        guard case .favorites(let pageNumber) = route else { throw Self.notFound }
        let now = clock()
        let visitor = try await visitors.visitor(context, at: now)
        let page = PageDescription.personal { renderer in
            FavoritesPage(
                model: .init(
                    favorites: visitor.marks.ids(.favorite, of: .giveaway).compactMap { snapshot.stored[$0] },
                    visitor: visitor, page: pageNumber, renderer: renderer))
        }
        return readModel.answer(page, for: visitor, request, context, snapshot: snapshot, now: now)
    }

    /// `GET /status` — each source's sync health. Rendered on every request, never kept in the page cache: it
    /// shows the scheduler's state (running, next run) and every sync's time, which change without the pages'
    /// data changing.
    @Sendable func status(request: Request, context: AppRequestContext) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        let now = clock()
        let strings = context.strings
        let health = readModel.health(snapshot).map { source in
            var source = source
            source.waitsUntil = syncNow.waitsUntil(source.source)
            return source
        }
        let page = StatusPage(
            sources: health.map { .init($0, now: now, strings: strings) },
            rawgRequests: await games?.requestsThisMonth(at: now), strings: strings)
        return PageResponse.html(
            Layout(
                request, context, title: strings.pageTitle(strings.status.pageTitle), section: .status,
                content: page.render()
            ).render())
    }

    // MARK: - Forms

    /// `GET /language?lang=de&back=/path` — the footer's language switch. `LanguageMiddleware` remembers the
    /// choice in the `lang` cookie (as for any `?lang=`); this goes back to the page, on this site only. No
    /// profile is created.
    @Sendable func chooseLanguage(
        request: Request, context: AppRequestContext, route: SiteRoute
    ) async throws -> Response {
        guard case .language(_, let back) = route else { throw Self.notFound }
        return PageResponse.redirect(to: back)
    }

    /// `POST /giveaways/{id}/favorite` — heart or un-heart; JSON for scripts, a redirect back for plain forms.
    @Sendable func setFavorite(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response
    {
        let snapshot = try await readModel.snapshot()
        guard case .favorite(let id) = route else { throw Self.notFound }
        let form = try await FormBody(request: request, strings: context.strings)
        let isFavorite = form["favorite"] == "1"
        // A browser gets its profile the first time it hearts something.
        let profile = context.profile ?? .random()
        if isFavorite {
            guard snapshot.stored[id] != nil else {
                throw AppError(.notFound) { $0.error.noSuchGiveaway(id) }
            }
            try await marks.setMark(.favorite, on: .giveaway(id), profile: profile, text: nil, at: clock())
        } else {
            try await marks.removeMark(.favorite, on: .giveaway(id), profile: profile)
        }
        var response =
            request.headers[.accept]?.contains("application/json") == true
            ? try JSONResponse.encode(FavoriteJSON(id: id, favorite: isFavorite))
            : PageResponse.redirect(to: form.returnPath(fallback: SiteRoute.details(id: id).path))
        if context.profile == nil {
            response.setCookie(context.profileCookie(profile, request: request))
        }
        return response
    }

    /// `POST /sync` — the Retry button: starts a sync in the background and goes back at once.
    @Sendable func sync(request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await FormBody(request: request, strings: context.strings)
        // The status page names the source; the offline banner's Retry is about the giveaways.
        let source = form["source"].flatMap(SourceID.init(rawValue:)) ?? .gamerpower
        guard readModel.sources.contains(source) else {
            throw BadRequest { [source = String(form["source"]?.prefix(40) ?? "")] in $0.errors.unknownSource(source) }
        }
        syncNow(source)
        return PageResponse.redirect(to: form.returnPath(fallback: SiteRoute.homePath))
    }

    /// `GET /images/{id}/{thumbnail|image}` — a giveaway's image through the local cache.
    @Sendable func image(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        guard case .image(let id, let kind) = route, let stored = snapshot.stored[id] else {
            throw HTTPError(.notFound)
        }
        let giveaway = stored.giveaway
        return await images.response(for: kind == .image ? giveaway.imageURL : giveaway.thumbnailURL, request: request)
    }

    // MARK: - Helpers

    /// Shown in the page's language by `ErrorPageMiddleware`.
    static let notFound = AppError(.notFound) { $0.error.noPage }
}

/// The answer to a scripted heart: the giveaway and its new state.
struct FavoriteJSON: Codable {
    let id: Int
    let favorite: Bool
}
