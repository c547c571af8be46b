import Foundation
import GiveawaysDomain
import Logging
import PostgresNIO
import Synchronization

/// The PostgreSQL database: one `PostgresClient` pool opened once, run in its own task, migrated at open.
///
/// Every write method of the repositories over it is one transaction (`write`). Values are always bound
/// parameters (`PostgresQuery`'s interpolation); SQL text is never built from data.
public final class PostgresDatabase: Sendable {
    /// The pool. Queries wait for `run()`, which `open` starts.
    let client: PostgresClient
    /// Where the database is, redacted when printed.
    public let url: PostgresURL
    let logger: Logger
    /// How long a query waits for a connection: past it the server counts as unreachable.
    let connectionWait: Duration
    /// How long statements on a leased connection may run past `connectionWait` before the connection is given up.
    let statementWait: Duration = .seconds(8)
    private let runner: Task<Void, Never>
    /// Where the repositories' algorithms run (`SQLExecutor`): one thread per connection of the pool, so that every
    /// leased connection can have its transaction's algorithm running.
    let algorithmThreads: NIOThreadPool
    /// Queries holding a pooled connection now, and queries waiting for one (for /metrics).
    private let usage = Mutex<(inUse: Int, waiting: Int)>((0, 0))

    /// How many connections of the pool queries hold now, and how many queries wait for one.
    public var poolUsage: (inUse: Int, waiting: Int) { usage.withLock { $0 } }

    private init(
        client: PostgresClient, url: PostgresURL, logger: Logger, connectionWait: Duration, maximumConnections: Int
    ) {
        self.client = client
        algorithmThreads = NIOThreadPool(numberOfThreads: max(1, maximumConnections))
        algorithmThreads.start()
        self.url = url
        self.logger = logger
        self.connectionWait = connectionWait
        runner = Task { await client.run() }
    }

