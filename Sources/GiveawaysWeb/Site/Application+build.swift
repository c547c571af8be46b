import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysHTTP
import Hummingbird
import Logging
import ServiceLifecycle

/// Everything `giveaways serve` can be told. Defaults come from `Defaults`, shared with the CLI.
public struct WebConfiguration: Sendable {
    public var host = Defaults.host
    public var port = Defaults.port
    public var databasePath = Defaults.databasePath
    public var gamerpowerURL = Defaults.gamerpowerBaseURL
    public var freetogameURL = Defaults.freetogameBaseURL
    /// RAWG for Discover: off without a key. The key is a secret: never logged, shown or stored.
    public var rawgKey: String?
    public var rawgURL = Defaults.rawgBaseURL
    public var syncInterval: Duration = .seconds(Defaults.syncIntervalMinutes * 60)
    public var catalogSyncInterval: Duration = .seconds(Defaults.catalogSyncIntervalMinutes * 60)
    /// A fixed clock for demos and tests; `nil` is the system clock.
    public var fixedNow: Date?
    public var imageCacheDirectory = Defaults.imageCacheDirectory
    public var logLevel: Logger.Level = .info
    /// Lets hooks reach loopback, private, link-local and metadata addresses (refused by default).
    public var allowPrivateHooks = false
    /// Lets the image cache fetch from loopback, private, link-local and metadata addresses (refused by default;
    /// for tests and local mirrors of an upstream).
    public var allowPrivateImages = false
    /// The most one image download may take, connection to last byte.
    public var imageTimeout: Duration = .seconds(8)
    /// Telegram's Bot API, for Telegram hooks (`--telegram-api-url`).
    public var telegramAPIURL = Defaults.telegramAPIURL
    /// How often the webhook outbox is checked (it is also checked right after every sync).
    public var hookPollInterval: Duration = .seconds(5)
    /// The server's VAPID key pair for Web Push; `buildApplication` reads the database's (made at first start), tests
    /// may set one. `nil` (with repositories given directly) turns Web Push off.
    public var vapidKeys: VAPIDKeys?
    /// Who runs the server, for push services (`--vapid-subject mailto:…|https://…`).
    public var vapidSubject = WebPush.defaultSubject
    /// Push services besides the browsers' own (`--push-service-host`): a device's endpoint must be on one.
    public var pushServiceHosts: [String] = []
    /// Push devices on this server, all visitors together (`--max-push-devices`).
    public var maximumPushDevices = Defaults.maximumPushDevices
    /// How visitors reach the server (`--public-url`), for absolute links and the allowed `Host`/`Origin`.
    public var publicURL: URL?
    /// More names the server answers to besides loopback names, IP literals and the public URL's host.
    public var allowedHosts: Set<String> = []
    /// The key that signs profile cookies; `buildApplication` reads the database's, tests may set one (`nil`: a
    /// key for this process only).
    public var profileCookieKey: [UInt8]?
    /// Rendered cards kept for personal pages; `0` renders every card afresh.
    public var renderedCardsBudget = KeptBudgets.renderedCardsBytes
    /// Keeps the visitors' marks and settings in memory between page views (`VisitorCache`): right when this
    /// process is the only writer of the store.
    public var keepsVisitorsInMemory = true
    /// With several instances on one PostgreSQL database: how often each compares the store's fingerprint, in case
    /// a change notification was lost.
    public var changeCheckInterval: Duration = .seconds(15)
    /// Where `/metrics` is answered: nowhere by default, so nothing internal is public unless the operator asks.
    public var metrics = MetricsExposure.off
    public var nearby: NearbyServices?
    /// The Nearby server options: `buildApplication` makes `nearby` from them when it is nil (tests set `nearby`).
    public var nearbySources: NearbySourceSettings?
    /// The map's tiles through the server (`/nearby/tiles/…`); nil serves none.
    public var nearbyTiles: TileSettings?

    public init() {}

    /// `host:port` for absolute links when a request names no usable host (a wildcard address becomes localhost).
    var linkHost: String {
        let name = ["0.0.0.0", "::", ""].contains(host) ? "localhost" : host
        return name.contains(":") ? "[\(name)]:\(port)" : "\(name):\(port)"
    }

    /// The names and public origin of the site.
    var site: SiteAddress {
        var hosts = allowedHosts
        // Listening on a name (not a wildcard or an IP) means answering to it.
        if !["0.0.0.0", "::", ""].contains(host), SiteAddress.split(authority: host) != nil {
            hosts.insert(host.lowercased())
        }
        return SiteAddress(publicURL: publicURL, allowedHosts: hosts, fallbackHost: linkHost)
    }

