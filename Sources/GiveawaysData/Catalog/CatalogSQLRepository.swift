import Foundation
import GiveawaysDomain

/// The free-to-play catalog: one `catalog_game` row per game ever listed (`CatalogSQL`), over SQLite or PostgreSQL
/// (`SQLExecutor`).
public struct CatalogSQLRepository: CatalogRepository {
    private let database: any SQLExecutor

    public init(database: AppDatabase) { self.database = database }
    public init(database: PostgresDatabase) { self.database = database }

    public func allCatalogGames() async throws -> [StoredCatalogGame] {
        try await database.snapshot { db in try db.rows(CatalogSQL.all).map { try CatalogGameRow(shared: $0).stored }
        }
    }

    public func saveCatalog(_ games: [CatalogGame], at time: Date) async throws -> SyncReport {
        try await database.transaction { db in
            // One merge at a time, whichever instance syncs.
            try db.lock(.catalog)
            var existing: [Int: CatalogGameRow] = [:]
            for row in try db.rows(CatalogSQL.all) {
                let game = try CatalogGameRow(shared: row)
                existing[game.id] = game
            }
            let merge = CatalogMerge(existing: existing, games: games, at: time)
            try db.execute(CatalogSQL.writes(merge, at: time))
            return merge.report
        }
    }

    public func saveDetail(_ detail: CatalogGameDetail, of id: Int, at time: Date) async throws {
        let json = try JSONEncoder().encode(CatalogDetailJSON(detail))
        try await database.transaction { db in try db.execute(CatalogSQL.detail, json, time, id) }
    }
}