    /// Connects to `url` and applies the migrations this release knows (`PostgresSchema`), each once, whatever
    /// other instances start at the same time. Gives up after `timeout` when the server cannot be reached; once
    /// open, a query waits at most `connectionWait` for a connection (the server went away) and then throws
    /// `PostgresDatabaseError.unreachable`.
    public static func open(
        _ url: PostgresURL, maximumConnections: Int = 10, timeout: Duration = .seconds(10),
        connectionWait: Duration = .seconds(2), logger: Logger = Logger(label: "giveaways.postgres"),
        migratingUpTo lastMigration: Int = .max
    ) async throws -> PostgresDatabase {
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: clientTLS(url.tls))
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = timeout
        // The pool retries a failing connection quietly for ever; one connection first tells a wrong password or
        // database name at once, in the server's words.
        try await withDeadline(timeout, url: url) { try await probe(url, logger: logger) }
        // The pool reports every connection it opens and closes at info level: notices and worse only.
        var poolLogger = logger
        poolLogger.logLevel = max(logger.logLevel, .notice)
        let database = PostgresDatabase(
            client: PostgresClient(configuration: configuration, backgroundLogger: poolLogger), url: url,
            logger: logger,
            connectionWait: connectionWait, maximumConnections: maximumConnections)
        do {
            // Not under the deadline: a migration may rightly take long, or wait for another instance's (a lost
            // server still ends it, through the connection wait).
            try await PostgresSchema.migrate(database, upTo: lastMigration)
        } catch let error as PostgresDatabaseError {
            await database.close()
            throw error
        } catch {
            await database.close()
            throw PostgresDatabaseError.failed(url, reason: PostgresDatabaseError.reason(error))
        }
        return database
    }

    /// libpq's `prefer` and `require` encrypt without checking the certificate; `verify-full` checks it.
    private static func tlsConfiguration(_ mode: PostgresURL.TLSMode) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if mode != .verifyFull { configuration.certificateVerification = .none }
        return configuration
    }

    private static func clientTLS(_ mode: PostgresURL.TLSMode) -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable: .disable
        case .prefer: .prefer(tlsConfiguration(mode))
        case .require, .verifyFull: .require(tlsConfiguration(mode))
        }
    }

    /// One connection's configuration, outside the pool: the start-up probe and the change listener.
    static func connectionConfiguration(_ url: PostgresURL) throws -> PostgresConnection.Configuration {
        let connectionTLS: PostgresConnection.Configuration.TLS =
            switch url.tls {
            case .disable: .disable
            case .prefer: .prefer(try .init(configuration: tlsConfiguration(url.tls)))
            case .require, .verifyFull: .require(try .init(configuration: tlsConfiguration(url.tls)))
            }
        return PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: connectionTLS)
    }

    private static func probe(_ url: PostgresURL, logger: Logger) async throws {
        do {
            let connection = try await PostgresConnection.connect(
                configuration: connectionConfiguration(url), id: 0, logger: logger)
            try await connection.close()
        } catch {
            throw PostgresDatabaseError.failed(url, reason: PostgresDatabaseError.reason(error))
        }
    }

    /// Stops the pool; queries after this fail.
    public func close() async {
        runner.cancel()
        await runner.value
        try? await algorithmThreads.shutdownGracefully()
    }

    // MARK: - Queries

    /// Runs `body` in one transaction on one connection: committed when it returns, rolled back when it throws
    /// (its error is rethrown as is).
    func write<Result: Sendable>(_ body: (PostgresTransaction) async throws -> Result) async throws -> Result {
        try await transaction("BEGIN", statementWait: statementWait, body)
    }

    /// A write that may rightly take long (`db copy` of a whole store, a migration): its statements are never cut
    /// off; only the wait for a connection is bounded.
    func longWrite<Result: Sendable>(_ body: (PostgresTransaction) async throws -> Result) async throws -> Result {
        try await transaction("BEGIN", statementWait: nil, body)
    }

    /// Runs reads that must agree with each other in one read-only snapshot.
    func read<Result: Sendable>(_ body: (PostgresTransaction) async throws -> Result) async throws -> Result {
        try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", statementWait: statementWait, body)
    }

    /// Runs one statement on its own and answers its rows.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        let logger = logger
        return try await withConnection(statementWait: statementWait) { connection in
            try await connection.allRows(query, logger: logger)
        }
    }

    /// Whether the server answers now, within the connection wait. Never throws.
    public func isReachable() async -> Bool {
        (try? await rows("SELECT 1")) != nil
    }

    /// Runs `body` on a connection of the pool. Waiting for one is bounded by `connectionWait`, and a connection
    /// lost on the way (the server stopped) is said as `unreachable` too, so that callers can answer "try again"
    /// instead of failing or hanging.
    private func withConnection<Result: Sendable>(
        statementWait: Duration?, _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let leased = LeaseFlag()
        let client = client
        usage.withLock { $0.waiting += 1 }
        // Counted as waiting until the pool hands a connection over, then as in use until the body ends (the
        // task group below is awaited whole, so by the end the flag says which happened).
        defer { if !leased.isSet { usage.withLock { $0.waiting -= 1 } } }
        do {
            return try await withoutActuallyEscaping(body) { body in
                // The group is awaited before this returns: the body never outlives the call.
                let work = UncheckedSendable(body)
                return try await withThrowingTaskGroup(of: Result?.self) { group in
                    group.addTask {
                        try await client.withConnection { connection in
                            leased.set(connection)
                            self.usage.withLock {
                                $0.waiting -= 1
                                $0.inUse += 1
                            }
                            defer { self.usage.withLock { $0.inUse -= 1 } }
                            do {
                                return try await work.value(connection)
                            } catch {
                                // Cancelled on the way (the bound gave up on it): a statement may still run, or a
                                // transaction be open, so the connection must not go back to the pool as it is.
                                if Task.isCancelled {
                                    let closing: EventLoopFuture<Void> = connection.close()
                                    _ = closing
                                }
                                throw error
                            }
                        }
                    }
                    group.addTask { [connectionWait] in
                        try await Self.watch(leased, for: connectionWait)
                        return nil
                    }
                    defer { group.cancelAll() }
                    var statementsTimed = false
                    while let next = try await group.next() {
                        if let result = next { return result }
                        // The wait is over: without a connection by now, give up (the lease request is
                        // cancelled). The same when the connection closed under the statements (the server went
                        // away): what still waits on it may never hear, and is cancelled.
                        guard let connection = leased.connection else { break }
                        guard !connection.isClosed else {
                            logger.warning("PostgreSQL closed the connection under a statement: given up")
                            break
                        }
                        // With one, the statements get `statementWait` more to end (a long write: as long as they
                        // need, while the connection stays open). A server that went away while they ran, or stopped
                        // answering, can leave one waiting for an answer that never comes: past that time the
                        // connection is closed and the work cancelled.
                        if statementsTimed {
                            // Not awaited: closing itself must not be another wait.
                            let closing: EventLoopFuture<Void> = connection.close()
                            _ = closing
                            break
                        }
                        statementsTimed = true
                        group.addTask { [statementWait] in
                            try await Self.watch(leased, for: statementWait ?? Self.unbounded)
                            return nil
                        }
                    }
                    throw PostgresDatabaseError.unreachable(url, connectionWait)
                }
            }
        } catch let error as PSQLError where Self.isConnectionLost(error) {
            throw PostgresDatabaseError.unreachable(url, connectionWait)
        }
    }

    /// Returns when `wait` is over, or before that as soon as the leased connection is closed: a server that stops
    /// in the middle of a statement can leave it with no answer, and nothing is to be gained by waiting longer.
    private static func watch(_ leased: LeaseFlag, for wait: Duration) async throws {
        guard wait < unbounded else {
            while leased.connection?.isClosed != true { try await Task.sleep(for: .milliseconds(250)) }
            return
        }
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: wait)
        while clock.now < end {
            try await Task.sleep(for: min(.milliseconds(250), end - clock.now))
            if leased.connection?.isClosed == true { return }
        }
    }

    /// A long write's statements: no bound but the connection's life.
    private static let unbounded = Duration.seconds(Int64.max / 4)

    /// A connection closed or refused, or the server shutting down: not the statement's fault.
    private static func isConnectionLost(_ error: PSQLError) -> Bool {
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
            return true
        case .server:
            // Class 08 (connection exception) and 57P (operator intervention: shutdown, crash).
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || state.hasPrefix("57P")
        default:
            return false
        }
    }

    private func transaction<Result: Sendable>(
        _ begin: PostgresQuery, statementWait: Duration?, _ body: (PostgresTransaction) async throws -> Result
    ) async throws -> Result {
        let logger = logger
        return try await withConnection(statementWait: statementWait) { connection in
            let transaction = PostgresTransaction(connection: connection, logger: logger)
            do {
                try await transaction.run(begin)
                let result = try await body(transaction)
                try await transaction.run("COMMIT")
                return result
            } catch {
                _ = try? await transaction.run("ROLLBACK")
                throw error
            }
        }
    }
}

