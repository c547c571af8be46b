import Foundation
import GiveawaysHTTP
import GiveawaysViews
import Hummingbird

/// `GET /nearby/tiles/{z}/{x}/{y}.png`: the map's tiles, through `TileCache`. Anything but checked integers in range
/// is a 400 — the server is no open proxy.
struct TileRoutes {
    let tiles: TileCache
    /// Each client's share of tiles fetched from the tile server (kept tiles are free): 600 at once — a dozen full
    /// map views — then ten a second. The tile policy forbids bulk downloads; a client walking zoom levels gets a
    /// 429 instead of making this server do one.
    let fetches = ClientRateLimiter(capacity: 600, refill: 0.1)
    let clock: @Sendable () -> Date

    func register(on router: Router<AppRequestContext>) {
        SiteRouter(router).get(.nearbyTile, unmatched: { _, _ in throw BadRequest { $0.errors.badTile } }) {
            request, context, route in
            guard case .nearbyTile(let z, let x, let y) = route else { throw BadRequest { $0.errors.badTile } }
            return try await tiles.response(for: .init(z: z, x: x, y: y)) {
                let client = ClientAddress(
                    peer: context.remoteAddress, forwardedFor: request.headers[ClientAddress.forwardedFor])
                let now = clock()
                if let retryAt = fetches.take(client, at: now) {
                    let seconds = max(1, Int(retryAt.timeIntervalSince(now).rounded(.up)))
                    throw AppError(.tooManyRequests, headers: [.retryAfter: String(seconds)]) {
                        $0.errors.nearbyTooMany(seconds)
                    }
                }
            }
        }
    }
}
