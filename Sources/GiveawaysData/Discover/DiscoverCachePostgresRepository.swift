import Foundation
import GiveawaysDomain
import PostgresNIO

/// Cached RAWG answers in PostgreSQL (`DiscoverCacheSQL`).
public struct DiscoverCachePostgresRepository: DiscoverCacheRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func cachedAnswer(for request: String) async throws -> (body: Data, fetchedAt: Date)? {
        try await database.read { sql in
            try await sql.rows(DiscoverCacheSQL.answer, request).first.map(DiscoverCacheSQL.answer)
        }
    }

    public func storeAnswer(_ body: Data, for request: String, at time: Date) async throws {
        try await database.write { sql in try await sql.run(DiscoverCacheSQL.store, request, body, time) }
    }
}
