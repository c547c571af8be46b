import Foundation
import GRDB
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// What a repository's algorithm runs on: read rows, run statements, take a lock, inside one transaction. A
/// repository is written once over it (its statements in `SharedSQL`); `AppDatabase` (GRDB) and `PostgresDatabase`
/// (postgres-nio) are its two implementations.
///
/// The algorithm is synchronous, as GRDB runs it: on SQLite, inside GRDB's transaction on its writer (or a reader,
/// for `read`). PostgreSQL runs the same closure on a thread of its own (`PostgresDatabase.algorithmThreads`), each
/// statement a round trip awaited there, so that no event loop and no task of the concurrency pool ever blocks.
protocol SQLExecutor: Sendable {
    /// Reads that agree with each other: one snapshot.
    func snapshot<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLSession) throws -> Result
    ) async throws -> Result
    /// One transaction: committed when `body` returns, rolled back when it throws (its error rethrown as is).
    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLSession) throws -> Result
    ) async throws -> Result
    /// The rows of one statement on its own: a read that needs no other (the hot reads, as a visitor's marks on every
    /// page over PostgreSQL, go straight to a connection this way, with no transaction and no thread around them).
    func rows(_ statement: SQLStatement) async throws -> [SQLRow]
}

extension SQLExecutor {
    /// The rows of one shared statement on its own, with its parameters in order.
    func rows(_ statement: SharedSQL, _ values: any SharedSQLValue...) async throws -> [SQLRow] {
        try await rows(SQLStatement(statement, values))
    }
}

/// One open transaction, as an algorithm sees it.
protocol SQLSession {
    /// The rows of one statement.
    func rows(_ statement: SQLStatement) throws -> [SQLRow]
    /// The rows of one statement, one at a time: SQLite holds one row in memory at once.
    func forEachRow(_ statement: SQLStatement, _ body: (SQLRow) throws -> Void) throws
    /// Runs the statements in order.
    func execute(_ statements: [SQLStatement]) throws
    /// Takes `lock` (for `key`) until the transaction ends, so that what the transaction counts and then writes is
    /// serialized with every other writer doing the same. PostgreSQL takes an advisory lock (other instances share
    /// the database); SQLite needs none, as a write transaction there is the only one.
    func lock(_ lock: SQLLock, _ key: String) throws
}

extension SQLSession {
    /// The rows of a shared statement with its parameters in order.
    func rows(_ statement: SharedSQL, _ values: any SharedSQLValue...) throws -> [SQLRow] {
        try rows(SQLStatement(statement, values))
    }

    /// Runs a shared statement with its parameters in order.
    func execute(_ statement: SharedSQL, _ values: any SharedSQLValue...) throws {
        try execute([SQLStatement(statement, values)])
    }

    func lock(_ lock: SQLLock) throws { try self.lock(lock, "") }
}

/// A row of either store, read by position (`SharedRow`). Sendable: a PostgreSQL row is, and a GRDB row fetched whole
/// (`Row.fetchAll`, as every `rows` here fetches) is a copy nothing else holds or changes; a cursor's rows, which GRDB
/// reuses, never leave `forEachRow`'s loop.
struct SQLRow: SharedRow, @unchecked Sendable {
    let base: any SharedRow

    func value<T: SharedColumn>(_ index: Int, as type: T.Type) throws -> T { try base.value(index, as: type) }
    func optional<T: SharedColumn>(_ index: Int, as type: T.Type) throws -> T? { try base.optional(index, as: type) }
}

/// The advisory locks an algorithm takes (PostgreSQL's `pg_advisory_xact_lock` keys): one per critical section, so
/// that unrelated sections never wait on each other.
enum SQLLock: Int32 {
    case migrations = 7_301
    case feed = 7_302
    case catalog = 7_303
    /// Per profile: its marks and limits.
    case profile = 7_304
    /// The server-wide count of visitors' hooks.
    case visitorHooks = 7_305
    /// The stores' own offers: ids handed out one sync at a time.
    case storeOffers = 7_306
    /// The live log: appends one at a time, so ids are committed in the order they are handed out.
    case liveEvents = 7_307
}

// MARK: - SQLite (GRDB)