/// One connection inside an open transaction.
struct PostgresTransaction {
    let connection: PostgresConnection
    let logger: Logger

    /// Runs one statement and answers its rows.
    @discardableResult
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await connection.allRows(query, logger: logger)
    }

    /// Runs one statement, ignoring any rows.
    func run(_ query: PostgresQuery) async throws {
        try await rows(query)
    }

    /// Takes a transaction-level advisory lock: held until this transaction ends, so that whatever the transaction
    /// counts and writes under it is serialized with every other instance doing the same.
    func lock(_ lock: SQLLock, _ key: String = "") async throws {
        try await run("SELECT pg_advisory_xact_lock(\(lock.rawValue), hashtext(\(key)))")
    }
}

/// Whether a connection was leased, and which: set by the task that got it, read by the one timing the wait.
private final class LeaseFlag: Sendable {
    private let value = Mutex<PostgresConnection?>(nil)
    func set(_ connection: PostgresConnection) { value.withLock { $0 = connection } }
    var isSet: Bool { value.withLock { $0 != nil } }
    var connection: PostgresConnection? { value.withLock { $0 } }
}

/// A value the compiler cannot prove sendable, handed to a child task that ends before its owner returns.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Why a PostgreSQL database could not be used. Never carries the password.
public enum PostgresDatabaseError: StoreFailure, CustomStringConvertible {
    /// No answer from the server within the deadline.
    case unreachable(PostgresURL, Duration)
    /// The database was migrated by a newer release.
    case newerSchema(found: Int, known: Int)
    /// The server refused (a wrong password, no such database…); `reason` is the server's message.
    case failed(PostgresURL, reason: String)

