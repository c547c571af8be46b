import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysUpstream
import GiveawaysViews
import Hummingbird

/// Games and Discover: RAWG's popular games, its search, its genres and its games, only with a key; each game's page
/// says whether the game is free now, coming free or was free before (from the giveaway history). Without one, `/discover` explains how to enable it and no
/// RAWG request is ever made. RAWG failures get a clear page (the key is never shown), or the cached answer.
struct DiscoverRoutes: Sendable {
    let source: (any DiscoverSource)?
    let marks: any MarkRepository
    let images: ImageCache
    let readModel: ReadModel
    let clock: @Sendable () -> Date
    /// What visitors own: a game's page says "In your library" when the visitor owns it.
    var library: (any LibraryRepository)? = nil

    func register(on router: Router<AppRequestContext>) {
        let routes = SiteRouter(router, unmatched: { _, _ in throw HTTPError(.notFound) })
        routes.get(.games, use: games)
        routes.get(.gameImage, unmatched: { _, _ in ImageCache.placeholder() }, use: gameImage)
        routes.get(.discover, use: discover)
        routes.post(.discoverChoose, use: choose)
        routes.post(.discoverForget, use: forget)
        routes.get(.discoverGenre, use: genre)
        routes.get(.discoverGame, use: game)
        routes.post(.gameFavorite, use: setFavorite)
        routes.get(.gameFind, use: find)
        routes.get(.gameScreenshot, unmatched: { _, _ in ImageCache.placeholder() }, use: screenshot)
        routes.get(.discoverImage, unmatched: { _, _ in ImageCache.placeholder() }, use: image)
    }

    /// `GET /games?q=&sort=&page=` — RAWG's games in an ordering, or those whose name matches a search (with
    /// `X-Fragment: results`, only the results: search as you type and "More games").
    @Sendable func games(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard case .games(let query) = route else { throw HTTPError(.notFound) }
        let strings = context.strings
        guard let source else {
            return page(request, context, strings.games.heading, DiscoverPages.disabled(strings))
        }
        let answer = try await rawg(notFound: { $0.discover.noPage(query.page) }) {
            try await source.games(query, share: context.rawgShare)
        }
        var chosen: (slug: String, name: String)?
        if let slug = try await chosenGenre(context) {
            let name = (try? await source.genres().value.first { $0.slug == slug }?.name) ?? slug.capitalized
            chosen = (slug, name)
        }
        let kept = Set(try await marks.marks(of: context).ids(.favorite, of: .rawgGame))
        let view = GamesPage(
            model: .init(
                query: query, games: answer.value, staleSince: answer.staleSince, chosenGenre: chosen, kept: kept,
                strings: strings))
        if PageResponse.wantsFragment(request) { return PageResponse.html(view.results) }
        let title = query.search.map { "\($0) · \(strings.games.heading)" } ?? strings.games.heading
        return page(request, context, title, view.render())
    }

    /// `GET /games/image?q=&sort=&page=&game=ID` — the image of a game on that page of Games, looked up in RAWG's
    /// (cached) answer for it.
    @Sendable func gameImage(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard let source, case .gameImage(let query, let id) = route,
            let url = try? await source.games(query, share: context.rawgShare).value.games.first(where: { $0.id == id }
            )?.imageURL
        else {
            return ImageCache.placeholder()
        }
        return await images.response(for: url.absoluteString, request: request)
    }

    /// `GET /discover/image?genre=S` (a genre's tile), `?genre=S&page=N&game=ID` (a game on a genre's page) or
    /// `?game=ID` (a game's own page) — the image RAWG gave for it, through the image cache. The URL is looked up
    /// in RAWG's (cached) answer, never taken from the request: the proxy fetches nothing a visitor names.
    @Sendable func image(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard let source, case .discoverImage(let genre, let page, let game) = route,
            let url = await imageURL(genre: genre, page: page, game: game, source, share: context.rawgShare)
        else {
            return ImageCache.placeholder()
        }
        return await images.response(for: url.absoluteString, request: request)
    }

    private func imageURL(
        genre: String?, page: Int?, game: Int?, _ source: any DiscoverSource, share: UpstreamShare?
    ) async -> URL? {
        do {
            switch (genre, game) {
            case (let genre?, nil):
                return try await source.genres().value.first { $0.slug == genre }?.imageURL
            case (let genre?, let game?):
                return try await source.games(genre: genre, page: page ?? 1, share: share).value.games.first {
                    $0.id == game
                }?
                .imageURL
            case (nil, let game?):
                return try await source.game(id: game, share: share).value.game.imageURL
            case (nil, nil):
                return nil
            }
        } catch {
            return nil
        }
    }

