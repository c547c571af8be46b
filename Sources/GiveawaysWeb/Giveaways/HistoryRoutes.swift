import Foundation
import GiveawaysDomain
import GiveawaysViews
import Hummingbird

/// History and statistics: pages read from the read model and, for the worth a visitor claimed, their marks.
struct HistoryRoutes: Sendable {
    let readModel: ReadModel
    let marks: any MarkRepository
    let clock: @Sendable () -> Date

    func register(on router: Router<AppRequestContext>) {
        // History reads the platforms of every stored giveaway, those that left the feed included.
        let routes = SiteRouter(
            router,
            platformSlugs: { [readModel] in
                Set(try await readModel.snapshot().stored.values.flatMap { $0.giveaway.platforms.map(\.slug) })
            })
        routes.get(.history, use: history)
        routes.get(.stats, use: stats)
    }

    /// `GET /history?platform=&type=&month=YYYY-MM&page=N` — past giveaways, newest first; with
    /// `X-Fragment: results`, only page N (for "Load more").
    @Sendable func history(request: Request, context: AppRequestContext, route: SiteRoute) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        guard case .history(let filters) = route else { throw PageRoutes.notFound }
        let now = clock()
        // History is the same for every visitor: always the cached page.
        let page = PageDescription.whole {
            let page = HistoryPage(
                model: .init(stored: snapshot.stored.values, filters: filters, now: now, strings: context.strings))
            if PageResponse.wantsFragment(request) { return page.resultsFragment() }
            return Layout(
                request, context, title: context.strings.pageTitle(context.strings.history.heading), section: nil,
                content: page.render()
            )
            .render()
        }
        return readModel.answer(page, for: .anonymous, request, context, snapshot: snapshot, now: now)
    }

    /// `GET /stats` — worth live now, worth this visitor claimed, giveaways per store, new giveaways per week.
    @Sendable func stats(request: Request, context: AppRequestContext) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        let marks = try await marks.marks(of: context)
        let now = clock()
        let page = PageDescription.whole {
            let page = StatsPage(
                model: .init(snapshot: snapshot, marks: marks, now: now, strings: context.strings),
                hasProfile: !marks.isEmpty)
            return Layout(
                request, context, title: context.strings.pageTitle(context.strings.stats.heading), section: nil,
                content: page.render()
            )
            .render()
        }
        return readModel.answer(page, for: .marks(marks), request, context, snapshot: snapshot, now: now)
    }
}