    /// Where images may come from: each upstream's own origin, and RAWG's image host.
    var imageOrigins: Set<WebOrigin> {
        let urls = [gamerpowerURL, freetogameURL, rawgURL, URL(string: "https://media.rawg.io")]
        return Set(urls.compactMap { $0.flatMap(WebOrigin.init) })
    }

    var clock: @Sendable () -> Date {
        let fixed = fixedNow
        return { fixed ?? Date() }
    }
}

/// Where `/metrics` is answered.
public enum MetricsExposure: Hashable, Sendable {
    case off
    /// On the app's own port (`--metrics`).
    case samePort
    /// On a port of its own (`--metrics-port`), same address.
    case port(Int)
}

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
    let clock = configuration.clock
    let site = configuration.site
    var repositories = repositories
    let metrics = configuration.metrics == .off ? nil : AppMetrics()
    let source: any GiveawaySource = metrics.map { TimedGiveawaySource(inner: source, metrics: $0) } ?? source
    let catalogSource = catalogSource.map { catalog in
        metrics.map { TimedCatalogSource(inner: catalog, metrics: $0) } ?? catalog
    }
    if configuration.keepsVisitorsInMemory {
        let visitors = VisitorCache(marks: repositories.marks, profiles: repositories.profiles)
        repositories.marks = visitors
        repositories.profiles = visitors
    }
    let profileCookies = ProfileCookies(key: configuration.profileCookieKey ?? ProfileCookies.ephemeralKey)
    let readModel = ReadModel(
        feed: repositories.feed, catalog: catalogSource == nil ? nil : repositories.catalog,
        log: repositories.syncLog, logger: logger, cardBudget: configuration.renderedCardsBudget)
    var jobs: [any SourceSyncJob] = [
        GamerPowerSyncJob(
            upstream: source, feed: repositories.feed, log: repositories.syncLog,
            interval: configuration.syncInterval, logger: logger)
    ]
    var details: CatalogDetails?
    if let catalogSource {
        jobs.append(
            FreeToGameSyncJob(
                upstream: catalogSource, catalog: repositories.catalog, log: repositories.syncLog,
                interval: configuration.catalogSyncInterval))
        details = CatalogDetails(
            source: catalogSource, catalog: repositories.catalog, readModel: readModel, clock: clock, logger: logger,
            changes: repositories.changes)
    }
    // Web Push needs the server's keys and a store that names devices.
    let push = repositories.hooks.flatMap { hooks -> WebPush? in
        guard let keys = configuration.vapidKeys, let devices = hooks as? any PushDeviceRepository else { return nil }
        var push = WebPush(keys: keys, subject: configuration.vapidSubject, devices: devices) {
            PushNotification.payload($0, event: $1, language: $2, now: $3)
        }
        push.summary = { PushNotification.summary($0, language: $1) }
        return push
    }
    let hookWorker = repositories.hooks.map { hooks in
        var worker = HookDeliveryWorker(
            repository: hooks,
            sender: HookSender(connections: connections, allowPrivate: configuration.allowPrivateHooks),
            clock: clock,
            logger: logger)
        worker.channels = configuration.hookChannels
        if let metrics { worker.recorded = { metrics.hookDelivery(format: $0.format, attempt: $1) } }
        worker.push = push
        return worker
    }
    let hookService = hookWorker.map { worker in
        HookDeliveryService(worker: worker, pollInterval: configuration.hookPollInterval, logger: logger)
    }
    let scheduler = SyncScheduler(
        jobs: jobs, readModel: readModel, clock: clock, logger: logger, lease: repositories.syncLease,
        changes: repositories.changes, metrics: metrics,
        afterRun: { hookService?.wake() })
    let images = ImageCache(
        directory: URL(fileURLWithPath: configuration.imageCacheDirectory),
        fetcher: ImageFetcher(
            connections: connections, origins: configuration.imageOrigins,
            allowPrivate: configuration.allowPrivateImages, maxBytes: Defaults.maxImageBytes,
            timeout: configuration.imageTimeout),
        logger: logger)

    // HEAD answers like GET without the body, for link checkers and `curl -I`. The middleware every answer goes
    // through stands in front of the router (see below), so a kept page is answered before any route is matched.
    // Inside the router: the error pages (the router turns the errors it sees into bare answers of its own, so
    // they must be caught before it does) and the visitor.
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: ErrorPageMiddleware())
    router.add(middleware: NearbyLimitMiddleware(clock: clock))
    router.add(
        middleware: VisitorMiddleware(
            cookies: profileCookies, site: site,
            holdsData: { [profiles = repositories.profiles] in
                try await profiles.holdsData($0)
            }))
    PageRoutes(
        readModel: readModel, marks: repositories.marks, profiles: repositories.profiles, images: images,
        syncNow: scheduler.trigger, clock: clock
    )
    .register(on: router)
    MarkRoutes(readModel: readModel, marks: repositories.marks, profiles: repositories.profiles, clock: clock)
        .register(on: router)
    SettingsRoutes(
        readModel: readModel, marks: repositories.marks, profiles: repositories.profiles,
        site: site, heavyWork: WorkGate(limit: 1), clock: clock
    )
    .register(on: router)
    APIRoutes(
        readModel: readModel, marks: repositories.marks, site: site, clock: clock, nearby: configuration.nearby
    ).register(on: router)
    HistoryRoutes(readModel: readModel, marks: repositories.marks, clock: clock).register(on: router)
    FeedRoutes(
        readModel: readModel, marks: repositories.marks, profiles: repositories.profiles,
        site: site, clock: clock
    ).register(on: router)
    CatalogRoutes(readModel: readModel, marks: repositories.marks, details: details, images: images, clock: clock)
        .register(on: router)
    CatalogMarkRoutes(readModel: readModel, marks: repositories.marks, clock: clock).register(on: router)
    if let hooks = repositories.hooks {
        var notifications = NotificationRoutes(hooks: hooks, profiles: repositories.profiles, clock: clock)
        if let push, let hookWorker {
            notifications.push = PushPageSetup(publicKey: push.keys.publicKeyText, devices: push.devices)
            PushRoutes(
                hooks: hooks, devices: push.devices,
                services: PushServiceHosts(
                    extra: configuration.pushServiceHosts, allowPrivate: configuration.allowPrivateHooks),
                maximumDevices: configuration.maximumPushDevices, readModel: readModel,
                sendTest: { try await hookWorker.sendTest(to: $0, sample: $1) }, clock: clock
            )
            .register(on: router)
        }
        notifications.register(on: router)
    }
    HealthRoutes(health: repositories.health).register(on: router)
    let metricsRoutes = metrics.map { MetricsRoutes(metrics: $0, pages: readModel.pages, health: repositories.health) }
    if configuration.metrics == .samePort { metricsRoutes?.register(on: router) }
    DiscoverRoutes(source: discoverSource, marks: repositories.marks, images: images, clock: clock)
        .register(on: router)
    NearbyRoutes(services: configuration.nearby, profiles: repositories.profiles, clock: clock).register(on: router)
    if let tiles = configuration.nearbyTiles {
        TileRoutes(
            tiles: TileCache(settings: tiles, connections: connections, clock: clock, logger: logger), clock: clock
        )
        .register(on: router)
    }

    // Every answer, kept page or not, goes through the same middleware, outermost last here: the connection's end
    // after a refused body, the log line, the security headers, validation and gzip, the language (so error pages
    // are written in it); then kept pages for visitors without marks, before the visitor lookup and any route.
    let responder = router.buildResponder()
        .behind(PageCacheMiddleware(pages: readModel.pages, cookies: profileCookies, clock: clock))
        .behind(LanguageMiddleware())
        .behind(ConditionalGzipMiddleware<AppRequestContext>(compressed: readModel.compressed))
        .behind(SecurityHeadersMiddleware<AppRequestContext>())
        .behind(RequestLogMiddleware())
        .behind(MetricsMiddleware(metrics: metrics))
        .behind(UnreadBodyMiddleware())
    var app = Application(
        responder: responder,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        logger: logger)
    for service in services { app.addServices(service) }
    if case .port(let port) = configuration.metrics, let metricsRoutes {
        // A listener of its own, on the same address, for a scraper that the public port should not serve.
        let metricsRouter = Router(context: AppRequestContext.self)
        metricsRoutes.register(on: metricsRouter)
        app.addServices(
            Application(
                router: metricsRouter,
                configuration: .init(address: .hostname(configuration.host, port: port), serverName: nil),
                logger: logger))
    }
    if runsSyncService {
        app.addServices(scheduler)
        if repositories.changes.isShared {
            app.addServices(
                ChangeFollower(
                    changes: repositories.changes, readModel: readModel,
                    checkInterval: configuration.changeCheckInterval, logger: logger))
        }
        if let hookService { app.addServices(hookService) }
    }
    return app
}
