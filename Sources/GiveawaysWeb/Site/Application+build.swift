import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysHTTP
import GiveawaysUpstream
import Hummingbird
import Logging
import ServiceLifecycle

/// The composition root: opens the database, makes the process's HTTP connection pools (shut down when the server
/// stops) and the upstream clients over them, and builds the application.
public func buildApplication(_ configuration: WebConfiguration) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "giveaways")
    logger.logLevel = configuration.logLevel
    // A `postgres://` URL opens PostgreSQL, anything else a SQLite file (`Storage`).
    let store = try await Storage.open(configuration.databasePath, logger: logger)
    let connections = HTTPConnections()
    let client = GamerPowerHTTPClient(connections: connections, baseURL: configuration.gamerpowerURL, logger: logger)
    let catalog = FreeToGameHTTPClient(
        connections: connections, baseURL: configuration.freetogameURL, logger: logger)
    let repositories = store.repositories
    var configuration = configuration
    // Several instances may share one PostgreSQL database: a visitor's marks kept in one instance's memory would
    // miss a heart made through another, so each page view reads them from the store.
    if case .postgres = store { configuration.keepsVisitorsInMemory = false }
    if configuration.profileCookieKey == nil {
        configuration.profileCookieKey = try await store.secrets.serverSecret(named: "profile-cookie", at: Date())
    }
    if configuration.nearby == nil, let sources = configuration.nearbySources {
        configuration.nearby = sources.services(connections: connections, logger: logger)
    }
    if configuration.vapidKeys == nil {
        configuration.vapidKeys = try await VAPIDKeys.load(from: store.secrets)
    }
    if configuration.steamLibrary == nil, let key = configuration.steamKey {
        configuration.steamLibrary = SteamWebAPIClient(
            connections: connections, baseURL: configuration.steamURL, key: key, logger: logger)
    }
    let discover = configuration.rawgKey.map {
        RAWGDiscoverSource(
            connections: connections, baseURL: configuration.rawgURL, key: $0, cache: repositories.discoverCache,
            clock: configuration.clock,
            logger: logger)
    }
    return buildApplication(
        configuration, repositories: repositories, connections: connections, source: client,
        catalogSource: catalog, discoverSource: discover, logger: logger,
        services: [ShutdownService(connections: connections, store: store)])
}

/// Shuts the process's HTTP connection pools and its store down when the server stops.
struct ShutdownService: Service {
    let connections: HTTPConnections
    let store: Storage

    func run() async throws {
        try? await gracefulShutdown()
        await connections.shutdown()
        await store.close()
    }
}

/// Builds the application over any repositories and GamerPower source (tests pass an in-memory store and a stub).
///
/// upstream → source job (scheduler) → repositories → read model → pages. The scheduler is a service of the
/// application; routes see the read model, the marks repository and a trigger for on-demand syncs. The caller owns
/// `connections`; `services` run beside the server (the composition root's clean-up, say).
public func buildApplication(
    _ configuration: WebConfiguration, repositories: AppRepositories, connections: HTTPConnections,
    source: some GiveawaySource, catalogSource: (any CatalogSource)? = nil,
    discoverSource: (any DiscoverSource)? = nil, logger: Logger, runsSyncService: Bool = true,
    services: [any Service] = []
) -> some ApplicationProtocol {
    let parts = AppServices(
        configuration, repositories: repositories, connections: connections, source: source,
        catalogSource: catalogSource, logger: logger)
    let router = parts.router(discoverSource: discoverSource)
    var app = Application(
        responder: parts.responder(router),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        logger: logger)
    for service in services { app.addServices(service) }
    if case .port(let port) = configuration.metrics, let metrics = parts.metrics {
        // A listener of its own, on the same address, for a scraper that the public port should not serve.
        let metricsRouter = Router(context: AppRequestContext.self)
        MetricsRoutes(metrics: metrics, pages: parts.readModel.pages, health: repositories.health)
            .register(on: metricsRouter)
        app.addServices(
            Application(
                router: metricsRouter,
                configuration: .init(address: .hostname(configuration.host, port: port), serverName: nil),
                logger: logger))
    }
    if runsSyncService {
        app.addServices(parts.scheduler)
        if parts.repositories.changes.isShared {
            app.addServices(
                ChangeFollower(
                    changes: parts.repositories.changes, readModel: parts.readModel,
                    checkInterval: configuration.changeCheckInterval, logger: logger, live: parts.live))
        }
        if let live = parts.live { app.addServices(live) }
        if let hookService = parts.hookService { app.addServices(hookService) }
        if let library = parts.repositories.library, let steam = configuration.steamLibrary {
            app.addServices(
                LibraryRefreshService(library: library, steam: steam, clock: configuration.clock, logger: logger))
        }
    }
    return app
}
