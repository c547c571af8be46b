import GiveawaysData
import Hummingbird

/// What `/healthz` says of the store: its kind and whether it answers now. Never its URL or password.
public struct StoreHealth: Sendable {
    /// "sqlite" or "postgresql".
    public let kind: String
    public let isReachable: @Sendable () async -> Bool
    /// The connection pool's use now (for /metrics); `nil` for a store without one.
    public let poolUsage: @Sendable () -> (inUse: Int, waiting: Int)?

    public init(
        kind: String, poolUsage: @escaping @Sendable () -> (inUse: Int, waiting: Int)? = { nil },
        isReachable: @escaping @Sendable () async -> Bool
    ) {
        self.kind = kind
        self.poolUsage = poolUsage
        self.isReachable = isReachable
    }

    /// A SQLite file in this process: there whenever the process is.
    public static let sqlite = StoreHealth(kind: "sqlite") { true }

    /// A PostgreSQL server: reachable when it answers within the connection wait.
    public static func postgres(_ database: PostgresDatabase) -> StoreHealth {
        StoreHealth(kind: "postgresql", poolUsage: { database.poolUsage }) { await database.isReachable() }
    }
}

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
