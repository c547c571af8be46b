import Foundation
import GiveawaysTestSupport

@testable import GiveawaysData

extension PostgresTestServer {
    /// Runs `body` with a fresh, migrated database of its own, dropped afterwards.
    static func withFreshDatabase<T: Sendable>(_ body: (PostgresDatabase) async throws -> T) async throws -> T {
        try await withFreshDatabaseURL { url in
            let database = try await PostgresDatabase.open(try PostgresURL(url), maximumConnections: 12, logger: quiet)
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

    /// `withFreshDatabaseURL`, parsed.
    static func withFreshPostgresURL<T: Sendable>(_ body: (PostgresURL) async throws -> T) async throws -> T {
        try await withFreshDatabaseURL { url in try await body(try PostgresURL(url)) }
    }
}
