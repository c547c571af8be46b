import Foundation
import GiveawaysDomain
import Logging

/// The store a `--database` value names: PostgreSQL for a `postgres://` (or `postgresql://`) URL, otherwise a
/// SQLite file (a plain path, or a `file:` one). Opened once by the composition root and the CLI commands alike.
public enum Storage: Sendable {
    case sqlite(AppDatabase)
    case postgres(PostgresDatabase)

    /// Opens (and migrates) the store `location` names. Failures throw `DatabaseOpenError`, whose text never holds
    /// a password.
    public static func open(_ location: String, logger: Logger) async throws -> Storage {
        do {
            if PostgresURL.isPostgres(location) {
                return .postgres(try await PostgresDatabase.open(try PostgresURL(location), logger: logger))
            }
            return .sqlite(try AppDatabase.open(path: sqlitePath(location)))
        } catch {
            throw DatabaseOpenError(path: displayName(location), reason: String(describing: error))
        }
    }

    /// `location` as messages may show it: a PostgreSQL URL without its password, a SQLite path as given.
    public static func displayName(_ location: String) -> String {
        guard PostgresURL.isPostgres(location) else { return sqlitePath(location) }
        return (try? PostgresURL(location, environment: [:]).description) ?? "the PostgreSQL database"
    }

    /// The file a SQLite location names: `file:` is optional.
    public static func sqlitePath(_ location: String) -> String {
        location.hasPrefix("file:") ? String(location.dropFirst("file:".count)) : location
    }

    /// One repository per concern over this store.
    public var repositories: AppRepositories {
        switch self {
        case .sqlite(let database): .sqlite(database)
        case .postgres(let database): .postgres(database)
        }
    }

    /// Webhooks and their outbox over this store.
    public var hooks: any HookRepository {
        switch self {
        case .sqlite(let database): HookSQLRepository(database: database)
        case .postgres(let database): HookSQLRepository(database: database)
        }
    }

    /// Where the server keeps its own secrets.
    public var secrets: any ServerSecretStore {
        switch self {
        case .sqlite(let database): database
        case .postgres(let database): database
        }
    }

    /// Lets go of the store: PostgreSQL's pool stops (SQLite needs nothing).
    public func close() async {
        if case .postgres(let database) = self { await database.close() }
    }
}

extension AppRepositories {
    /// The PostgreSQL repositories over one database; syncs write webhook events in their own transaction.
    public static func postgres(_ database: PostgresDatabase) -> AppRepositories {
        var repositories = AppRepositories(
            feed: GiveawayFeedSQLRepository(database: database),
            syncLog: SyncLogSQLRepository(database: database),
            marks: MarkSQLRepository(database: database), catalog: CatalogSQLRepository(database: database),
            discoverCache: DiscoverCacheSQLRepository(database: database),
            profiles: ProfileSQLRepository(database: database),
            hooks: HookSQLRepository(database: database))
        repositories.offers = StoreOfferSQLRepository(database: database)
        repositories.live = LiveEventSQLRepository(database: database)
        repositories.library = LibrarySQLRepository(database: database)
        repositories.syncLease = PostgresSyncLease(database: database)
        repositories.health = .postgres(database)
        repositories.changes = PostgresStoreChanges(database: database)
        return repositories
    }
}

/// The storage the app runs on: one repository per concern.
public struct AppRepositories: Sendable {
    public var feed: any GiveawayFeedRepository
    public var syncLog: any SyncLogRepository
    public var marks: any MarkRepository
    public var catalog: any CatalogRepository
    public var discoverCache: any DiscoverCacheRepository
    public var profiles: any ProfileRepository
    /// Webhooks and their outbox; `nil` runs no delivery service.
    public var hooks: (any HookRepository)?
    /// The stores' own offers (Epic, Steam, GOG, Epic mobile); `nil` reads GamerPower alone.
    public var offers: (any StoreOfferRepository)?
    /// The live stream's log; `nil` keeps no log (the stream then says nothing).
    public var live: (any LiveEventRepository)?
    /// What visitors own (their Steam library, their imported lists); `nil` offers no ownership.
    public var library: (any LibraryRepository)?
    /// Which instance syncs a source; one process alone on SQLite.
    public var syncLease: any SyncLease = SoleSyncLease()
    /// What `/healthz` says of the store.
    public var health = StoreHealth.sqlite
    /// How instances sharing the store tell each other about changes; nobody to tell on SQLite.
    public var changes: any StoreChangeChannel = SoleStoreChanges()

    public init(
        feed: any GiveawayFeedRepository, syncLog: any SyncLogRepository, marks: any MarkRepository,
        catalog: any CatalogRepository, discoverCache: any DiscoverCacheRepository, profiles: any ProfileRepository,
        hooks: (any HookRepository)? = nil
    ) {
        self.feed = feed
        self.syncLog = syncLog
        self.marks = marks
        self.catalog = catalog
        self.discoverCache = discoverCache
        self.profiles = profiles
        self.hooks = hooks
    }

    /// The SQLite repositories over one database; syncs write webhook events in their own transaction.
    public static func sqlite(_ database: AppDatabase) -> AppRepositories {
        var repositories = AppRepositories(
            feed: GiveawayFeedSQLRepository(database: database),
            syncLog: SyncLogSQLRepository(database: database),
            marks: MarkSQLRepository(database: database), catalog: CatalogSQLRepository(database: database),
            discoverCache: DiscoverCacheSQLRepository(database: database),
            profiles: ProfileSQLRepository(database: database), hooks: HookSQLRepository(database: database))
        repositories.offers = StoreOfferSQLRepository(database: database)
        repositories.live = LiveEventSQLRepository(database: database)
        repositories.library = LibrarySQLRepository(database: database)
        return repositories
    }
}

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

/// The database file could not be opened or migrated.
public struct DatabaseOpenError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "cannot open the database at \(path): \(reason)" }
}
