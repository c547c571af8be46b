import Foundation
import GiveawaysData
import GiveawaysDomain
import Hummingbird

/// The JSON API under `/api/v1`, mirroring the Home filters. Reads the read model only.
struct APIRoutes: Sendable {
    let readModel: ReadModel
    let clock: @Sendable () -> Date

    func register(on router: Router<AppRequestContext>) {
        router.get(.init(SiteRoute.Pattern.apiGiveaways), use: list)
        router.get(.init(SiteRoute.Pattern.apiGiveaway), use: show)
        router.get(.init(SiteRoute.Pattern.apiPlatforms), use: platforms)
        router.get(.init(SiteRoute.Pattern.apiStatus), use: status)
    }

    /// `GET /api/v1/giveaways?platform=&type=&sort=&q=&ending=24h&include_expired=` — the filtered list.
    @Sendable func list(request: Request, context: AppRequestContext) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        let parameters = FormBody.queryParameters(of: request)
        var filters = try HomeFilters(parameters: parameters, platformSlugs: snapshot.platformSlugs)
        filters.query.includeExpired = ["1", "true"].contains(parameters["include_expired"]?.lowercased() ?? "")
        let now = clock()
        // The API has no visitor: `ending=24h` is everything ending within a day, and `all` changes nothing.
        let items = HomeSelection(filters: filters, snapshot: snapshot, visitor: .anonymous, now: now).giveaways
        return try JSONResponse.encode(items.map { GiveawayJSON(giveaway: $0, now: now, isDemo: snapshot.isDemoData) })
    }

    /// `GET /api/v1/giveaways/{id}` — one giveaway with its history, also after it left the feed.
    @Sendable func show(request: Request, context: AppRequestContext) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        guard case .api(.giveaway(let id)) = try SiteRoute(path: request.uri.path), let stored = snapshot.stored[id]
        else { throw HTTPError(.notFound, message: "No giveaway with that id.") }
        return try JSONResponse.encode(GiveawayDetailJSON(stored: stored, now: clock()))
    }

    /// `GET /api/v1/platforms` — every platform with its live giveaway count.
    @Sendable func platforms(request: Request, context: AppRequestContext) async throws -> Response {
        let live = try await readModel.snapshot().live(at: clock())
        var counts: [String: Int] = [:]
        var unknown: [String: Platform] = [:]
        for platform in live.flatMap(\.platforms) {
            counts[platform.slug, default: 0] += 1
            if !platform.isKnown { unknown[platform.slug] = platform }
        }
        return try JSONResponse.encode(
            (Platform.catalog + unknown.values.sorted()).map {
                PlatformCountJSON(
                    slug: $0.slug, name: $0.displayName, known: $0.isKnown, count: counts[$0.slug, default: 0])
            })
    }

    /// `GET /api/v1/status` — each source's sync health, plus the giveaway feed's summary at the top level.
    @Sendable func status(request: Request, context: AppRequestContext) async throws -> Response {
        let snapshot = try await readModel.snapshot()
        return try JSONResponse.encode(StatusJSON(health: readModel.health(snapshot)))
    }
}

/// One platform in `/api/v1/platforms`.
struct PlatformCountJSON: Codable {
    let slug: String
    let name: String
    let known: Bool
    let count: Int
}
