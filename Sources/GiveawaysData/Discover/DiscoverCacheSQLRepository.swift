import Foundation
import GiveawaysDomain

/// Cached RAWG answers (`DiscoverCacheSQL`), in SQLite or PostgreSQL (`SQLExecutor`).
public struct DiscoverCacheSQLRepository: DiscoverCacheRepository {
    private let database: any SQLExecutor

    public init(database: AppDatabase) { self.database = database }
    public init(database: PostgresDatabase) { self.database = database }

    public func cachedAnswer(for request: String) async throws -> (body: Data, fetchedAt: Date)? {
        try await database.rows(DiscoverCacheSQL.answer, request).first.map(DiscoverCacheSQL.answer)
    }

    public func storeAnswer(_ body: Data, for request: String, at time: Date) async throws {
        try await database.transaction { db in try db.execute(DiscoverCacheSQL.store, request, body, time) }
    }

    public func countRequest(at time: Date) async throws {
        let month = RAWGAllowance.month(of: time)
        try await database.transaction { db in try db.execute(DiscoverCacheSQL.countRequest, month) }
    }

    public func requests(inMonthOf time: Date) async throws -> Int {
        try await database.rows(DiscoverCacheSQL.requests, RAWGAllowance.month(of: time)).first
            .map { try $0.value(0, as: Int.self) } ?? 0
    }
}
