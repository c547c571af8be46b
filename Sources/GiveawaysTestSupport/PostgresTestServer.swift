import Foundation
import Logging
import PostgresNIO
import Testing

/// The PostgreSQL server the PostgreSQL tests run against: the URL in `GIVEAWAYS_TEST_POSTGRES` (see
/// `scripts/postgres-test-cluster`). Each test gets a database of its own, made with a random name and dropped
/// after it.
public enum PostgresTestServer {
    public static let url: String? = ProcessInfo.processInfo.environment["GIVEAWAYS_TEST_POSTGRES"].flatMap {
        $0.isEmpty ? nil : $0
    }

    /// Whether the PostgreSQL tests run. Without the variable they are skipped, and the test report says so.
    public static var isConfigured: Bool { url != nil }

    public static let skipped: Comment =
        "PostgreSQL tests skipped: GIVEAWAYS_TEST_POSTGRES is not set (eval \"$(scripts/postgres-test-cluster start)\")"

    /// Errors only: the pool reports every connection it closes at the end of a test.
    public static let quiet: Logger = {
        var logger = Logger(label: "giveaways.postgres.tests")
        logger.logLevel = .error
        return logger
    }()

    /// Runs `body` with the URL of a fresh, empty database (not migrated), dropped afterwards.
    public static func withFreshDatabaseURL<T: Sendable>(_ body: (String) async throws -> T) async throws -> T {
        let configured = try #require(url)
        let server = try #require(URLComponents(string: configured))
        // Made here, of hex digits only: the one name spliced into SQL, since identifiers cannot be bound.
        let name = "gg_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await admin(server, "CREATE DATABASE \(name)")
        var fresh = server
        fresh.path = "/" + name
        let freshURL = try #require(fresh.string)
        do {
            let result = try await body(freshURL)
            try await admin(server, "DROP DATABASE \(name) WITH (FORCE)")
            return result
        } catch {
            try? await admin(server, "DROP DATABASE \(name) WITH (FORCE)")
            throw error
        }
    }

    private static func admin(_ server: URLComponents, _ statement: String) async throws {
        let host = try #require(server.host)
        let user = try #require(server.user)
        let client = PostgresClient(
            configuration: PostgresClient.Configuration(
                host: host, port: server.port ?? 5432, username: user,
                password: server.password ?? ProcessInfo.processInfo.environment["PGPASSWORD"],
                database: String(server.path.dropFirst()), tls: .disable))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await client.query(PostgresQuery(unsafeSQL: statement))
        }
    }
}
