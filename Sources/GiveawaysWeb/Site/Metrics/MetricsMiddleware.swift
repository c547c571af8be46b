import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysViews
import Hummingbird

/// Counts and times every answer for `/metrics`, labelled by the route pattern that answered it (the router's, or
/// for a kept page answered before the router, the route table's), never by the path itself. Passes requests
/// straight on when metrics are off.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let metrics: AppMetrics?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let metrics else { return try await next(request, context) }
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(metrics, request, context, status: response.status.code, since: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            record(metrics, request, context, status: status, since: start)
            throw error
        }
    }

    private func record(
        _ metrics: AppMetrics, _ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant
    ) {
        let route = context.endpointPath ?? Self.pattern(of: request.uri.path)
        metrics.request(route: route, method: request.method, status: status, duration: ContinuousClock.now - start)
    }

    /// The route table's pattern for `path` (a page answered from the kept pages never reaches the router), or
    /// "unmatched".
    static func pattern(of path: String) -> String {
        for line in SiteRoute.table where line.template.match(path) != nil {
            return line.template.routerPattern
        }
        return "unmatched"
    }
}

/// `GET /metrics`: the Prometheus text exposition.
struct MetricsRoutes: Sendable {
    let metrics: AppMetrics
    let pages: PageCache
    let health: StoreHealth

    func register(on router: Router<AppRequestContext>) {
        SiteRouter(router).get(.metrics) { [metrics, pages, health] _, _ in
            let body = metrics.exposition(pages: pages.counts, pool: health.poolUsage())
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: body))
        }
    }
}

/// A GiveawaySource that times each fetch for `/metrics`.
struct TimedGiveawaySource<Inner: GiveawaySource>: GiveawaySource {
    let inner: Inner
    let metrics: AppMetrics

    func fetchGiveaways() async throws -> [Giveaway] {
        let start = ContinuousClock.now
        do {
            let giveaways = try await inner.fetchGiveaways()
            metrics.upstreamCall(.gamerpower, duration: ContinuousClock.now - start, failed: false)
            return giveaways
        } catch {
            metrics.upstreamCall(.gamerpower, duration: ContinuousClock.now - start, failed: true)
            throw error
        }
    }
}

/// A CatalogSource that times each fetch (the list and each game's detail) for `/metrics`.
struct TimedCatalogSource: CatalogSource {
    let inner: any CatalogSource
    let metrics: AppMetrics

    func fetchCatalog() async throws -> [CatalogGame] {
        try await timed { try await inner.fetchCatalog() }
    }

    func fetchDetail(id: Int) async throws -> CatalogGameDetail {
        try await timed { try await inner.fetchDetail(id: id) }
    }

    private func timed<Result>(_ body: () async throws -> Result) async throws -> Result {
        let start = ContinuousClock.now
        do {
            let result = try await body()
            metrics.upstreamCall(.freetogame, duration: ContinuousClock.now - start, failed: false)
            return result
        } catch {
            metrics.upstreamCall(.freetogame, duration: ContinuousClock.now - start, failed: true)
            throw error
        }
    }
}
