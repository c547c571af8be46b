import Foundation
import GiveawaysDomain
import PostgresNIO

/// Reads shared by the feed and the hooks over PostgreSQL.
enum GiveawayPostgresReads {
    /// Platforms by giveaway in the upstream's order; for one giveaway when `id` is given.
    static func platformsByGiveaway(_ sql: PostgresTransaction, id: Int? = nil) async throws -> [Int: [Platform]] {
        let rows =
            if let id { try await sql.rows(FeedSQL.platformsOf, id) } else { try await sql.rows(FeedSQL.platforms) }
        return try FeedSQL.platformsByGiveaway(rows)
    }

    /// One giveaway with its platforms, or `nil`.
    static func giveaway(_ sql: PostgresTransaction, id: Int) async throws -> Giveaway? {
        try FeedSQL.giveaway(await sql.rows(FeedSQL.giveaway, id), platforms: await sql.rows(FeedSQL.platformsOf, id))
    }
}
