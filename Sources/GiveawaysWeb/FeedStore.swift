import Foundation
import GiveawaysData
import GiveawaysDomain
import Logging
import Synchronization

/// What the pages show: the giveaways in the feed and how fresh they are, held in memory so that a page never
/// waits for SQLite or the upstream. Replaced as a whole after every sync.
struct FeedSnapshot: Sendable {
    var giveaways: [Giveaway]
    var byID: [Int: Giveaway]
    /// Built on the first search of each snapshot (not at load, which would delay start-up), then reused.
    var searchIndex: SearchIndex { lazyIndex.value }
    private let lazyIndex: LazySearchIndex
    /// Every platform slug in the feed, for validating `?platform=` without a pass over the list.
    var platformSlugs: Set<String>
    var status: SyncStatus
    var isSyncing: Bool
    /// Increases with every reload, so that anything derived from a snapshot knows when it is out of date.
    var generation = 0

    init(giveaways: [Giveaway], status: SyncStatus, isSyncing: Bool = false) {
        self.giveaways = giveaways
        self.byID = Dictionary(giveaways.map { ($0.id, $0) }) { first, _ in first }
        self.lazyIndex = LazySearchIndex(giveaways)
        self.platformSlugs = Set(giveaways.flatMap { $0.platforms.map(\.slug) })
        self.status = status
        self.isSyncing = isSyncing
    }

    static let empty = FeedSnapshot(giveaways: [], status: SyncStatus())
}

/// A search index built once, on first use, by whichever request needs it first.
final class LazySearchIndex: Sendable {
    private let giveaways: [Giveaway]
    private let index = Mutex<SearchIndex?>(nil)

    init(_ giveaways: [Giveaway]) {
        self.giveaways = giveaways
    }

    var value: SearchIndex {
        index.withLock { index in
            if let index { return index }
            let built = SearchIndex(giveaways)
            index = built
            return built
        }
    }
}

/// Owns the in-memory snapshot and runs syncs: at start-up, on the schedule and on demand, one at a time.
final class FeedStore<Repository: GiveawayRepository, Source: GiveawaySource>: Sendable {
    let repository: Repository
    private let source: Source
    private let clock: @Sendable () -> Date
    private let logger: Logger
    private let state = Mutex<(snapshot: FeedSnapshot, loaded: Bool, syncing: Bool)>((.empty, false, false))

    init(repository: Repository, source: Source, clock: @escaping @Sendable () -> Date, logger: Logger) {
        self.repository = repository
        self.source = source
        self.clock = clock
        self.logger = logger
    }

    /// The current snapshot; loads it from the store the first time.
    func snapshot() async throws -> FeedSnapshot {
        let (snapshot, loaded) = state.withLock { ($0.snapshot, $0.loaded) }
        if loaded { return snapshot }
        return try await reload()
    }

    /// Re-reads the feed and sync status from the store.
    @discardableResult
    func reload() async throws -> FeedSnapshot {
        let giveaways = try await repository.giveawaysInFeed()
        let status = try await repository.syncStatus()
        return state.withLock {
            var snapshot = FeedSnapshot(giveaways: giveaways, status: status, isSyncing: $0.syncing)
            snapshot.generation = $0.snapshot.generation + 1
            $0.snapshot = snapshot
            $0.loaded = true
            return snapshot
        }
    }

    /// Installs the labelled demo data if the store is empty, so that the very first page (before the first sync
    /// finishes, or forever on a machine without network) is a working app rather than a blank one.
    func prepare() async {
        await seedDemoDataIfEmpty(now: clock())
        do {
            try await reload()
        } catch {
            logger.error("could not load the store", metadata: ["reason": "\(error)"])
        }
    }

    private func seedDemoDataIfEmpty(now: Date) async {
        do {
            if try await repository.seedDemoDataIfEmpty(DemoGiveaways.make(now: now), at: now) {
                logger.notice("empty store: showing the built-in demo data until a sync succeeds")
            }
        } catch {
            logger.error("could not install demo data", metadata: ["reason": "\(error)"])
        }
    }

    /// Fetches and saves the feed once. A failure keeps the stored data; on an empty store it installs the demo
    /// data so that a machine without network still shows a working app. Returns `false` if a sync was running.
    @discardableResult
    func sync() async -> Bool {
        let started = state.withLock { state -> Bool in
            guard !state.syncing else { return false }
            state.syncing = true
            state.snapshot.isSyncing = true
            state.snapshot.generation += 1
            return true
        }
        guard started else { return false }
        defer {
            state.withLock {
                $0.syncing = false; $0.snapshot.isSyncing = false
            }
        }
        let now = clock()
        do {
            let report = try await SyncGiveawaysUseCase(source: source, repository: repository).execute(now: now)
            logger.info(
                "sync finished",
                metadata: [
                    "total": "\(report.total)", "new": "\(report.added.count)", "updated": "\(report.updated.count)",
                    "back": "\(report.returned.count)", "left": "\(report.left.count)",
                ])
        } catch {
            logger.warning("sync failed; keeping the stored data", metadata: ["reason": "\(error)"])
            await seedDemoDataIfEmpty(now: now)
        }
        do {
            try await reload()
        } catch {
            logger.error("could not reload the feed", metadata: ["reason": "\(error)"])
        }
        return true
    }
}
