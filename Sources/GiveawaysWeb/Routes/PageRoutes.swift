import Foundation
import GiveawaysData
import GiveawaysDomain
import Hummingbird

/// The HTML pages, the heart and retry forms, images and static files.
struct PageRoutes<Repository: GiveawayRepository, Source: GiveawaySource>: Sendable {
    let feed: FeedStore<Repository, Source>
    let images: ImageCache
    let clock: @Sendable () -> Date

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
        let visitor = try context.requireVisitor()
        let snapshot = try await feed.snapshot()
        let slugs = Set(snapshot.giveaways.flatMap { $0.platforms.map(\.slug) })
        let filters = try HomeFilters(parameters: HomeFilters.parameters(of: request), platformSlugs: slugs)
        let now = clock()
        let results = ListGiveawaysUseCase().execute(snapshot.giveaways, query: filters.query, now: now)
        let page = HomePage(
            filters: filters, snapshot: snapshot, results: results,
            favorites: try await repository.favoriteIDs(profile: visitor.profile), visitor: visitor, now: now)
        if request.headers[.init("X-Fragment")!] == "results" {
            return PageResponse.html(page.resultsFragment())
        }
        return PageResponse.html(Layout(title: page.title, section: .home, content: page.render()).render())
    }

    /// `GET /giveaways/{id}` — Details, also for giveaways that left the feed.
    @Sendable func details(request: Request, context: AppRequestContext) async throws -> Response {
        let visitor = try context.requireVisitor()
        let id = try giveawayID(context)
        guard let stored = try await repository.storedGiveaway(id: id) else {
            throw HTTPError(.notFound, message: "There is no giveaway number \(id). It may never have existed.")
        }
        let isFavorite = try await repository.favoriteIDs(profile: visitor.profile).contains(id)
        let page = DetailsPage(stored: stored, isFavorite: isFavorite, visitor: visitor, now: clock())
        return PageResponse.html(
            Layout(
                title: page.title, section: nil, content: page.render(),
                description: String(stored.giveaway.description.prefix(160))
            ).render())
    }

    /// `POST /giveaways/{id}/favorite` — heart or un-heart; JSON for scripts, a redirect back for plain forms.
    @Sendable func setFavorite(request: Request, context: AppRequestContext) async throws -> Response {
        let visitor = try context.requireVisitor()
        let id = try giveawayID(context)
        let form = try await FormBody(request: request)
        try VisitorMiddleware.verify(token: form["csrf"], for: visitor)
        let isFavorite = form["favorite"] == "1"
        do {
            try await repository.setFavorite(isFavorite, giveawayID: id, profile: visitor.profile, at: clock())
        } catch is GiveawayNotFound {
            throw HTTPError(.notFound, message: "There is no giveaway number \(id) to save.")
        }
        if request.headers[.accept]?.contains("application/json") == true {
            return try JSONResponse.encode(FavoriteJSON(id: id, favorite: isFavorite))
        }
        return PageResponse.redirect(to: form.returnPath(fallback: "/giveaways/\(id)"))
    }

    /// `GET /more` — the Epic carousel and the platform shelves.
    @Sendable func more(request: Request, context: AppRequestContext) async throws -> Response {
        let visitor = try context.requireVisitor()
        let page = MorePage(
            snapshot: try await feed.snapshot(), favorites: try await repository.favoriteIDs(profile: visitor.profile),
            visitor: visitor, now: clock())
        return PageResponse.html(Layout(title: "More · GameGiveaways", section: .more, content: page.render()).render())
    }

    /// `GET /favorites` — this browser's hearted giveaways.
    @Sendable func favorites(request: Request, context: AppRequestContext) async throws -> Response {
        let visitor = try context.requireVisitor()
        let page = FavoritesPage(
            favorites: try await repository.favorites(profile: visitor.profile), visitor: visitor, now: clock())
        return PageResponse.html(
            Layout(title: "Favorites · GameGiveaways", section: .favorites, content: page.render()).render())
    }

    /// `POST /sync` — the Retry button: starts a sync in the background and goes back at once.
    @Sendable func syncNow(request: Request, context: AppRequestContext) async throws -> Response {
        let visitor = try context.requireVisitor()
        let form = try await FormBody(request: request)
        try VisitorMiddleware.verify(token: form["csrf"], for: visitor)
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
