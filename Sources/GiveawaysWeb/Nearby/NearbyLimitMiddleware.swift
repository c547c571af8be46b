import Foundation
import Hummingbird

/// Each client's share of Nearby: place searches (the page and the API) and map tiles reach upstreams with a
/// server-wide budget — a few searches at once, Nominatim's one a second, the tile server's policy against bulk
/// downloads — so one client walking areas or zoom levels must not spend it for everyone. Past its share a client
/// gets a 429 with Retry-After; a person panning and zooming never comes near it.
struct NearbyLimitMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// 60 searches at once, then one a second.
    let searches = ClientRateLimiter(capacity: 60, refill: 1)
    /// 600 tiles at once (a dozen full map views), then ten a second.
    let tiles = ClientRateLimiter(capacity: 600, refill: 0.1)
    let clock: @Sendable () -> Date

    private static let searchTemplates = [SiteRoute.template(of: .nearby), SiteRoute.template(of: .apiNearby)]
    private static let tileTemplate = SiteRoute.template(of: .nearbyTile)

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        let limiter: ClientRateLimiter? =
            Self.searchTemplates.contains { $0.match(path) != nil }
            ? searches : Self.tileTemplate.match(path) != nil ? tiles : nil
        guard let limiter else { return try await next(request, context) }
        let client = ClientAddress(
            peer: context.remoteAddress, forwardedFor: request.headers[ClientAddress.forwardedFor])
        let now = clock()
        if let retryAt = limiter.take(client, at: now) {
            let seconds = max(1, Int(retryAt.timeIntervalSince(now).rounded(.up)))
            throw AppError(.tooManyRequests, headers: [.retryAfter: String(seconds)]) {
                $0.errors.nearbyTooMany(seconds)
            }
        }
        return try await next(request, context)
    }
}
