import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysHTTP
import GiveawaysUpstream
import Hummingbird
import Logging

/// What one server is made of, over one set of repositories and upstream sources: the read model, the sync
/// scheduler and its jobs, webhooks and Web Push, the image cache. `buildApplication` makes it once, then asks it for
/// the routes (`router`) and the middleware every answer goes through (`responder`).
struct AppServices {
    let configuration: WebConfiguration
    let clock: @Sendable () -> Date
    let site: SiteAddress
    /// The store's repositories, the visitors' behind `VisitorCache` when this process keeps them in memory.
    let repositories: AppRepositories
    let metrics: AppMetrics?
    let profileCookies: ProfileCookies
    let readModel: ReadModel
    let scheduler: SyncScheduler
    /// The live stream (`/api/v1/events`); `nil` for a store without a live log.
    let live: LiveEvents?
    /// The catalog's detail pages, fetched on demand; nil without a catalog source.
    let details: CatalogDetails?
    /// Web Push, when the server has keys and the store names devices.
    let push: WebPush?
    let hookWorker: HookDeliveryWorker?
    let hookService: HookDeliveryService?
    let images: ImageCache
    let connections: HTTPConnections
    let logger: Logger

    init(
        _ configuration: WebConfiguration, repositories: AppRepositories, connections: HTTPConnections,
        source: some GiveawaySource, catalogSource: (any CatalogSource)?, logger: Logger
    ) {
        self.configuration = configuration
        self.connections = connections
        self.logger = logger
        let clock = configuration.clock
        self.clock = clock
        site = configuration.site
        let metrics = configuration.metrics == .off ? nil : AppMetrics()
        self.metrics = metrics
        var repositories = repositories
        if configuration.keepsVisitorsInMemory {
            let visitors = VisitorCache(marks: repositories.marks, profiles: repositories.profiles)
            repositories.marks = visitors
            repositories.profiles = visitors
        }
        // A library is read on every personal page: kept indexed in memory, for 30 s at most (another instance, or
        // `giveaways library import` from the command line, may write it too).
        repositories.library = repositories.library.map { LibraryCache(store: $0, shared: true) }
        self.repositories = repositories
        profileCookies = ProfileCookies(key: configuration.profileCookieKey ?? ProfileCookies.ephemeralKey)

        let source: any GiveawaySource = metrics.map { TimedGiveawaySource(inner: source, metrics: $0) } ?? source
        let catalogSource = catalogSource.map { catalog in
            metrics.map { TimedCatalogSource(inner: catalog, metrics: $0) } ?? catalog
        }
        // The stores read first-hand, in `/status`'s order; none without a store for their offers. The offers of every
        // store are read whatever `--sources` says, so that turning a store off never changes an id.
        let stores =
            repositories.offers == nil
            ? [] : FirstHandStore.allCases.filter { configuration.firstHandStores[$0] != nil }
        let readModel = ReadModel(
            feed: repositories.feed, catalog: catalogSource == nil ? nil : repositories.catalog,
            offers: repositories.offers, gamerpower: configuration.readsGamerPower,
            stores: stores, log: repositories.syncLog,
            logger: logger, cardBudget: configuration.renderedCardsBudget)
        self.readModel = readModel
        var jobs: [any SourceSyncJob] = []
        if configuration.readsGamerPower {
            jobs.append(
                GamerPowerSyncJob(
                    upstream: source, feed: repositories.feed, log: repositories.syncLog,
                    interval: configuration.syncInterval, logger: logger))
        }
        if let offers = repositories.offers {
            for store in stores {
                guard let url = configuration.firstHandStores[store] else { continue }
                let client = StoreClient(
                    store: store, baseURL: url, country: configuration.storeCountry, connections: connections,
                    contact: configuration.storeContact)
                jobs.append(
                    StoreSyncJob(
                        client: client, offers: offers, log: repositories.syncLog,
                        interval: configuration.storeSyncInterval))
            }
        }
        if let catalogSource {
            jobs.append(
                FreeToGameSyncJob(
                    upstream: catalogSource, catalog: repositories.catalog, log: repositories.syncLog,
                    interval: configuration.catalogSyncInterval))
            details = CatalogDetails(
                source: catalogSource, catalog: repositories.catalog, readModel: readModel, clock: clock,
                logger: logger, changes: repositories.changes)
        } else {
            details = nil
        }

        let push = repositories.hooks.flatMap { hooks -> WebPush? in
            guard let keys = configuration.vapidKeys, let devices = hooks as? any PushDeviceRepository else {
                return nil
            }
            var push = WebPush(keys: keys, subject: configuration.vapidSubject, devices: devices) {
                PushNotification.payload($0, event: $1, language: $2, now: $3)
            }
            push.summary = { PushNotification.summary($0, language: $1) }
            return push
        }
        self.push = push
        let hookWorker = repositories.hooks.map { hooks in
            var worker = HookDeliveryWorker(
                repository: hooks,
                sender: HookSender(connections: connections, allowPrivate: configuration.allowPrivateHooks),
                clock: clock, logger: logger)
            worker.channels = configuration.hookChannels
            if let metrics { worker.recorded = { metrics.hookDelivery(format: $0.format, attempt: $1) } }
            worker.push = push
            worker.firstHand = { now in
                HookEventPlanner.firstHandCandidates(try await readModel.snapshot().giveaways, at: now)
            }
            return worker
        }
        self.hookWorker = hookWorker
        let hookService = hookWorker.map { worker in
            HookDeliveryService(worker: worker, pollInterval: configuration.hookPollInterval, logger: logger)
        }
        self.hookService = hookService
        let live = repositories.live.map { log in
            LiveEvents(
                log: log, readModel: readModel, changes: repositories.changes, clock: clock, logger: logger,
                tickInterval: configuration.liveTickInterval)
        }
        self.live = live
        scheduler = SyncScheduler(
            jobs: jobs, readModel: readModel, clock: clock, logger: logger, lease: repositories.syncLease,
            changes: repositories.changes, metrics: metrics, afterRun: { hookService?.wake() },
            finished: { source, succeeded, time in
                // The sync's giveaways first, then the sync itself, in the log's order.
                await live?.look()
                await live?.syncFinished(source, succeeded: succeeded, at: time)
            })
        images = ImageCache(
            directory: URL(fileURLWithPath: configuration.imageCacheDirectory),
            fetcher: ImageFetcher(
                connections: connections, origins: configuration.imageOrigins,
                allowPrivate: configuration.allowPrivateImages, maxBytes: Defaults.maxImageBytes,
                timeout: configuration.imageTimeout),
            logger: logger)
    }
}
