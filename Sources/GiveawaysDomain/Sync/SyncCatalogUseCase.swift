import Foundation

/// Fetches the free-to-play catalog once and saves it; every attempt goes to the sync log, and a failed or
/// malformed fetch leaves the stored catalog untouched.
public struct SyncCatalogUseCase: Sendable {
    let source: any CatalogSource
    let catalog: any CatalogRepository
    let log: any SyncLogRepository

    public init(source: any CatalogSource, catalog: any CatalogRepository, log: any SyncLogRepository) {
        self.source = source
        self.catalog = catalog
        self.log = log
    }

    public func execute(now: Date) async throws -> SyncReport {
        let games: [CatalogGame]
        do {
            games = try await source.fetchCatalog()
        } catch {
            try await log.recordFailure(of: .freetogame, reason: String(describing: error), at: now)
            throw error
        }
        let report = try await catalog.saveCatalog(games, at: now)
        try await log.recordSuccess(of: .freetogame, report: report, at: now)
        return report
    }
}
