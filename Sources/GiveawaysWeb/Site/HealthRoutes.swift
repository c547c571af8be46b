import GiveawaysData
import Hummingbird

/// `GET /healthz`: "ok", or "degraded" while the store cannot be reached (the pages from the read model still
/// answer, so the instance stays in a balancer's rotation: 200 either way).
struct HealthRoutes: Sendable {
    let health: StoreHealth

    struct Answer: Encodable {
        struct Database: Encodable {
            let kind: String
            let reachable: Bool
        }
        let status: String
        let database: Database
    }

    func register(on router: Router<AppRequestContext>) {
        SiteRouter(router).get(.health) { [health] _, _ in
            let reachable = await health.isReachable()
            return try JSONResponse.encode(
                Answer(
                    status: reachable ? "ok" : "degraded",
                    database: .init(kind: health.kind, reachable: reachable)))
        }
    }
}
