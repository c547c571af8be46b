import Foundation
import GiveawaysDomain
import PostgresNIO

/// The free-to-play catalog over PostgreSQL: one `catalog_game` row per game ever listed (`CatalogSQL`).
public struct CatalogPostgresRepository: CatalogRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func allCatalogGames() async throws -> [StoredCatalogGame] {
        try await database.read { sql in
            try await sql.rows(CatalogSQL.all).map { try CatalogGameRow(shared: $0).stored }
        }
    }

    public func saveCatalog(_ games: [CatalogGame], at time: Date) async throws -> SyncReport {
        try await database.write { sql in
            try await sql.lock(.catalog)
            var existing: [Int: CatalogGameRow] = [:]
            for row in try await sql.rows(CatalogSQL.all) {
                let game = try CatalogGameRow(shared: row)
                existing[game.id] = game
            }
            let merge = CatalogMerge(existing: existing, games: games, at: time)
            try await sql.run(CatalogSQL.writes(merge, at: time))
            return merge.report
        }
    }

    public func saveDetail(_ detail: CatalogGameDetail, of id: Int, at time: Date) async throws {
        let json = try JSONEncoder().encode(CatalogDetailJSON(detail))
        try await database.write { sql in try await sql.run(CatalogSQL.detail, json, time, id) }
    }
}
