import Foundation
import GiveawaysDomain
import GiveawaysHTTP
import Hummingbird

/// Each client's share of RAWG's allowance (its free tier: 20,000 requests a month for the whole server): on the
/// paths that ask RAWG (Games, Discover and their API), the request carries its client's share in its context, and
/// only what RAWG is actually asked for is paid from it — a cached page, search or game costs nothing. A visitor
/// browsing, searching as they type and opening games spends a few dozen in a session; one client walking searches
/// or ids gets the cached copy or a 429 with `Retry-After` past its share, and cannot spend the month for everyone.
struct RAWGShareMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// 200 requests at once, then one every five minutes (under 9,000 a month: less than half the allowance, however
    /// long one client keeps at it).
    let requests: ClientRateLimiter
    let clock: @Sendable () -> Date

    init(capacity: Int = 200, refill: TimeInterval = 300, clock: @escaping @Sendable () -> Date) {
        requests = ClientRateLimiter(capacity: capacity, refill: refill)
        self.clock = clock
    }

    private static let prefixes = ["/games", "/discover", "/api/v1/games"]

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        guard Self.prefixes.contains(where: { path.hasPrefix($0) }) else { return try await next(request, context) }
        let client = ClientAddress(
            peer: context.remoteAddress, forwardedFor: request.headers[ClientAddress.forwardedFor])
        let (requests, clock) = (requests, clock)
        var context = context
        context.rawgShare = UpstreamShare { requests.take(client, at: clock()) }
        return try await next(request, context)
    }
}