    /// The server could not be reached (or went away): trying again later may work, nothing was written.
    public var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }

    public var isTemporary: Bool { isUnreachable }

    public var description: String {
        switch self {
        case .failed(let url, let reason):
            return "PostgreSQL at \(url.host):\(url.port) (database \(url.database), user \(url.user)): \(reason)"
        case .unreachable(let url, let timeout):
            return "PostgreSQL at \(url.host):\(url.port) (database \(url.database)) did not answer within \(timeout)."
        case .newerSchema(let found, let known):
            return "The PostgreSQL database was migrated by a newer release (schema \(found); this one knows \(known))."
        }
    }
}

extension PostgresDatabaseError {
    /// What went wrong, in words that hold no secret: the server's own message (it never repeats a password), else
    /// the kind of failure. PostgresNIO's descriptions are deliberately vague for the same reason.
    public static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            // A connection's own failure (refused, no route, TLS) names the address, never the password.
            if let underlying = error.underlying { return "\(error.code): \(underlying)" }
            return "\(error.code)"
        }
        return "\(type(of: error))"
    }
}

/// Runs `body`, or throws `unreachable` once `timeout` has passed.
private func withDeadline<T: Sendable>(
    _ timeout: Duration, url: PostgresURL, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw PostgresDatabaseError.unreachable(url, timeout)
        }
        return value
    }
}

// MARK: - Reading rows

extension PostgresRow {
    /// The named column, decoded (for a row read once; see `PostgresRandomAccessRow.get` for many columns).
    func get<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        try makeRandomAccess()[column].decode(T.self)
    }
}

extension PostgresRandomAccessRow {
    /// The named column, decoded.
    func get<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        try self[column].decode(T.self)
    }
}

extension PostgresConnection {
    /// Every row of `query`, gathered on the connection's event loop. Not the async row sequence: its back-pressure
    /// leaves the stream waiting for the reader between two reads, and postgres-nio 1.33 traps when the server
    /// closes the connection in such a moment (a PostgreSQL stopped under load crashed the process). Gathered on the
    /// event loop, every batch is asked for at once, so a closing server fails the query instead.
    ///
    /// The wait for the answer ends when the task is cancelled, answered or not: a query sent to a connection in the
    /// moment the server stops can be left with no answer and no failure, even after the connection is closed, and
    /// `PostgresDatabase.withConnection` must be able to walk away from it (its bound cancels the work).
    func allRows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        try Task.checkCancellation()
        let result: EventLoopFuture<PostgresQueryResult> = self.query(query, logger: logger)
        return try await result.valueUnlessCancelled().rows
    }
}

extension EventLoopFuture where Value: Sendable {
    /// The future's value, or `CancellationError` as soon as the waiting task is cancelled (the future itself goes on
    /// and its late result is dropped).
    func valueUnlessCancelled() async throws -> Value {
        let waiter = OnceWaiter<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.wait(continuation)
                whenComplete { waiter.finish($0) }
            }
        } onCancel: {
            waiter.finish(.failure(CancellationError()))
        }
    }
}

/// One continuation resumed exactly once, by whichever comes first: the result, or the cancellation (which may come
/// before the continuation is even there).
private final class OnceWaiter<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value, any Error>?)
        case finished(Result<Value, any Error>?)
    }
    private let state = Mutex<State>(.waiting(nil))

    func wait(_ continuation: CheckedContinuation<Value, any Error>) {
        let early: Result<Value, any Error>? = state.withLock { state in
            switch state {
            case .waiting:
                state = .waiting(continuation)
                return nil
            case .finished(let result):
                state = .finished(nil)
                return result
            }
        }
        if let early { continuation.resume(with: early) }
    }

    func finish(_ result: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Value, any Error>? = state.withLock { state in
            switch state {
            case .waiting(let continuation):
                state = .finished(continuation == nil ? result : nil)
                return continuation
            case .finished:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}
