import Foundation
import GRDB
import GiveawaysDomain

/// Cached RAWG answers in SQLite.
public struct DiscoverCacheSQLiteRepository: DiscoverCacheRepository {
    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func cachedAnswer(for request: String) async throws -> (body: Data, fetchedAt: Date)? {
        try await database.writer.read { db in
            try Row.fetchOne(
                db, sql: "SELECT body, fetched_at FROM discover_cache WHERE request = ?", arguments: [request]
            )
            .map { (body: $0["body"], fetchedAt: $0["fetched_at"]) }
        }
    }

    public func storeAnswer(_ body: Data, for request: String, at time: Date) async throws {
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO discover_cache (request, body, fetched_at) VALUES (?, ?, ?)
                    ON CONFLICT (request) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
                    """, arguments: [request, body, time])
        }
    }
}
