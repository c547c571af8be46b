import Foundation
import GiveawaysDomain
import GiveawaysHTTP
import GiveawaysRendering
import GiveawaysUpstream
import Hummingbird

extension AppServices {
    /// Every feature's routes, behind the middleware that must see the router's errors.
    ///
    /// HEAD answers like GET without the body, for link checkers and `curl -I`. Inside the router: the error pages
    /// (the router turns the errors it sees into bare answers of its own, so they must be caught before it does),
    /// Nearby's limits, RAWG's share per client and the visitor.
    func router(discoverSource: (any DiscoverSource)?) -> Router<AppRequestContext> {
        let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: ErrorPageMiddleware())
        router.add(middleware: NearbyLimitMiddleware(clock: clock))
        if discoverSource != nil {
            router.add(
                middleware: RAWGShareMiddleware(
                    capacity: configuration.rawgRequestsPerClient, refill: configuration.rawgRequestRefill,
                    clock: clock))
        }
        router.add(
            middleware: VisitorMiddleware(
                cookies: profileCookies, site: site,
                holdsData: { [profiles = repositories.profiles] in try await profiles.holdsData($0) }))
        let marks = repositories.marks
        let profiles = repositories.profiles
        PageRoutes(
            readModel: readModel, marks: marks, profiles: profiles, images: images, syncNow: scheduler.trigger,
            games: discoverSource, clock: clock, library: repositories.library
        )
        .register(on: router)
        MarkRoutes(readModel: readModel, marks: marks, profiles: profiles, clock: clock, library: repositories.library)
            .register(on: router)
        let heavyWork = WorkGate(limit: 1)
        SettingsRoutes(
            readModel: readModel, marks: marks, profiles: profiles, site: site, heavyWork: heavyWork, clock: clock,
            library: repositories.library
        )
        .register(on: router)
        if let library = repositories.library {
            LibraryRoutes(
                library: library, steam: configuration.steamLibrary, readModel: readModel, heavyWork: heavyWork,
                clock: clock
            )
            .register(on: router)
        }
        APIRoutes(
            readModel: readModel, marks: marks, site: site, clock: clock, nearby: configuration.nearby,
            games: discoverSource, library: repositories.library
        )
        .register(on: router)
        HistoryRoutes(readModel: readModel, marks: marks, clock: clock).register(on: router)
        FeedRoutes(
            readModel: readModel, marks: marks, profiles: profiles, site: site, clock: clock,
            library: repositories.library
        )
        .register(on: router)
        CatalogRoutes(readModel: readModel, marks: marks, details: details, images: images, clock: clock)
            .register(on: router)
        CatalogMarkRoutes(readModel: readModel, marks: marks, clock: clock).register(on: router)
        registerNotifications(on: router)
        HealthRoutes(health: repositories.health).register(on: router)
        if let live {
            LiveRoutes(
                live: live, readModel: readModel, maximum: configuration.maximumStreams,
                perClient: configuration.maximumStreamsPerClient
            )
            .register(on: router)
        }
        if configuration.metrics == .samePort, let metrics {
            MetricsRoutes(metrics: metrics, pages: readModel.pages, health: repositories.health).register(on: router)
        }
        DiscoverRoutes(
            source: discoverSource, marks: marks, images: images, readModel: readModel, clock: clock,
            library: repositories.library
        )
        .register(on: router)
        NearbyRoutes(services: configuration.nearby, profiles: profiles, clock: clock).register(on: router)
        if let tiles = configuration.nearbyTiles {
            TileRoutes(
                tiles: TileCache(settings: tiles, connections: connections, clock: clock, logger: logger),
                clock: clock
            )
            .register(on: router)
        }
        return router
    }

    /// Settings → Notifications, and Web Push's device routes when the server has keys.
    private func registerNotifications(on router: Router<AppRequestContext>) {
        guard let hooks = repositories.hooks else { return }
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

    /// The router behind the middleware every answer goes through, kept page or not, outermost last: the
    /// connection's end after a refused body, the log line, the security headers, validation and gzip, the language
    /// (so error pages are written in it); then kept pages for visitors without marks, answered before the visitor
    /// lookup and before any route is matched.
    func responder(_ router: Router<AppRequestContext>) -> some HTTPResponder<AppRequestContext> {
        router.buildResponder()
            .behind(PageCacheMiddleware(pages: readModel.pages, cookies: profileCookies, clock: clock))
            .behind(LanguageMiddleware())
            .behind(ConditionalGzipMiddleware<AppRequestContext>(compressed: readModel.compressed))
            .behind(SecurityHeadersMiddleware<AppRequestContext>())
            .behind(RequestLogMiddleware())
            .behind(MetricsMiddleware(metrics: metrics))
            .behind(UnreadBodyMiddleware())
    }
}
