import Foundation
import GiveawaysData
import GiveawaysDomain
import Hummingbird

/// The HTML pages, the heart and retry forms, images and static files.
struct PageRoutes<Repository: GiveawayRepository, Source: GiveawaySource>: Sendable {
    let feed: FeedStore<Repository, Source>
    let images: ImageCache
    let clock: @Sendable () -> Date
    let pages = RenderedPages()

    var repository: Repository { feed.repository }

    func register(on router: Router<AppRequestContext>) {
        router.get("/", use: home)
        router.get("/giveaways/:id", use: details)
        router.post("/giveaways/:id/favorite", use: setFavorite)
        router.get("/more", use: more)
        router.get("/favorites", use: favorites)
        router.post("/sync", use: syncNow)
        router.get("/images/:id/:kind", use: image)
        router.get("/static/:file") { request, context in
            try StaticAssets.response(name: context.parameters.require("file"), request: request)
        }
        router.get("/healthz") { _, _ in
            try JSONResponse.encode(["status": "ok"])
        }
    }

    /// `GET /` — Home; with `X-Fragment: results`, only the results (for live search).
    @Sendable func home(request: Request, context: AppRequestContext) async throws -> Response {
        let snapshot = try await feed.snapshot()
        let filters = try HomeFilters(
            parameters: HomeFilters.parameters(of: request), platformSlugs: snapshot.platformSlugs)
        let now = clock()
        let favorites = try await favoriteIDs(context)
        let fragment = request.headers[.init("X-Fragment")!] == "results"
        let render = {
            let results = ListGiveawaysUseCase().execute(
                snapshot.giveaways, query: filters.query, now: now,
                index: filters.query.search.isEmpty ? nil : snapshot.searchIndex)
            let page = HomePage(
                filters: filters, snapshot: snapshot, results: results, favorites: favorites, now: now)
            if fragment { return page.resultsFragment() }
            return Layout(title: page.title, section: .home, content: page.render()).render()
        }
        guard favorites.isEmpty else { return PageResponse.html(render()) }
        return await pages.response(
            for: .init(uri: filters.path, fragment: fragment), generation: snapshot.generation, now: now, render: render
        )
    }

    /// `GET /giveaways/{id}` — Details, also for giveaways that left the feed.
    @Sendable func details(request: Request, context: AppRequestContext) async throws -> Response {
        let id = try giveawayID(context)
        let isFavorite = try await favoriteIDs(context).contains(id)
        let snapshot = try await feed.snapshot()
        let now = clock()
        let key = RenderedPages.Key(uri: "/giveaways/\(id)", fragment: false)
        // Pages of giveaways in the feed change only with a sync; older ones are read from the store each time.
        if !isFavorite, snapshot.byID[id] != nil {
            return try await pages.response(for: key, generation: snapshot.generation, now: now) {
                guard let stored = try await repository.storedGiveaway(id: id) else { throw Self.noSuchGiveaway(id) }
                return Self.details(stored, isFavorite: false, now: now)
            }
        }
        guard let stored = try await repository.storedGiveaway(id: id) else { throw Self.noSuchGiveaway(id) }
        return PageResponse.html(Self.details(stored, isFavorite: isFavorite, now: now))
    }

    /// `POST /giveaways/{id}/favorite` — heart or un-heart; JSON for scripts, a redirect back for plain forms.
    @Sendable func setFavorite(request: Request, context: AppRequestContext) async throws -> Response {
        let id = try giveawayID(context)
        let form = try await FormBody(request: request)
        let isFavorite = form["favorite"] == "1"
        // A browser gets its profile the first time it hearts something.
        let profile = context.profile ?? .random()
        do {
            try await repository.setFavorite(isFavorite, giveawayID: id, profile: profile, at: clock())
        } catch is GiveawayNotFound {
            throw HTTPError(.notFound, message: "There is no giveaway number \(id) to save.")
        }
        var response =
            request.headers[.accept]?.contains("application/json") == true
            ? try JSONResponse.encode(FavoriteJSON(id: id, favorite: isFavorite))
            : PageResponse.redirect(to: form.returnPath(fallback: "/giveaways/\(id)"))
        if context.profile == nil {
            response.setCookie(VisitorMiddleware.profileCookie(profile, request: request))
        }
        return response
    }

    /// `GET /more` — the Epic carousel and the platform shelves.
    @Sendable func more(request: Request, context: AppRequestContext) async throws -> Response {
        let snapshot = try await feed.snapshot()
        let favorites = try await favoriteIDs(context)
        let now = clock()
        let render = {
            let page = MorePage(snapshot: snapshot, favorites: favorites, now: now)
            return Layout(title: "More · GameGiveaways", section: .more, content: page.render()).render()
        }
        guard favorites.isEmpty else { return PageResponse.html(render()) }
        return await pages.response(
            for: .init(uri: "/more", fragment: false), generation: snapshot.generation, now: now, render: render)
    }

    /// `GET /favorites` — this browser's hearted giveaways.
    @Sendable func favorites(request: Request, context: AppRequestContext) async throws -> Response {
        var favorites: [StoredGiveaway] = []
        if let profile = context.profile { favorites = try await repository.favorites(profile: profile) }
        let page = FavoritesPage(favorites: favorites, now: clock())
        return PageResponse.html(
            Layout(title: "Favorites · GameGiveaways", section: .favorites, content: page.render()).render())
    }

    /// `POST /sync` — the Retry button: starts a sync in the background and goes back at once.
    @Sendable func syncNow(request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let feed = self.feed
        Task { await feed.sync() }
        return PageResponse.redirect(to: form.returnPath(fallback: "/"))
    }

    /// `GET /images/{id}/{thumbnail|image}` — a giveaway's image through the local cache.
    @Sendable func image(request: Request, context: AppRequestContext) async throws -> Response {
        let id = try giveawayID(context)
        let kind = try context.parameters.require("kind")
        guard kind == "thumbnail" || kind == "image" else { throw HTTPError(.notFound) }
        let snapshot = try await feed.snapshot()
        let giveaway: Giveaway?
        if let live = snapshot.byID[id] {
            giveaway = live
        } else {
            giveaway = try await repository.storedGiveaway(id: id)?.giveaway
        }
        guard let giveaway else { throw HTTPError(.notFound) }
        return await images.response(for: kind == "image" ? giveaway.imageURL : giveaway.thumbnailURL, request: request)
    }

    private static func details(_ stored: StoredGiveaway, isFavorite: Bool, now: Date) -> HTML {
        let page = DetailsPage(stored: stored, isFavorite: isFavorite, now: now)
        return Layout(
            title: page.title, section: nil, content: page.render(),
            description: String(stored.giveaway.description.prefix(160))
        ).render()
    }

    private static func noSuchGiveaway(_ id: Int) -> HTTPError {
        HTTPError(.notFound, message: "There is no giveaway number \(id). It may never have existed.")
    }

    /// The visitor's hearted ids; a browser without a profile has none, and costs no database read.
    private func favoriteIDs(_ context: AppRequestContext) async throws -> Set<Int> {
        guard let profile = context.profile else { return [] }
        return try await repository.favoriteIDs(profile: profile)
    }

    private func giveawayID(_ context: AppRequestContext) throws -> Int {
        guard let text = context.parameters.get("id"), let id = Int(text), id > 0 else {
            throw HTTPError(.notFound, message: "There is no giveaway at this address.")
        }
        return id
    }
}

/// The answer to a scripted heart: the giveaway and its new state.
struct FavoriteJSON: Encodable {
    let id: Int
    let favorite: Bool
}
