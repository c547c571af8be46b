import Foundation
import GiveawaysDomain
import GiveawaysViews
import Hummingbird

/// The free-to-play catalog: the list, a game's page and its images (search suggestions are in `APIRoutes`).
/// Reads the read model; a game's page may fetch that game's detail.
struct CatalogRoutes: Sendable {
    let readModel: ReadModel
    let marks: any MarkRepository
    let details: CatalogDetails?
    let images: ImageCache
    let clock: @Sendable () -> Date

    /// How long a game's page waits for a first fetch of its detail before it shows the list data.
    static let detailWait: Duration = .milliseconds(1500)

    func register(on router: Router<AppRequestContext>) {
        let routes = SiteRouter(router, unmatched: { _, _ in throw HTTPError(.notFound) })
        routes.get(.freeToPlay, use: list)
        routes.get(.catalogGame, use: game)
        routes.get(.catalogImage, use: image)
    }

    /// `GET /free-to-play` — the catalog; with `X-Fragment: results`, only the results (live search, Load more).
    @Sendable func list(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        guard case .freeToPlay(let filters) = route else { throw HTTPError(.notFound) }
        if let genre = filters.genre, snapshot.catalog.genre(matching: genre) == nil {
            let known = snapshot.catalog.genres.prefix(12).map(\.slug).joined(separator: ", ")
            let name = String(genre.prefix(60))
            throw BadRequest { $0.errors.unknownGenre(name, known) }
        }
        let visitor = try await marks.marks(of: context)
        let hidden = Set(visitor.ids(.hidden, of: .game))
        let noteCount = visitor.ids(.note, of: .game).count
        let now = clock()
        // The list shows of a visitor's marks only the games they hid and how many notes they wrote: a visitor with
        // neither gets the page everyone shares, whatever they marked among the giveaways.
        let shown = hidden.isEmpty && noteCount == 0 ? VisitorMarks.none : visitor
        let page = PageDescription.whole {
            let results = filters.apply(to: snapshot.catalog, hidden: hidden)
            var model = FreeToPlayPage.Model(
                filters: filters, catalog: snapshot.catalog, results: results, hiddenCount: hidden.count,
                lootCount: { snapshot.liveLoot(forGame: $0, at: now).count }, strings: context.strings)
            model.noteCount = noteCount
            let page = FreeToPlayPage(model: model, strings: context.strings)
            if PageResponse.wantsFragment(request) { return page.resultsFragment() }
            return Layout(request, context, title: page.model.title, section: .freeToPlay, content: page.render())
                .render()
        }
        return readModel.answer(page, for: .marks(shown), request, context, snapshot: snapshot, now: now)
    }

    /// `GET /free-to-play/{id}` — one game, also after it left the catalog.
    @Sendable func game(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard case .catalogGame(let id) = route else { throw HTTPError(.notFound) }
        var snapshot = try await readModel.snapshot()
        guard var stored = snapshot.catalog.byID[id] else {
            throw AppError(.notFound) { $0.catalog.noSuchGame(id) }
        }
        var state = CatalogGamePage.DetailState.failed
        if let details {
            state = await details.refresh(stored, wait: Self.detailWait)
            if state == .loaded {  // a fetch may just have replaced the snapshot
                snapshot = try await readModel.snapshot()
                stored = snapshot.catalog.byID[id] ?? stored
            }
        } else if stored.detail != nil {
            state = .loaded
        }
        let visitor = try await marks.marks(of: context)
        let page = CatalogGamePage(
            model: .init(
                stored: stored, catalog: snapshot.catalog, detailState: state,
                note: visitor.mark(.note, on: .game(id)), isHidden: visitor.has(.hidden, on: .game(id)),
                loot: snapshot.liveLoot(forGame: id, at: clock()).map {
                    GiveawayCardModel(
                        giveaway: $0, now: clock(),
                        marks: CardMarks(visitor, giveaway: $0.id), strings: context.strings)
                }, strings: context.strings))
        let html = Layout(
            request, context, title: page.model.pageTitle, section: .freeToPlay, content: page.render(),
            description: page.model.metaDescription
        ).render()
        // Only a complete page is shared with other visitors; one still waiting for its detail is not kept.
        guard state == .loaded else { return PageResponse.html(html) }
        return readModel.answer(
            .whole { html }, for: .marks(visitor), request, context, snapshot: snapshot, now: clock())
    }

    /// `GET /free-to-play/{id}/images/{n}` — the thumbnail (0) or a screenshot (1…), through the image cache.
    @Sendable func image(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        guard case .catalogImage(let id, let index) = route,
            let stored = try await readModel.snapshot().catalog.byID[id]
        else { throw HTTPError(.notFound) }
        let url: URL?
        if index == 0 {
            url = stored.game.thumbnailURL
        } else {
            let screenshots = stored.detail?.screenshots ?? []
            url = index <= screenshots.count ? screenshots[index - 1] : nil
        }
        guard let url else { return ImageCache.placeholder() }
        return await images.response(for: url.absoluteString, request: request)
    }
}
