import Foundation

/// Fetches the feed once and saves it; a failed fetch is recorded and leaves the stored data untouched.
public struct SyncGiveawaysUseCase<Source: GiveawaySource, Repository: GiveawayRepository>: Sendable {
    let source: Source
    let repository: Repository

    public init(source: Source, repository: Repository) {
        self.source = source
        self.repository = repository
    }

    public func execute(now: Date) async throws -> SyncReport {
        let giveaways: [Giveaway]
        do {
            giveaways = try await source.fetchGiveaways()
        } catch {
            try await repository.recordSyncFailure(String(describing: error), at: now)
            throw error
        }
        return try await repository.saveSync(giveaways, at: now)
    }
}