    /// `GET /discover` — the remembered genre's games, or the genre tiles (`?genres=all` always shows the tiles).
    @Sendable func discover(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard case .discover(let showGenres) = route else { throw HTTPError(.notFound) }
        guard let source else {
            return page(request, context, context.strings.discover.heading, DiscoverPages.disabled(context.strings))
        }
        if !showGenres, let slug = try await chosenGenre(context) {
            return PageResponse.redirect(to: SiteRoute.discoverGenre(slug: slug, page: 1).path)
        }
        let genres = try await rawg { try await source.genres() }
        return page(
            request, context, context.strings.discover.heading,
            DiscoverPages.genres(genres.value, staleSince: genres.staleSince, strings: context.strings))
    }

    /// `POST /discover/genre` (`slug=`) — remembers the genre for this visitor's profile and opens it.
    @Sendable func choose(request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await FormBody(request: request, strings: context.strings)
        guard let slug = form["slug"].flatMap(SiteRoute.genreSlug) else {
            throw BadRequest { $0.discover.chooseGenre }
        }
        let profile = context.profile ?? .random()
        // Setting the one slot again replaces its text: no earlier choice to remove first.
        try await marks.setMark(.chosenGenre, on: Self.genreSlot, profile: profile, text: slug, at: clock())
        var response = PageResponse.redirect(to: SiteRoute.discoverGenre(slug: slug, page: 1).path)
        if context.profile == nil { response.setCookie(context.profileCookie(profile, request: request)) }
        return response
    }

    /// `POST /discover/forget` — "Change genre": forgets the choice and shows the tiles.
    @Sendable func forget(request: Request, context: AppRequestContext) async throws -> Response {
        if let profile = context.profile {
            try await marks.removeMark(.chosenGenre, on: Self.genreSlot, profile: profile)
        }
        return PageResponse.redirect(to: SiteRoute.discover(showGenres: true).path)
    }

    /// `GET /discover/{genre}?page=N` — a page of the genre's games (with `X-Fragment: results`, only the games).
    @Sendable func genre(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard case .discoverGenre(let slug, let pageNumber) = route else { throw HTTPError(.notFound) }
        guard let source else {
            return page(request, context, context.strings.discover.heading, DiscoverPages.disabled(context.strings))
        }
        let games = try await rawg(notFound: { $0.discover.noPage(pageNumber) }) {
            try await source.games(genre: slug, page: pageNumber, share: context.rawgShare)
        }
        let name = (try? await source.genres().value.first { $0.slug == slug }?.name) ?? slug.capitalized
        let chosen = try await chosenGenre(context) == slug
        let model = DiscoverPages.GenreModel(
            slug: slug, name: name, page: pageNumber, games: games.value, staleSince: games.staleSince,
            isRemembered: chosen, strings: context.strings)
        if PageResponse.wantsFragment(request) { return PageResponse.html(DiscoverPages.gameList(model)) }
        return page(request, context, "\(name) · \(context.strings.discover.heading)", DiscoverPages.genre(model))
    }

    /// `GET /discover/games/{id}` — one RAWG game.
    @Sendable func game(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard case .discoverGame(let id) = route else { throw HTTPError(.notFound) }
        guard let source else {
            return page(request, context, context.strings.discover.heading, DiscoverPages.disabled(context.strings))
        }
        let detail = try await rawg(notFound: { $0.discover.noGame(id) }) {
            try await source.game(id: id, share: context.rawgShare)
        }
        let snapshot = try await readModel.snapshot()
        let now = clock()
        let status = GameFreeStatus(
            gameTitled: detail.value.game.name, history: snapshot.gameHistory, stored: snapshot.stored, at: now)
        let isKept = try await marks.marks(of: context).mark(.favorite, on: .rawgGame(id)) != nil
        var ownedOn: OwnedSource?
        if let library, let profile = context.profile {
            ownedOn = try await library.library(of: profile).ownsGame(titled: detail.value.game.name)
        }
        // Screenshots are a nicety: a RAWG that fails them leaves the page without.
        let shots = (try? await source.screenshots(ofGame: id, share: context.rawgShare).value.count) ?? 0
        return page(
            request, context,
            "\(detail.value.game.name) · \(context.strings.games.heading)",
            DiscoverPages.game(
                detail.value, staleSince: detail.staleSince, strings: context.strings, freeStatus: status,
                isKept: isKept, screenshots: shots, now: now, ownedOn: ownedOn))
    }