extension AppDatabase: SQLExecutor {
    func snapshot<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLSession) throws -> Result
    ) async throws -> Result {
        try await writer.read { db in try body(SQLiteSession(db: db)) }
    }

    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLSession) throws -> Result
    ) async throws -> Result {
        try await writer.write { db in try body(SQLiteSession(db: db)) }
    }

    func rows(_ statement: SQLStatement) async throws -> [SQLRow] {
        try await writer.read { db in try SQLiteSession(db: db).rows(statement) }
    }
}

/// GRDB's connection inside its transaction.
private struct SQLiteSession: SQLSession {
    let db: Database

    func rows(_ statement: SQLStatement) throws -> [SQLRow] {
        try Row.fetchAll(
            db.cachedStatement(sql: statement.sql.sqlite),
            arguments: StatementArguments(statement.values.map(\.sqliteValue))
        ).map { SQLRow(base: $0) }
    }

    func forEachRow(_ statement: SQLStatement, _ body: (SQLRow) throws -> Void) throws {
        let cursor = try Row.fetchCursor(
            db.cachedStatement(sql: statement.sql.sqlite),
            arguments: StatementArguments(statement.values.map(\.sqliteValue)))
        while let row = try cursor.next() { try body(SQLRow(base: row)) }
    }

    func execute(_ statements: [SQLStatement]) throws {
        for statement in statements {
            try db.cachedStatement(sql: statement.sql.sqlite).execute(
                arguments: StatementArguments(statement.values.map(\.sqliteValue)))
        }
    }

    func lock(_ lock: SQLLock, _ key: String) throws {}
}

// MARK: - PostgreSQL (postgres-nio)

extension PostgresDatabase: SQLExecutor {
    func snapshot<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLSession) throws -> Result
    ) async throws -> Result {
        try await read { transaction in try await runAlgorithm(body, in: transaction) }
    }

    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLSession) throws -> Result
    ) async throws -> Result {
        try await write { transaction in try await runAlgorithm(body, in: transaction) }
    }

    func rows(_ statement: SQLStatement) async throws -> [SQLRow] {
        try await rows(PostgresQuery(shared: statement.sql, statement.values)).map { SQLRow(base: $0) }
    }

    /// Runs `body` on a thread of `algorithmThreads`. A cancelled caller (`withConnection`'s bound gave up on a
    /// server that stopped answering, or the server is shutting down) cancels the statement the algorithm waits
    /// for, and every later one fails at once: the thread is never left waiting for an answer that may never come.
    private func runAlgorithm<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLSession) throws -> Result, in transaction: PostgresTransaction
    ) async throws -> Result {
        let session = PostgresSession(transaction: transaction)
        return try await withTaskCancellationHandler {
            try await algorithmThreads.runIfActive { try body(session) }
        } onCancel: {
            session.cancel()
        }
    }
}

/// A transaction on a leased connection, used from a thread of `algorithmThreads`: each statement is sent and
/// awaited by a task of its own, which `cancel()` cancels (`allRows` then stops waiting, answered or not).
private final class PostgresSession: SQLSession, Sendable {
    let transaction: PostgresTransaction
    private let state = Mutex<(cancelled: Bool, running: Task<[PostgresRow], any Error>?)>((false, nil))

    init(transaction: PostgresTransaction) {
        self.transaction = transaction
    }

    /// Cancels the statement waited for now, and fails every later one.
    func cancel() {
        let running = state.withLock { state in
            state.cancelled = true
            return state.running
        }
        running?.cancel()
    }

    func rows(_ statement: SQLStatement) throws -> [SQLRow] {
        let transaction = transaction
        let query = PostgresQuery(shared: statement.sql, statement.values)
        let task = Task { try await transaction.rows(query) }
        let cancelled = state.withLock { state in
            state.running = task
            return state.cancelled
        }
        defer { state.withLock { $0.running = nil } }
        if cancelled { task.cancel() }
        return try transaction.connection.eventLoop.makeFutureWithTask { try await task.value }.wait()
            .map { SQLRow(base: $0) }
    }

    func forEachRow(_ statement: SQLStatement, _ body: (SQLRow) throws -> Void) throws {
        for row in try rows(statement) { try body(row) }
    }

    func execute(_ statements: [SQLStatement]) throws {
        for statement in statements { _ = try rows(statement) }
    }

    func lock(_ lock: SQLLock, _ key: String) throws {
        _ = try rows(
            SQLStatement(SharedSQL("SELECT pg_advisory_xact_lock($1::integer, hashtext($2))"), Int(lock.rawValue), key))
    }
}
