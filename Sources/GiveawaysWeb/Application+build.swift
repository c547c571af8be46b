import Foundation
import GiveawaysData
import GiveawaysDomain
import Hummingbird
import Logging

/// Everything `giveaways serve` can be told.
public struct WebConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var databasePath = "giveaways.sqlite"
    public var gamerpowerURL = GamerPowerHTTPClient.defaultBaseURL
    public var syncInterval: Duration = .seconds(30 * 60)
    /// A fixed clock for demos and tests; `nil` is the system clock.
    public var fixedNow: Date?
    public var imageCacheDirectory = "image-cache"
    public var logLevel: Logger.Level = .info

    public init() {}

    var clock: @Sendable () -> Date {
        let fixed = fixedNow
        return { fixed ?? Date() }
    }
}

/// The composition root: opens the database, creates the GamerPower client, and builds the application.
public func buildApplication(_ configuration: WebConfiguration) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "giveaways")
    logger.logLevel = configuration.logLevel
    let database: AppDatabase
    do {
        database = try AppDatabase.open(path: configuration.databasePath)
    } catch {
        throw DatabaseOpenError(path: configuration.databasePath, reason: String(describing: error))
    }
    let repository = GiveawaySQLiteRepository(database: database)
    let client = GamerPowerHTTPClient(baseURL: configuration.gamerpowerURL, logger: logger)
    return buildApplication(configuration, repository: repository, source: client, logger: logger)
}

/// Builds the application over any repository and source (tests pass an in-memory store and a stub).
public func buildApplication<Repository: GiveawayRepository, Source: GiveawaySource>(
    _ configuration: WebConfiguration, repository: Repository, source: Source, logger: Logger,
    runsSyncService: Bool = true
) -> some ApplicationProtocol {
    let feed = FeedStore(repository: repository, source: source, clock: configuration.clock, logger: logger)
    let images = ImageCache(
        directory: URL(fileURLWithPath: configuration.imageCacheDirectory),
        allowedHosts: Set([configuration.gamerpowerURL.host].compactMap { $0 }), logger: logger)
    // HEAD answers like GET without the body, for link checkers and `curl -I`.
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: LogRequestsMiddleware(.info))
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: ConditionalGzipMiddleware())
    router.add(middleware: ErrorPageMiddleware())
    router.add(middleware: VisitorMiddleware())
    PageRoutes(feed: feed, images: images, clock: configuration.clock).register(on: router)
    APIRoutes(feed: feed, clock: configuration.clock).register(on: router)

    var app = Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        logger: logger)
    if runsSyncService {
        app.addServices(SyncService(store: feed, interval: configuration.syncInterval))
    }
    return app
}

/// The database file could not be opened or migrated.
public struct DatabaseOpenError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "cannot open the database at \(path): \(reason)" }
}
