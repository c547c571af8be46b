import Foundation
import Hummingbird

/// `GET /nearby/tiles/{z}/{x}/{y}.png`: the map's tiles, through `TileCache`. Anything but checked integers in range
/// is a 400 — the server is no open proxy.
struct TileRoutes {
    let tiles: TileCache

    func register(on router: Router<AppRequestContext>) {
        SiteRouter(router).get(.nearbyTile, unmatched: { _, _ in throw BadRequest { $0.errors.badTile } }) {
            _, _, route in
            guard case .nearbyTile(let z, let x, let y) = route else { throw BadRequest { $0.errors.badTile } }
            return try await tiles.response(for: .init(z: z, x: x, y: y))
        }
    }
}
