import Foundation
import GiveawaysDomain
import PostgresNIO

/// Cached RAWG answers in PostgreSQL.
public struct DiscoverCachePostgresRepository: DiscoverCacheRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func cachedAnswer(for request: String) async throws -> (body: Data, fetchedAt: Date)? {
        guard
            let row = try await database.rows(
                "SELECT body, fetched_at FROM discover_cache WHERE request = \(request)"
            ).first
        else { return nil }
        let (body, fetchedAt) = try row.decode((Data, Date).self)
        return (body: body, fetchedAt: fetchedAt)
    }

    public func storeAnswer(_ body: Data, for request: String, at time: Date) async throws {
        try await database.rows(
            """
            INSERT INTO discover_cache (request, body, fetched_at) VALUES (\(request), \(body), \(time))
            ON CONFLICT (request) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
            """)
    }
}