    /// `GET /discover/games/{id}/screenshots/{n}` — a game's screenshot, looked up in RAWG's (cached) answer.
    @Sendable func screenshot(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard let source, case .gameScreenshot(let id, let index) = route,
            let shots = try? await source.screenshots(ofGame: id, share: context.rawgShare).value,
            shots.indices.contains(index)
        else {
            return ImageCache.placeholder()
        }
        return await images.response(for: shots[index].absoluteString, request: request)
    }

    /// `GET /games/find?title=` — the game a giveaway is of: RAWG's game whose normalised name is exactly the title's
    /// (a wrong game is worse than none), else Games' search for the title. A search answer is cached ten minutes.
    @Sendable func find(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard case .gameFind(let title) = route else { throw HTTPError(.notFound) }
        let search = SiteRoute.games(GameQuery(search: title)).path
        guard let source else { return PageResponse.redirect(to: search) }
        let found = try? await source.games(GameQuery(search: title), share: context.rawgShare).value.games
        if let game = found?.first(where: { GameTitle.normalized($0.name) == title }) {
            return PageResponse.redirect(to: SiteRoute.discoverGame(id: game.id).path)
        }
        return PageResponse.redirect(to: search)
    }

    /// `POST /discover/games/{id}/favorite` (`favorite=1` or `0`) — keeps a RAWG game in the visitor's Favorites,
    /// with what its card needs to show without RAWG (`KeptGame`), or lets it go. JSON for app.js; a redirect back
    /// (`back=`) without it. A browser gets its profile the first time it hearts something.
    @Sendable func setFavorite(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response
    {
        guard case .gameFavorite(let id) = route else { throw HTTPError(.notFound) }
        let form = try await FormBody(request: request, strings: context.strings)
        let isKept = form["favorite"] == "1"
        let profile = context.profile ?? .random()
        if isKept {
            guard let source else { throw AppError(.notFound) { $0.discover.noGame(id) } }
            // The game's card as RAWG gives it (a day's cached answer, usually: the visitor just saw the game).
            let detail = try await rawg(notFound: { $0.discover.noGame(id) }) {
                try await source.game(id: id, share: context.rawgShare)
            }
            try await marks.setMark(
                .favorite, on: .rawgGame(id), profile: profile, text: KeptGame(detail.value.game).text, at: clock())
        } else {
            try await marks.removeMark(.favorite, on: .rawgGame(id), profile: profile)
        }
        var response =
            request.headers[.accept]?.contains("application/json") == true
            ? try JSONResponse.encode(GameFavoriteJSON(game: id, favorite: isKept))
            : PageResponse.redirect(to: form.returnPath(fallback: SiteRoute.discoverGame(id: id).path))
        if context.profile == nil { response.setCookie(context.profileCookie(profile, request: request)) }
        return response
    }

    /// What app.js reads back from a heart on a game: which game, and whether it is kept now.
    struct GameFavoriteJSON: Encodable {
        let game: Int
        let favorite: Bool
    }

    // MARK: - Helpers

    private func page(_ request: Request, _ context: AppRequestContext, _ title: String, _ content: HTML) -> Response {
        PageResponse.html(
            Layout(request, context, title: "\(title) · GameGiveaways", section: .games, content: content).render())
    }

    /// A profile has one chosen genre at most: one mark on one fixed subject, whose text is the genre's slug.
    static let genreSlot = MarkSubject(kind: .genre, id: 1)

    private func chosenGenre(_ context: AppRequestContext) async throws -> String? {
        try await marks.marks(of: context).mark(.chosenGenre, on: Self.genreSlot)?.text
    }

    /// Runs a RAWG call and turns its failures into clear pages: 404 for what RAWG does not have, 429 with
    /// `Retry-After` for a client whose share of RAWG is spent, 502 (with the reason, never the key) for a refused
    /// key, throttling, errors and timeouts.
    private func rawg<Value>(
        notFound: @escaping @Sendable (Strings) -> String = { $0.discover.notFound },
        _ call: () async throws -> Value
    )
        async throws -> Value
    {
        do {
            return try await call()
        } catch let spent as UpstreamShareSpent {
            let seconds = max(1, Int(spent.retryAt.timeIntervalSince(clock()).rounded(.up)))
            throw AppError(.tooManyRequests, headers: [.retryAfter: String(seconds)]) { $0.discover.tooMany(seconds) }
        } catch let error as RAWGError {
            switch error {
            case .notFound: throw AppError(.notFound, notFound)
            case .badStatus(401, _), .badStatus(403, _):
                throw AppError(.badGateway) { $0.discover.refusedKey }
            case .throttled:
                throw AppError(.badGateway) { $0.discover.throttled }
            case .timedOut:
                throw AppError(.badGateway) { $0.discover.timedOut }
            default:
                throw AppError(.badGateway) { $0.discover.failed }
            }
        }
    }
}
