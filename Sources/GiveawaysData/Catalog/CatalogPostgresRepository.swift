import Foundation
import GiveawaysDomain
import PostgresNIO

/// The free-to-play catalog over PostgreSQL: one `catalog_game` row per game ever listed.
public struct CatalogPostgresRepository: CatalogRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    private static let columns = """
        id, title, thumbnail, short_description, game_url, genre, platforms, publisher, developer, release_date,
        profile_url, rank, first_seen_at, last_seen_at, removed_at, detail_json, detail_fetched_at
        """

    public func allCatalogGames() async throws -> [StoredCatalogGame] {
        try await database.rows(
            "SELECT \(unescaped: Self.columns) FROM catalog_game ORDER BY removed_at IS NOT NULL, rank, id"
        ).map { try CatalogGameRow(postgres: $0).stored }
    }

    public func saveCatalog(_ games: [CatalogGame], at time: Date) async throws -> SyncReport {
        try await database.write { sql in
            try await sql.lock(.catalog)
            var existing: [Int: CatalogGameRow] = [:]
            for row in try await sql.rows("SELECT \(unescaped: Self.columns) FROM catalog_game") {
                let game = try CatalogGameRow(postgres: row)
                existing[game.id] = game
            }
            let merge = CatalogMerge(existing: existing, games: games, at: time)
            for row in merge.rows { try await Self.save(row, sql: sql) }
            if !merge.leaving.isEmpty {
                try await sql.run("UPDATE catalog_game SET removed_at = \(time) WHERE id = ANY(\(merge.leaving))")
            }
            return merge.report
        }
    }

    public func saveDetail(_ detail: CatalogGameDetail, of id: Int, at time: Date) async throws {
        let json = try JSONEncoder().encode(CatalogDetailJSON(detail))
        try await database.rows(
            "UPDATE catalog_game SET detail_json = \(json), detail_fetched_at = \(time) WHERE id = \(id)")
    }

    /// Inserts or replaces the whole row, as GRDB's `save` does.
    private static func save(_ row: CatalogGameRow, sql: PostgresTransaction) async throws {
        try await sql.run(
            """
            INSERT INTO catalog_game (\(unescaped: columns))
            VALUES (\(row.id), \(row.title), \(row.thumbnail), \(row.shortDescription), \(row.gameURL), \(row.genre),
                \(row.platforms), \(row.publisher), \(row.developer), \(row.releaseDate), \(row.profileURL),
                \(row.rank), \(row.firstSeenAt), \(row.lastSeenAt), \(row.removedAt), \(row.detailJSON),
                \(row.detailFetchedAt))
            ON CONFLICT (id) DO UPDATE SET title = excluded.title, thumbnail = excluded.thumbnail,
                short_description = excluded.short_description, game_url = excluded.game_url, genre = excluded.genre,
                platforms = excluded.platforms, publisher = excluded.publisher, developer = excluded.developer,
                release_date = excluded.release_date, profile_url = excluded.profile_url, rank = excluded.rank,
                first_seen_at = excluded.first_seen_at, last_seen_at = excluded.last_seen_at,
                removed_at = excluded.removed_at, detail_json = excluded.detail_json,
                detail_fetched_at = excluded.detail_fetched_at
            """)
    }
}

extension CatalogGameRow {
    init(postgres row: PostgresRow) throws {
        let cells = row.makeRandomAccess()
        id = try cells.get("id")
        title = try cells.get("title")
        thumbnail = try cells.get("thumbnail")
        shortDescription = try cells.get("short_description")
        gameURL = try cells.get("game_url")
        genre = try cells.get("genre")
        platforms = try cells.get("platforms")
        publisher = try cells.get("publisher")
        developer = try cells.get("developer")
        releaseDate = try cells.get("release_date")
        profileURL = try cells.get("profile_url")
        rank = try cells.get("rank")
        firstSeenAt = try cells.get("first_seen_at")
        lastSeenAt = try cells.get("last_seen_at")
        removedAt = try cells.get("removed_at")
        detailJSON = try cells.get("detail_json")
        detailFetchedAt = try cells.get("detail_fetched_at")
    }
}
