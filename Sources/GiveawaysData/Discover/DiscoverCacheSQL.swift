import Foundation

/// The Discover cache's statements, written once for both stores (`SharedSQL`).
enum DiscoverCacheSQL {
    /// $1 request.
    static let answer = SharedSQL("SELECT body, fetched_at FROM discover_cache WHERE request = $1")
    /// $1 request, $2 body, $3 time.
    static let store = SharedSQL(
        """
        INSERT INTO discover_cache (request, body, fetched_at) VALUES ($1, $2, $3)
        ON CONFLICT (request) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
        """)

    /// $1 month (`2026-03`).
    static let countRequest = SharedSQL(
        """
        INSERT INTO rawg_usage (month, requests) VALUES ($1, 1)
        ON CONFLICT (month) DO UPDATE SET requests = rawg_usage.requests + 1
        """)
    /// $1 month.
    static let requests = SharedSQL("SELECT requests FROM rawg_usage WHERE month = $1")

    /// A row of `answer`.
    static func answer(_ row: some SharedRow) throws -> (body: Data, fetchedAt: Date) {
        (body: try row.value(0, as: Data.self), fetchedAt: try row.value(1, as: Date.self))
    }
}
