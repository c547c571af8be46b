import Foundation
import GiveawaysDomain
import GiveawaysRendering
import GiveawaysUpstream
import Logging

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
    /// Each client's share of RAWG's monthly allowance (`RAWGShareMiddleware`): requests RAWG is asked for at once,
    /// and the seconds until the share has one more.
    public var rawgRequestsPerClient = 200
    /// The operator's Steam Web API key (`--steam-key`): turns reading visitors' Steam libraries on. Never shown,
    /// logged or stored.
    public var steamKey: String?
    public var steamURL = Defaults.steamBaseURL
    /// What reads visitors' Steam libraries: made from `steamKey` at start when `nil` (tests hand in their own).
    public var steamLibrary: (any SteamLibrarySource)?
    public var rawgRequestRefill: TimeInterval = 300
    /// How often GamerPower's feed is read (`--sync-interval`); the stores follow `storeSyncInterval`.
    public var syncInterval: Duration = .seconds(Defaults.syncIntervalMinutes * 60)
    /// Whether GamerPower is read (`--sources` without it: the stores alone).
    public var readsGamerPower = true
    /// The stores read first-hand, each at its base URL (`--sources`, each store's `urlOption`: `--gog-url`). None
    /// unless asked for (`giveaways serve` asks for every store by default); a store not here has no row on
    /// `/status` and is never asked.
    public var firstHandStores: [FirstHandStore: URL] = [:]
    /// The country Epic and Steam are asked about (`--country`).
    public var storeCountry = "US"
    /// How often each store's front is read (`--store-interval`): hourly by default, as the stores' peers do (Epic
    /// also a minute after each announced switch; never before a store's `Retry-After`).
    public var storeSyncInterval: Duration = .seconds(Defaults.storeSyncIntervalMinutes * 60)
    /// The operator's contact in the User-Agent the stores see (`--map-contact` too).
    public var storeContact: String?
    public var catalogSyncInterval: Duration = .seconds(Defaults.catalogSyncIntervalMinutes * 60)
    /// A fixed clock for demos and tests; `nil` is the system clock.
    public var fixedNow: Date?
    /// How often the live stream looks at the feed for starts and ends passing between syncs.
    public var liveTickInterval: Duration = .seconds(1)
    /// Open live streams the server holds at most (`--max-streams`); one more is a 503.
    public var maximumStreams = 2_000
    /// Open live streams one client address may hold; one more is a 429.
    public var maximumStreamsPerClient = 6
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
    public var renderedCardsBudget = CacheBudgets.renderedCardsBytes
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

    /// The image hosts of the stores read first-hand (their fronts link images there, not on their own hosts).
    static var storeImageHosts: [String] { FirstHandStore.allCases.flatMap(\.imageOrigins) }

    /// Where images may come from: each upstream's own origin, RAWG's image host, and the stores' image hosts.
    var imageOrigins: Set<WebOrigin> {
        let urls =
            [gamerpowerURL, freetogameURL, rawgURL, URL(string: "https://media.rawg.io")]
            + firstHandStores.values.map { Optional($0) }
            + (firstHandStores.isEmpty ? [] : Self.storeImageHosts.map { URL(string: $0) })
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
