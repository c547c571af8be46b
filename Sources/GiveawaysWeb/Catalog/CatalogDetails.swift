import Foundation
import GiveawaysDomain
import GiveawaysViews
import Logging
import Synchronization

/// Fetches a game's detail when it is first viewed and again when older than a day — one fetch per game at a
/// time, never the whole catalog at once — then stores it and puts it into the read model (that game only).
final class CatalogDetails: Sendable {
    private let source: any CatalogSource
    private let catalog: any CatalogRepository
    private let readModel: ReadModel
    private let clock: @Sendable () -> Date
    private let logger: Logger
    private let maxAge: TimeInterval
    /// Tells the other instances on a shared store about a fetched detail.
    private let changes: any StoreChangeChannel
    /// Games being fetched now, and when each game's last fetch failed (no second try for a minute).
    private let state = Mutex<(running: [Int: Task<Bool, Never>], failedAt: [Int: Date])>(([:], [:]))

    init(
        source: any CatalogSource, catalog: any CatalogRepository, readModel: ReadModel,
        clock: @escaping @Sendable () -> Date, logger: Logger, maxAge: TimeInterval = Defaults.catalogDetailMaxAge,
        changes: any StoreChangeChannel = SoleStoreChanges()
    ) {
        self.changes = changes
        self.source = source
        self.catalog = catalog
        self.readModel = readModel
        self.clock = clock
        self.logger = logger
        self.maxAge = maxAge
    }

    /// Makes sure `stored` has a fresh detail, waiting at most `wait` for a fetch; says where the detail stands.
    func refresh(_ stored: StoredCatalogGame, wait: Duration) async -> CatalogGamePage.DetailState {
        let now = clock()
        if let fetched = stored.detailFetchedAt, now.timeIntervalSince(fetched) < maxAge, stored.detail != nil {
            return .loaded
        }
        let task: Task<Bool, Never>? = state.withLock { state in
            if let running = state.running[stored.id] { return running }
            if let failed = state.failedAt[stored.id], now.timeIntervalSince(failed) < 60 { return nil }
            let task = Task { await self.fetch(stored.id) }
            state.running[stored.id] = task
            return task
        }
        guard let task else { return stored.detail == nil ? .failed : .loaded }
        let finished = await withTaskGroup(of: Bool?.self) { group in
            group.addTask { await task.value }
            group.addTask {
                try? await Task.sleep(for: wait)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        switch finished {
        case .some(true): return .loaded
        case .some(false): return stored.detail == nil ? .failed : .loaded
        case .none: return stored.detail == nil ? .loading : .loaded
        }
    }

    private func fetch(_ id: Int) async -> Bool {
        defer { state.withLock { _ = $0.running.removeValue(forKey: id) } }
        do {
            let detail = try await source.fetchDetail(id: id)
            let time = clock()
            try await catalog.saveDetail(detail, of: id, at: time)
            readModel.saveDetail(detail, of: id, fetchedAt: time)
            await changes.announce(.catalogDetail(gameID: id))
            state.withLock { _ = $0.failedAt.removeValue(forKey: id) }
            return true
        } catch {
            logger.warning("could not fetch a game's detail", metadata: ["game": "\(id)", "reason": "\(error)"])
            state.withLock { $0.failedAt[id] = clock() }
            return false
        }
    }
}
