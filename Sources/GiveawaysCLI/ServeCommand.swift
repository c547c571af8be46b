import ArgumentParser
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysWeb
import Hummingbird
import Logging
import ServiceLifecycle

/// `giveaways serve`: the web app, with background syncs.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the web app and JSON API; sync at start-up and on an interval in the background.",
        discussion:
            "Stops cleanly on SIGINT or SIGTERM. Without network it shows the stored data, or labelled demo data."
    )

    @Option(help: "The address to listen on (env GIVEAWAYS_HOST; default 127.0.0.1).")
    var host: String?

    @Option(help: "The port to listen on (env GIVEAWAYS_PORT; default 8080).")
    var port: Int?

    @Option(help: "Where cached images are kept (env GIVEAWAYS_IMAGE_CACHE; default ./image-cache).")
    var imageCache: String?

    @Option(help: "A RAWG API key: turns Discover on (env GIVEAWAYS_RAWG_KEY). Never logged or shown.")
    var rawgKey: String?

    @Option(help: "The RAWG API base URL (env GIVEAWAYS_RAWG_URL; default https://api.rawg.io/api).")
    var rawgURL: String?

    @Option(
        help:
            "A Steam Web API key: lets visitors read their Steam library to mark games they own (env GIVEAWAYS_STEAM_KEY). Never logged or shown."
    )
    var steamKey: String?

    @Option(
        name: .customLong("steam-api-url"),
        help: "Steam's Web API base URL (env GIVEAWAYS_STEAM_API_URL; default https://api.steampowered.com).")
    var steamAPIURL: String?

    @Flag(
        help:
            "Let webhooks reach loopback, private, link-local and metadata addresses (env GIVEAWAYS_ALLOW_PRIVATE_HOOKS=1)."
    )
    var allowPrivateHooks = false

    @Option(
        help: """
            How push services can reach the operator, sent with every Web Push (VAPID `sub`): mailto:you@example.org             or an https:// URL (env GIVEAWAYS_VAPID_SUBJECT).
            """)
    var vapidSubject: String?

    @Option(
        help: """
            A push service visitors' devices may use besides the browsers' own (Google, Mozilla, Apple, Microsoft), \
            e.g. a self-hosted autopush (env GIVEAWAYS_PUSH_SERVICE_HOSTS, comma-separated); repeat for several.
            """)
    var pushServiceHost: [String] = []

    @Option(
        help: "Push devices this server keeps, all visitors together (env GIVEAWAYS_MAX_PUSH_DEVICES; default 10000).")
    var maxPushDevices: Int?

    @Option(
        help: """
            Live streams (/api/v1/events) this server holds open at once, all clients together; one more is answered             503 (env GIVEAWAYS_MAX_STREAMS; default 2000).
            """)
    var maxStreams: Int?

    @Option(
        help: """
            How visitors reach the server, e.g. https://games.example.org (env GIVEAWAYS_PUBLIC_URL): absolute links \
            use it, and forms are accepted only for its host, loopback names, IP addresses and --allowed-host.
            """)
    var publicURL: String?

    @Option(
        help: """
            Another host name the server answers to (env GIVEAWAYS_ALLOWED_HOSTS, comma-separated); repeat for \
            several.
            """)
    var allowedHost: [String] = []

    @Flag(
        help:
            "Let the image cache fetch from loopback, private and link-local addresses, e.g. a local mirror of an upstream (env GIVEAWAYS_ALLOW_PRIVATE_IMAGES=1)."
    )
    var allowPrivateImages = false

    @Flag(
        help:
            "Answer GET /metrics (Prometheus text format) on the app's port (env GIVEAWAYS_METRICS=1). Off by default."
    )
    var metrics = false

    @Option(
        help: """
            Answer GET /metrics on a port of its own instead, same address (env GIVEAWAYS_METRICS_PORT): for a \
            scraper that the public port should not serve.
            """)
    var metricsPort: Int?

    @Option(
        name: .customLong("telegram-api-url"),
        help:
            "Telegram's Bot API, for Telegram hooks (env GIVEAWAYS_TELEGRAM_API_URL; default https://api.telegram.org)."
    )
    var telegramAPIURL: String?

    @Option(
        help: "The map's tile server, {z}/{x}/{y} filled in (env GIVEAWAYS_MAP_TILES_URL; default OpenStreetMap's).")
    var mapTilesURL: String?

    @Option(help: "Where map tiles are kept (env GIVEAWAYS_TILE_CACHE; default tile-cache beside the image cache).")
    var tileCache: String?

    @OptionGroup var nearby: NearbyOptions
    @OptionGroup var interval: SyncIntervalOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var upstream: UpstreamOptions
    @OptionGroup var stores: StoreSourceOptions

    func validate() throws {
        _ = try settings()
    }

    func run() async throws {
        do {
            let app = try await buildApplication(try settings())
            // SIGTERM or SIGINT asks every service to finish its work; a stop is bounded all the same (5 s, then
            // cancellation, 2 s more), so that a restart is never held up by one stuck request or connection.
            var group = ServiceGroupConfiguration(
                services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: app.logger)
            group.maximumGracefulShutdownDuration = .seconds(5)
            group.maximumCancellationDuration = .seconds(2)
            try await ServiceGroup(configuration: group).run()
        } catch let error as DatabaseOpenError {
            Console.error("cannot start: \(error)")
            throw ExitStatus.databaseError
        }
    }

    /// Every setting, read once through `Settings` (flag, else environment, else default).
    private func settings() throws -> WebConfiguration {
        var configuration = WebConfiguration()
        configuration.host = try Settings.host.value(text: host)
        configuration.port = try Settings.port.value(port)
        guard (0...65535).contains(configuration.port) else {
            throw ValidationError("The port must be between 0 and 65535.")
        }
        configuration.databasePath = store.databasePath
        configuration.gamerpowerURL = upstream.baseURL
        configuration.readsGamerPower = try stores.readsGamerPower()
        configuration.firstHandStores = try stores.stores()
        configuration.storeCountry = try stores.countryCode()
        configuration.storeContact = try Settings.mapContact.value(text: nearby.mapContact)
        configuration.freetogameURL = upstream.catalogURL
        configuration.rawgKey = try Settings.rawgKey.value(text: rawgKey)
        if configuration.rawgKey?.isEmpty == true {
            throw ValidationError("The RAWG key must be letters, digits, - and _ only (it is not shown here).")
        }
        configuration.rawgURL = try Settings.rawgURL.value(text: rawgURL)
        configuration.steamKey = try Settings.steamKey.value(text: steamKey)
        if configuration.steamKey?.isEmpty == true {
            throw ValidationError("The Steam key must be letters and digits only (it is not shown here).")
        }
        configuration.steamURL = try Settings.steamURL.value(text: steamAPIURL)
        configuration.syncInterval = .seconds(try interval.minutes() * 60)
        configuration.storeSyncInterval = .seconds(try interval.storeMinutes() * 60)
        configuration.fixedNow = store.now.flatMap(Timestamp.parse)
        configuration.imageCacheDirectory = try Settings.imageCache.value(text: imageCache)
        configuration.logLevel = try Settings.logLevel.value(text: store.logLevel)
        configuration.allowPrivateHooks = Settings.allowPrivateHooks.isOn(flag: allowPrivateHooks)
        configuration.allowPrivateImages = Settings.allowPrivateImages.isOn(flag: allowPrivateImages)
        configuration.telegramAPIURL = try Settings.telegramAPIURL.value(text: telegramAPIURL)
        configuration.vapidSubject = try Settings.vapidSubject.value(text: vapidSubject)
        let pushHosts = pushServiceHost.isEmpty ? nil : pushServiceHost.joined(separator: ",")
        configuration.pushServiceHosts = try Settings.pushServiceHosts.value(text: pushHosts)
        configuration.maximumPushDevices = try Settings.maximumPushDevices.value(text: maxPushDevices.map(String.init))
        configuration.maximumStreams = try Settings.maximumStreams.value(text: maxStreams.map(String.init))
        configuration.publicURL = try Settings.publicURL.value(text: publicURL)
        let hosts = allowedHost.isEmpty ? nil : allowedHost.joined(separator: ",")
        configuration.allowedHosts = Set(try Settings.allowedHosts.value(text: hosts))
        if let port = try Settings.metricsPort.value(text: metricsPort.map(String.init)) {
            guard (1...65535).contains(port), port != configuration.port else {
                throw ValidationError("The metrics port must be between 1 and 65535 and not the app's own port.")
            }
            configuration.metrics = .port(port)
        } else if Settings.metrics.isOn(flag: metrics) {
            configuration.metrics = .samePort
        }
        let sources = try nearby.settings()
        configuration.nearbySources = sources
        let imageParent = URL(fileURLWithPath: configuration.imageCacheDirectory).deletingLastPathComponent()
        configuration.nearbyTiles = TileSettings(
            template: try Settings.mapTilesURL.value(text: mapTilesURL),
            directory: try Settings.tileCache.value(text: tileCache)
                ?? imageParent.appendingPathComponent(Defaults.tileCacheDirectory).path,
            userAgent: sources.userAgent)
        return configuration
    }
}
