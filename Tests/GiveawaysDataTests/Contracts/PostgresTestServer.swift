import Foundation
import Logging
import PostgresNIO
import Testing

@testable import GiveawaysData

/// The PostgreSQL server the PostgreSQL tests run against: the URL in `GIVEAWAYS_TEST_POSTGRES` (see
/// `scripts/postgres-test-cluster`). Each test gets a database of its own, made with a random name and dropped
/// after it.
enum PostgresTestServer {
    static let url: String? = ProcessInfo.processInfo.environment["GIVEAWAYS_TEST_POSTGRES"].flatMap {
        $0.isEmpty ? nil : $0
    }

    /// Errors only: the pool reports every connection it closes at the end of a test.
    static let quiet: Logger = {
        var logger = Logger(label: "giveaways.postgres.tests")
        logger.logLevel = .error
        return logger
    }()

    /// Whether the PostgreSQL tests run. Without the variable they are skipped, and the test report says so.
    static var isConfigured: Bool { url != nil }

    static let skipped: Comment =
        "PostgreSQL tests skipped: GIVEAWAYS_TEST_POSTGRES is not set (eval \"$(scripts/postgres-test-cluster start)\")"

    /// Runs `body` with a fresh, migrated database of its own, dropped afterwards. (Qualified: PostgresNIO has a
    /// `PostgresDatabase` of its own.)
    static func withFreshDatabase<T: Sendable>(
        _ body: (GiveawaysData.PostgresDatabase) async throws -> T
    ) async throws -> T {
        try await withFreshDatabaseURL { url in
            let database = try await GiveawaysData.PostgresDatabase.open(url, maximumConnections: 12, logger: quiet)
            do {
                let result = try await body(database)
                await database.close()
                return result
            } catch {
                await database.close()
                throw error
            }
        }
    }

    /// Runs `body` with the URL of a fresh, empty database (not migrated), dropped afterwards.
    static func withFreshDatabaseURL<T: Sendable>(_ body: (PostgresURL) async throws -> T) async throws -> T {
        let server = try PostgresURL(try #require(url))
        // Made here, of hex digits only: the one name spliced into SQL, since identifiers cannot be bound.
        let name = "gg_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await admin(server, "CREATE DATABASE \(name)")
        var fresh = server
        fresh.database = name
        do {
            let result = try await body(fresh)
            try await admin(server, "DROP DATABASE \(name) WITH (FORCE)")
            return result
        } catch {
            try? await admin(server, "DROP DATABASE \(name) WITH (FORCE)")
            throw error
        }
    }

    private static func admin(_ server: PostgresURL, _ statement: String) async throws {
        let client = PostgresClient(
            configuration: PostgresClient.Configuration(
                host: server.host, port: server.port, username: server.user, password: server.password,
                database: server.database, tls: .disable))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await client.query(PostgresQuery(unsafeSQL: statement))
        }
    }
}
