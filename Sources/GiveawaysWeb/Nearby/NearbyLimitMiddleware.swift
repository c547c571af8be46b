import Foundation
import GiveawaysHTTP
import GiveawaysViews
import Hummingbird

/// Each client's share of Nearby's place searches (the page and the API): they reach upstreams with a server-wide
/// budget — a few searches at once, Nominatim's one a second — so one client walking areas must not spend it for
/// everyone. Past its share a client gets a 429 with Retry-After; a person panning and zooming never comes near it.
/// (Map tiles have their own share, of fetches only: `TileRoutes`.)
struct NearbyLimitMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// 60 searches at once, then one a second.
    let searches = ClientRateLimiter(capacity: 60, refill: 1)
    let clock: @Sendable () -> Date

    private static let searchTemplates = [SiteRoute.template(of: .nearby), SiteRoute.template(of: .apiNearby)]

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        guard Self.searchTemplates.contains(where: { $0.match(path) != nil }) else {
            return try await next(request, context)
        }
        let client = ClientAddress(
            peer: context.remoteAddress, forwardedFor: request.headers[ClientAddress.forwardedFor])
        let now = clock()
        if let retryAt = searches.take(client, at: now) {
            let seconds = max(1, Int(retryAt.timeIntervalSince(now).rounded(.up)))
            throw AppError(.tooManyRequests, headers: [.retryAfter: String(seconds)]) {
                $0.errors.nearbyTooMany(seconds)
            }
        }
        // A search the request makes beyond its first (a typed search widened past the view) is paid from the same
        // share: without one left, it is not made. The share travels in the request's context (a task-local holding
        // a closure crashed the optimised build on the first search: issue 41).
        var context = context
        context.nearbySearches = NearbySearchShare(limiter: searches, client: client, clock: clock)
        return try await next(request, context)
    }
}

/// A request's way to more of its client's Nearby searches (`NearbyLimitMiddleware` puts it in the request's
/// context). A request without one (the CLI, a test) makes no search beyond its first.
struct NearbySearchShare: Sendable {
    let limiter: ClientRateLimiter
    let client: ClientAddress
    let clock: @Sendable () -> Date

    /// `true` when the client had a search left, now taken.
    func takeOne() -> Bool { limiter.take(client, at: clock()) == nil }
}
