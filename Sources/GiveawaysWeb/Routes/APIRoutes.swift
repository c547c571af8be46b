import Foundation
import GiveawaysData
import GiveawaysDomain
import Hummingbird

/// The JSON API under `/api/v1`, mirroring the Home filters.
struct APIRoutes<Repository: GiveawayRepository, Source: GiveawaySource>: Sendable {
    let feed: FeedStore<Repository, Source>
    let clock: @Sendable () -> Date

    func register(on router: Router<AppRequestContext>) {
        let api = router.group("api/v1")
        api.get("giveaways", use: list)
        api.get("giveaways/:id", use: show)
        api.get("platforms", use: platforms)
        api.get("status", use: status)
    }

    /// `GET /api/v1/giveaways?platform=&type=&sort=&q=&include_expired=` — the filtered list.
    @Sendable func list(request: Request, context: AppRequestContext) async throws -> Response {
        let snapshot = try await feed.snapshot()
        let parameters = HomeFilters.parameters(of: request)
        var filters = try HomeFilters(
            parameters: parameters, platformSlugs: snapshot.platformSlugs)
        filters.query.includeExpired = ["1", "true"].contains(parameters["include_expired"]?.lowercased() ?? "")
        let now = clock()
        let items = ListGiveawaysUseCase().execute(
            snapshot.giveaways, query: filters.query, now: now,
            index: filters.query.search.isEmpty ? nil : snapshot.searchIndex)
        return try JSONResponse.encode(
            items.map { GiveawayJSON(giveaway: $0, now: now, isDemo: snapshot.status.isDemoData) })
    }

    /// `GET /api/v1/giveaways/{id}` — one giveaway with its history.
    @Sendable func show(request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id").flatMap(Int.init),
            let stored = try await feed.repository.storedGiveaway(id: id)
        else { throw HTTPError(.notFound, message: "No giveaway with that id.") }
        return try JSONResponse.encode(
            GiveawayJSON(giveaway: stored.giveaway, now: clock(), history: stored.history, isDemo: stored.isDemo))
    }

    /// `GET /api/v1/platforms` — every platform with its live giveaway count.
    @Sendable func platforms(request: Request, context: AppRequestContext) async throws -> Response {
        let now = clock()
        let live = try await feed.snapshot().giveaways.filter { !$0.isExpired(at: now) }
        var counts: [String: Int] = [:]
        var unknown: [String: Platform] = [:]
        for platform in live.flatMap(\.platforms) {
            counts[platform.slug, default: 0] += 1
            if !platform.isKnown { unknown[platform.slug] = platform }
        }
        let all = Platform.catalog + unknown.values.sorted()
        return try JSONResponse.encode(
            all.map {
                PlatformCountJSON(
                    slug: $0.slug, name: $0.displayName, known: $0.isKnown, count: counts[$0.slug, default: 0])
            })
    }

    /// `GET /api/v1/status` — freshness of the data.
    @Sendable func status(request: Request, context: AppRequestContext) async throws -> Response {
        let snapshot = try await feed.snapshot()
        let status = snapshot.status
        return try JSONResponse.encode(
            StatusJSON(
                giveaways: snapshot.giveaways.count, lastSync: status.lastSuccessAt.map(Timestamp.format),
                lastFailure: status.lastFailureAt.map(Timestamp.format), lastFailureReason: status.lastFailureReason,
                stale: status.isStale, demo: status.isDemoData, syncing: snapshot.isSyncing))
    }
}

/// One platform in `/api/v1/platforms`.
struct PlatformCountJSON: Encodable {
    let slug: String
    let name: String
    let known: Bool
    let count: Int
}

/// The body of `/api/v1/status`; absent values are written as `null`.
struct StatusJSON: Encodable {
    let giveaways: Int
    let lastSync: String?
    let lastFailure: String?
    let lastFailureReason: String?
    let stale: Bool
    let demo: Bool
    let syncing: Bool

    enum CodingKeys: String, CodingKey {
        case giveaways, lastSync, lastFailure, lastFailureReason, stale, demo, syncing
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(giveaways, forKey: .giveaways)
        try container.encode(lastSync, forKey: .lastSync)
        try container.encode(lastFailure, forKey: .lastFailure)
        try container.encode(lastFailureReason, forKey: .lastFailureReason)
        try container.encode(stale, forKey: .stale)
        try container.encode(demo, forKey: .demo)
        try container.encode(syncing, forKey: .syncing)
    }
}
