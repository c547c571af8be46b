import Foundation
import GRDB
import GiveawaysDomain

/// Cached RAWG answers in SQLite (`DiscoverCacheSQL`).
public struct DiscoverCacheSQLiteRepository: DiscoverCacheRepository {
    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func cachedAnswer(for request: String) async throws -> (body: Data, fetchedAt: Date)? {
        try await database.writer.read { db in
            try db.rows(DiscoverCacheSQL.answer, request).first.map(DiscoverCacheSQL.answer)
        }
    }

    public func storeAnswer(_ body: Data, for request: String, at time: Date) async throws {
        try await database.writer.write { db in try db.execute(DiscoverCacheSQL.store, request, body, time) }
    }
}
