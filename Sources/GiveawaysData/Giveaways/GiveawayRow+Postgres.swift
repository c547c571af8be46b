import Foundation
import GiveawaysDomain
import PostgresNIO

// The `giveaway` table and its satellites over PostgreSQL: the same `GiveawayRow` the SQLite store uses, read and
// written with bound parameters.
extension GiveawayRow {
    static let postgresColumns = """
        id, title, worth_cents, thumbnail_url, image_url, description, instructions, open_giveaway_url,
        open_giveaway, published_at, type, ends_at, users, status, gamerpower_url, first_seen_at, last_seen_at,
        left_at, is_demo
        """

    init(postgres row: PostgresRow) throws {
        let cells = row.makeRandomAccess()
        id = try cells.get("id")
        title = try cells.get("title")
        worthCents = try cells.get("worth_cents")
        thumbnailUrl = try cells.get("thumbnail_url")
        imageUrl = try cells.get("image_url")
        description = try cells.get("description")
        instructions = try cells.get("instructions")
        openGiveawayUrl = try cells.get("open_giveaway_url")
        openGiveaway = try cells.get("open_giveaway")
        publishedAt = try cells.get("published_at")
        type = try cells.get("type")
        endsAt = try cells.get("ends_at")
        users = try cells.get("users")
        status = try cells.get("status")
        gamerpowerUrl = try cells.get("gamerpower_url")
        firstSeenAt = try cells.get("first_seen_at")
        lastSeenAt = try cells.get("last_seen_at")
        leftAt = try cells.get("left_at")
        isDemo = try cells.get("is_demo")
    }
}

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
        guard
            let row = try await sql.rows(
                "SELECT \(unescaped: GiveawayRow.postgresColumns) FROM giveaway WHERE id = \(id)"
            ).first
        else { return nil }
        let platforms = try await platformsByGiveaway(sql, id: id)
        return try GiveawayRow(postgres: row).toDomain(platforms: platforms[id] ?? [])
    }
}
