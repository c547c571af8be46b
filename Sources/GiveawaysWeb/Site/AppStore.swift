import Foundation
import GiveawaysData
import GiveawaysDomain
import Logging

/// The store a `--database` value names: PostgreSQL for a `postgres://` (or `postgresql://`) URL, otherwise a
/// SQLite file (a plain path, or a `file:` one). Opened once by the composition root and the CLI commands alike.
public enum AppStore: Sendable {
    case sqlite(AppDatabase)
    case postgres(PostgresDatabase)

    /// Opens (and migrates) the store `location` names. Failures throw `DatabaseOpenError`, whose text never holds
    /// a password.
    public static func open(_ location: String, logger: Logger) async throws -> AppStore {
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
        case .sqlite(let database): HookSQLiteRepository(database: database)
        case .postgres(let database): HookPostgresRepository(database: database)
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
            feed: GiveawayFeedPostgresRepository(database: database),
            syncLog: SyncLogPostgresRepository(database: database),
            marks: MarkPostgresRepository(database: database), catalog: CatalogPostgresRepository(database: database),
            discoverCache: DiscoverCachePostgresRepository(database: database),
            profiles: ProfilePostgresRepository(database: database),
            hooks: HookPostgresRepository(database: database))
        repositories.syncLease = PostgresSyncLease(database: database)
        repositories.health = .postgres(database)
        repositories.changes = PostgresStoreChanges(database: database)
        return repositories
    }
}
