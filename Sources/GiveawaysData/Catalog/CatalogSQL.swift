import Foundation
import GiveawaysDomain

/// The catalog's statements and row reading, written once for both stores (`SharedSQL`).
enum CatalogSQL {
    /// The columns `CatalogGameRow(shared:)` reads and `CatalogGameRow.values` binds, in their order.
    static let columns = """
        id, title, thumbnail, short_description, game_url, genre, platforms, publisher, developer, release_date,
        profile_url, rank, first_seen_at, last_seen_at, removed_at, detail_json, detail_fetched_at
        """
    /// Every game, listed ones first by rank.
    static let all = SharedSQL(
        "SELECT \(columns) FROM catalog_game ORDER BY removed_at IS NOT NULL, rank, id")
    /// Inserts or replaces the whole row, as GRDB's `save` does. $1… in `columns`' order.
    static let save = SharedSQL(
        """
        INSERT INTO catalog_game (\(columns))
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
        ON CONFLICT (id) DO UPDATE SET title = excluded.title, thumbnail = excluded.thumbnail,
            short_description = excluded.short_description, game_url = excluded.game_url, genre = excluded.genre,
            platforms = excluded.platforms, publisher = excluded.publisher, developer = excluded.developer,
            release_date = excluded.release_date, profile_url = excluded.profile_url, rank = excluded.rank,
            first_seen_at = excluded.first_seen_at, last_seen_at = excluded.last_seen_at,
            removed_at = excluded.removed_at, detail_json = excluded.detail_json,
            detail_fetched_at = excluded.detail_fetched_at
        """)
    /// $1 time, $2 the games no longer listed.
    static let leave = SharedSQL("UPDATE catalog_game SET removed_at = $1 WHERE id = ANY($2)")
    /// $1 detail JSON, $2 time, $3 game.
    static let detail = SharedSQL("UPDATE catalog_game SET detail_json = $1, detail_fetched_at = $2 WHERE id = $3")

    /// The statements that apply a merge: every row it answers saved, then who left.
    static func writes(_ merge: CatalogMerge, at time: Date) -> [SQLStatement] {
        var statements = merge.rows.map { SQLStatement(save, $0.values) }
        if !merge.leaving.isEmpty { statements.append(SQLStatement(leave, time, IDList(merge.leaving))) }
        return statements
    }
}

extension CatalogGameRow {
    /// A row of `SELECT \(CatalogSQL.columns)`.
    init(shared row: some SharedRow) throws {
        id = try row.value(0, as: Int.self)
        title = try row.value(1, as: String.self)
        thumbnail = try row.optional(2, as: String.self)
        shortDescription = try row.value(3, as: String.self)
        gameURL = try row.optional(4, as: String.self)
        genre = try row.value(5, as: String.self)
        platforms = try row.value(6, as: String.self)
        publisher = try row.value(7, as: String.self)
        developer = try row.value(8, as: String.self)
        releaseDate = try row.optional(9, as: String.self)
        profileURL = try row.optional(10, as: String.self)
        rank = try row.value(11, as: Int.self)
        firstSeenAt = try row.value(12, as: Date.self)
        lastSeenAt = try row.value(13, as: Date.self)
        removedAt = try row.optional(14, as: Date.self)
        detailJSON = try row.optional(15, as: Data.self)
        detailFetchedAt = try row.optional(16, as: Date.self)
    }

    /// Its columns in `CatalogSQL.columns`' order.
    var values: [any SharedSQLValue] {
        [
            id, title, thumbnail, shortDescription, gameURL, genre, platforms, publisher, developer, releaseDate,
            profileURL, rank, firstSeenAt, lastSeenAt, removedAt, detailJSON, detailFetchedAt,
        ]
    }
}
