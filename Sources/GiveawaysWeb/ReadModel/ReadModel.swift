import Foundation
import GiveawaysDomain
import GiveawaysRendering
import GiveawaysViews
import Logging
import Synchronization

/// Everything the pages read, derived from the store: the feed, every stored giveaway with its history, the
/// platforms in the data, each source's health, and (built on first use) the search index. Replaced whole by
/// `ReadModel.reload()`; never changed in place, so a request sees one consistent picture.
struct ReadModelSnapshot: Sendable {
    /// The giveaways in the feed, expired ones included (`Giveaway.isLive` decides what is shown).
    let giveaways: [Giveaway]
    /// Every stored giveaway by id, including those that left the feed (Details and Favorites need them).
    let stored: [Int: StoredGiveaway]
    /// Every platform slug in the feed, for validating `?platform=` without a pass over the list.
    let platformSlugs: Set<String>
    /// What the store knows of each source's syncs. Pages in the page cache show only the freshness banner made of
    /// it (see `rendersLike`); the rest (each sync's time) is shown by `/status`, the API and the feeds.
    let logs: [SourceID: SyncLog]
    let isDemoData: Bool
    /// The free-to-play catalog.
    let catalog: CatalogSnapshot
    /// Loot giveaways in the feed by the catalog game they belong to, and the reverse: worked out on first use
    /// (the catalog and Details need them; the first Home of a big feed does not wait for them), then reused.
    var lootByGame: [Int: [Int]] { lazyLoot.value.byGame }
    var gameByGiveaway: [Int: Int] { lazyLoot.value.byGiveaway }
    /// When each stored giveaway was first seen, by id (the "new" badges), worked out on first use.
    var firstSeenAt: [Int: Date] { lazyFirstSeen.value }
    /// Increases with every reload that brings something the cached pages show, so that anything derived knows
    /// when it is out of date. The scheduler's state is not part of it.
    let generation: Int
    private let lazyIndex: LazySearchIndex
    private let lazyFacts: LazyByID<Giveaway, RuleFacts>
    private let verdicts: RuleVerdictCache
    private let lazyLoot: LazyLootLinks
    private let lazyFirstSeen: LazyByID<StoredGiveaway, Date>
    /// Which giveaways of the feed each library owns, worked out once per snapshot and library (`owned(by:)`).
    private let ownership: OwnershipByLibrary

    /// Ids merged into another giveaway's (`FeedMerge`), with the id it is published under.
    let aliases: [Int: Int]
    /// Every game's giveaways across stores and years, worked out on first use (Details, the API, rules).
    var gameHistory: GameHistory { lazyHistory.value }
    private let lazyHistory: LazyValue<GameHistory>

    init(
        stored: [StoredGiveaway], catalog: CatalogSnapshot = .empty, logs: [SourceID: SyncLog], isDemoData: Bool,
        generation: Int, aliases: [Int: Int] = [:], titles: NormalizedTitles? = nil
    ) {
        self.aliases = aliases
        lazyHistory = LazyValue { GameHistory(stored, titles: titles) }
        self.catalog = catalog
        lazyLoot = LazyLootLinks(stored: stored, catalog: catalog)
        lazyFirstSeen = LazyByID(stored) { ($0.id, $0.history.firstSeenAt) }
        giveaways = stored.filter(\.history.isInFeed).map(\.giveaway)
        self.stored = Dictionary(stored.map { ($0.id, $0) }) { first, _ in first }
        platformSlugs = Set(giveaways.flatMap { $0.platforms.map(\.slug) })
        self.logs = logs
        self.isDemoData = isDemoData
        self.generation = generation
        lazyIndex = LazySearchIndex(giveaways)
        lazyFacts = LazyByID(giveaways) { ($0.id, RuleFacts($0)) }
        verdicts = RuleVerdictCache()
        ownership = OwnershipByLibrary()
    }

    static let empty = ReadModelSnapshot(stored: [], logs: [:], isDemoData: false, generation: 0)

    /// Built on the first search of each snapshot (not at load, which would delay start-up), then reused.
    var searchIndex: SearchIndex { lazyIndex.value }

    /// The giveaways of `giveaways` that a visitor's rules (and marks) let through, in order, with their text facts
    /// worked out once per snapshot rather than on every page view.
    func admitted(_ giveaways: [Giveaway], _ visitor: Visitor) -> [Giveaway] {
        admitted(giveaways, rules: visitor.rules, marks: visitor.marks, library: visitor.library)
    }

    /// The giveaways of the feed (and `extra` ones) whose game `library` holds, and where: by the game history's
    /// normalised title of each, worked out once per snapshot.
    func owned(by library: OwnedLibrary) -> [Int: OwnedSource] {
        guard !library.isEmpty else { return [:] }
        return ownership.owned(by: library) {
            var owned: [Int: OwnedSource] = [:]
            for giveaway in giveaways {
                let key = gameHistory.game(of: giveaway.id) ?? GameTitle.normalized(giveaway.title)
                if let source = library.owns(giveaway, titleKey: key) { owned[giveaway.id] = source }
            }
            return owned
        }
    }

    /// The giveaways of `giveaways` that `rules` (and `marks`) let through, in order: what the rules say of each
    /// giveaway in the feed is worked out once per snapshot and set of rules (`RuleVerdictCache`), then only the
    /// marks are checked per page view; a giveaway that is not in the feed (one that left it) is judged afresh.
    func admitted(
        _ giveaways: [Giveaway], rules: GiveawayRules, marks: VisitorMarks, library: OwnedLibrary = .empty
    ) -> [Giveaway] {
        let matcher = GiveawayRules.Matcher(rules)
        let facts = lazyFacts.value
        let passing = verdicts.passing(rules, in: self.giveaways) { matcher.matches($0, facts: facts[$0.id]) }
        // "Hide games I already claimed anywhere": the games of every giveaway the visitor claimed.
        let claimedGames: Set<String> =
            rules.hideClaimedAnywhere && !marks.isEmpty ? gameHistory.games(claimedIn: marks) : []
        // "Hide games I own": the Steam library's and the imported lists' games.
        let owned = rules.hideOwned && !library.isEmpty ? self.owned(by: library) : [:]
        let feedIDs = owned.isEmpty && !(rules.hideOwned && !library.isEmpty) ? [:] : ownership.feedIDs(self.giveaways)
        return giveaways.filter { giveaway in
            guard matcher.passesMarks(giveaway, marks) else { return false }
            // A giveaway of the feed is judged once per snapshot; one that left it, afresh.
            if rules.hideOwned, !library.isEmpty,
                owned[giveaway.id] != nil || (feedIDs[giveaway.id] == nil && library.owns(giveaway) != nil)
            {
                return false
            }
            if !claimedGames.isEmpty, let game = gameHistory.game(of: giveaway.id), claimedGames.contains(game) {
                return false
            }
            return passing[giveaway.id] ?? matcher.matches(giveaway, facts: facts[giveaway.id])
        }
    }

    /// The live loot giveaways for catalog game `id`, newest first.
    func liveLoot(forGame id: Int, at now: Date) -> [Giveaway] {
        (lootByGame[id] ?? []).compactMap { stored[$0]?.giveaway }.filter { $0.isLive(at: now) }
            .sorted { $0.publishedAt > $1.publishedAt }
    }

    /// The live giveaways: in the feed and not past their end date.
    func live(at now: Date) -> [Giveaway] {
        giveaways.filter { $0.isLive(at: now) }
    }
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

/// A value worked out once, on first use, by whichever request needs it first.
final class LazyValue<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let value_ = Mutex<Value?>(nil)

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    var value: Value {
        value_.withLock { value in
            if let value { return value }
            let made = make()
            value = made
            return made
        }
    }
}

/// Which catalog game each loot giveaway in the feed belongs to, matched by title on first use, then reused.
final class LazyLootLinks: Sendable {
    private let stored: [StoredGiveaway]
    private let games: [CatalogGame]
    private let links = Mutex<(byGiveaway: [Int: Int], byGame: [Int: [Int]])?>(nil)

    init(stored: [StoredGiveaway], catalog: CatalogSnapshot) {
        self.stored = stored
        games = catalog.listed.map(\.game)
    }

    var value: (byGiveaway: [Int: Int], byGame: [Int: [Int]]) {
        links.withLock { links in
            if let links { return links }
            let matcher = LootMatcher(games: games)
            var byGiveaway: [Int: Int] = [:]
            for stored in stored where stored.history.isInFeed && stored.giveaway.type == .dlc {
                if let game = matcher.game(forGiveawayTitled: stored.giveaway.title) { byGiveaway[stored.id] = game }
            }
            let built = (byGiveaway, Dictionary(grouping: byGiveaway.keys.sorted(), by: { byGiveaway[$0]! }))
            links = built
            return built
        }
    }
}

/// A map by giveaway id worked out from `items` on first use, by whichever request needs it first, then reused:
/// each feed giveaway's `RuleFacts` (the first page that applies a visitor's rules), each stored giveaway's
/// first-seen time (the first page that shows "new" badges).
final class LazyByID<Item: Sendable, Value: Sendable>: Sendable {
    private let items: [Item]
    private let entry: @Sendable (Item) -> (id: Int, value: Value)
    private let map = Mutex<[Int: Value]?>(nil)

    init(_ items: [Item], entry: @escaping @Sendable (Item) -> (id: Int, value: Value)) {
        self.items = items
        self.entry = entry
    }

    var value: [Int: Value] {
        map.withLock { map in
            if let map { return map }
            let built = Dictionary(items.map(entry)) { first, _ in first }
            map = built
            return built
        }
    }
}

/// What the scheduler says of one source right now: running, and when it runs next.
struct SourceSchedule: Hashable, Sendable {
    var isRunning = false
    var nextRunAt: Date?
}

/// The read side: holds the current snapshot and the rendered pages made from it, and swaps both when told to
/// reload. Routes read it; only the sync scheduler tells it to reload.
final class ReadModel: Sendable {
    private let feed: any GiveawayFeedRepository
    private let catalog: (any CatalogRepository)?
    private let offers: (any StoreOfferRepository)?
    /// The stores this server reads (`MergedFeedLoader`'s rules).
    private let readStores: Set<FirstHandStore>
    /// The normalised titles of the last snapshot's game history, for the next one's.
    private let titles = NormalizedTitles()
    private let log: any SyncLogRepository
    private let logger: Logger
    /// The sources this server syncs, in the order the status page lists them.
    let sources: [SourceID]
    private let state = Mutex<(snapshot: ReadModelSnapshot, loaded: Bool, schedules: [SourceID: SourceSchedule])>(
        (.empty, false, [:]))
    /// Rendered pages for visitors without marks; emptied whenever a reload brings something they show.
    let pages: PageCache
    /// Rendered giveaway cards, joined into personal pages.
    let cards: CardCache
    /// The parts of personal pages that every visitor shares (frames, selections).
    let parts: SharedPartCache
    /// Compressed answers by validator, shared with the gzip middleware; a personal page asked for again unchanged
    /// within its minute is sent from here without being rendered or compressed again.
    let compressed = GzipBodyCache(budget: CacheBudgets.compressedBodiesBytes)

    init(
        feed: any GiveawayFeedRepository, catalog: (any CatalogRepository)? = nil,
        offers: (any StoreOfferRepository)? = nil, gamerpower: Bool = true, stores: [FirstHandStore] = [],
        log: any SyncLogRepository,
        logger: Logger, pageBudget: Int = CacheBudgets.renderedPagesBytes,
        cardBudget: Int = CacheBudgets.renderedCardsBytes
    ) {
        self.offers = offers
        readStores = Set(stores)
        cards = CardCache(budget: cardBudget)
        parts = SharedPartCache(capacity: cardBudget > 0 ? CacheBudgets.sharedPartsCapacity : 0)
        self.feed = feed
        sources =
            (gamerpower ? [.gamerpower] : []) + stores.map(SourceID.init) + (catalog == nil ? [] : [.freetogame])
        self.catalog = catalog
        self.log = log
        self.logger = logger
        pages = PageCache(budget: pageBudget)
    }

    /// The current snapshot; loads it from the store the first time. Everything that asks before the first load
    /// is done (the first page, the live stream's first look, the notification tick) waits for that one load: each
    /// starting its own made a cold start on one core several times slower.
    func snapshot() async throws -> ReadModelSnapshot {
        let (snapshot, loaded) = state.withLock { ($0.snapshot, $0.loaded) }
        if loaded { return snapshot }
        let loading = firstLoad.withLock { loading in
            if let loading { return loading }
            let started = Task { try await self.load() }
            loading = started
            return started
        }
        do {
            return try await loading.value
        } catch {
            // A failed first load is tried again by the next caller.
            firstLoad.withLock { if $0 == loading { $0 = nil } }
            throw error
        }
    }

    /// The first load while it runs (and after: `state.loaded` answers first then).
    private let firstLoad = Mutex<Task<ReadModelSnapshot, any Error>?>(nil)

    /// Re-reads everything from the store and replaces the snapshot; a failure keeps the old one. Returns once a
    /// load that started after the call has finished, so the caller sees what it wrote.
    ///
    /// Reloads asked for while one runs are coalesced: they all wait for one more load, which starts when the
    /// running one ends. However many syncs finish at once, at most two loads exist — one reading, one waiting — and
    /// each snapshot of the whole feed is built once, not once per caller (six large syncs in 20 s had as many
    /// loads at once, and as many copies of the feed, in memory).
    func reload() async {
        let load = reloads.withLock { reloads -> Task<Void, Never> in
            if let waiting = reloads.waiting { return waiting }
            guard let running = reloads.running else {
                let first = Task { await self.loadLoggingFailure() }
                reloads.running = first
                return first
            }
            let next = Task {
                await running.value
                // This is the waiting load (there is one at most; it is set before this lock can be taken): it
                // runs now, and callers from here on wait for another.
                self.reloads.withLock { $0 = ($0.waiting, nil) }
                await self.loadLoggingFailure()
            }
            reloads.waiting = next
            return next
        }
        await load.value
        reloads.withLock { if $0.running == load { $0.running = nil } }
    }

    /// The load that runs and the one that waits for it (`reload()`).
    private let reloads = Mutex<(running: Task<Void, Never>?, waiting: Task<Void, Never>?)>((nil, nil))

    private func loadLoggingFailure() async {
        do {
            try await load()
        } catch is CancellationError {
            // Shutting down: nothing is lost, the next start reads the store again.
        } catch {
            logger.error("could not reload the read model; keeping the previous one", metadata: ["reason": "\(error)"])
        }
    }

    @discardableResult
    private func load() async throws -> ReadModelSnapshot {
        // GamerPower's giveaways and the stores' own offers, as one feed (the CLI's `list` reads the same).
        let merge = try await MergedFeedLoader(feed: feed, offers: offers, readStores: readStores).load()
        let stored = merge.stored
        let games = try await catalog?.allCatalogGames() ?? []
        var logs: [SourceID: SyncLog] = [:]
        for source in SourceID.allCases { logs[source] = try await log.syncLog(of: source) }
        let isDemo = stored.contains(where: \.isDemo)
        return state.withLock { state in
            let old = state.snapshot
            var snapshot = ReadModelSnapshot(
                stored: stored, catalog: CatalogSnapshot(games), logs: logs, isDemoData: isDemo,
                generation: old.generation + 1, aliases: merge.aliases, titles: titles)
            // A sync that changed nothing the cached pages show keeps them, and their ETags.
            if state.loaded, snapshot.rendersLike(old) {
                snapshot = ReadModelSnapshot(rebuilding: snapshot, generation: old.generation)
            } else {
                pages.invalidate(generation: snapshot.generation)
            }
            state.snapshot = snapshot
            state.loaded = true
            return snapshot
        }
    }

    /// Puts one game's freshly fetched detail into the snapshot and drops that game's cached page only: the
    /// giveaways, the rest of the catalog and every other page stay as they are.
    func saveDetail(_ detail: CatalogGameDetail, of id: Int, fetchedAt time: Date) {
        state.withLock { state in
            guard var game = state.snapshot.catalog.byID[id] else { return }
            game.detail = detail
            game.detailFetchedAt = time
            state.snapshot = ReadModelSnapshot(
                rebuilding: state.snapshot, generation: state.snapshot.generation,
                catalog: state.snapshot.catalog.replacing(game))
            pages.drop(path: SiteRoute.catalogGame(id: id).path)
        }
    }

    /// Takes one game's detail that another instance fetched and stored into the snapshot, like `saveDetail`.
    func followDetail(of id: Int) async {
        do {
            guard let game = try await catalog?.allCatalogGames().first(where: { $0.id == id }),
                let detail = game.detail, let fetchedAt = game.detailFetchedAt
            else { return }
            saveDetail(detail, of: id, fetchedAt: fetchedAt)
        } catch {
            logger.warning("could not read a game's detail another instance fetched", metadata: ["game": "\(id)"])
        }
    }

    // MARK: - The scheduler's state, shown on /status

    /// Called by the scheduler when a source starts or stops running or is rescheduled. Only `/status` and
    /// `/api/v1/status` show it, read when they are rendered; no cached page depends on it.
    func setSchedule(_ schedule: SourceSchedule, for source: SourceID) {
        state.withLock { $0.schedules[source] = schedule }
    }

    func schedule(of source: SourceID) -> SourceSchedule {
        state.withLock { $0.schedules[source] ?? SourceSchedule() }
    }

    /// Whether any source is syncing right now.
    var isSyncing: Bool {
        state.withLock { $0.schedules.values.contains(where: \.isRunning) }
    }

    /// The health of every source, for `/status` and `/api/v1/status`.
    func health(_ snapshot: ReadModelSnapshot) -> [SourceHealth] {
        sources.map { source in
            let schedule = schedule(of: source)
            return SourceHealth(
                source: source, log: snapshot.logs[source] ?? SyncLog(), itemCount: snapshot.itemCount(of: source),
                isDemoData: snapshot.isDemoData(of: source), isRunning: schedule.isRunning,
                nextRunAt: schedule.nextRunAt)
        }
    }
}

/// One platform a visitor can choose, with how many live giveaways are on it.
struct PlatformCount: Hashable, Sendable {
    let platform: Platform
    let count: Int
}

extension ReadModelSnapshot {
    /// Every platform a visitor can choose — GamerPower's known ones in their order, then any other the feed
    /// brings, by name — each with its live giveaway count (0 for none). The one count of Home's platform menu,
    /// `GET /api/v1/platforms`, Settings' stores and the statistics.
    func platformCounts(at now: Date) -> [PlatformCount] {
        var counts: [String: Int] = [:]
        for platform in live(at: now).flatMap(\.platforms) { counts[platform.slug, default: 0] += 1 }
        let unknown = Set(giveaways.flatMap(\.platforms).filter { !$0.isKnown }).sorted()
        return (Platform.catalog + unknown).map { PlatformCount(platform: $0, count: counts[$0.slug, default: 0]) }
    }

    /// How many items the store holds from `source` (a new source must say what it counts here).
    func itemCount(of source: SourceID) -> Int {
        switch source {
        case .gamerpower: giveaways.count { $0.sources.isEmpty || $0.sources.contains { $0.source == source.rawValue } }
        case .freetogame: catalog.listed.count
        case .store: giveaways.count { $0.sources.contains { $0.source == source.rawValue } }
        }
    }

    /// Whether what is on show from `source` is labelled demo data rather than a sync's.
    func isDemoData(of source: SourceID) -> Bool {
        switch source {
        case .gamerpower: isDemoData
        case .freetogame, .store: false
        }
    }

    /// The giveaways a store announced that have not started at `now` (Home's "Coming soon", `?status=upcoming`),
    /// soonest first, through `filters`' platform, type and search.
    func upcoming(at now: Date, filters: HomeFilters = HomeFilters()) -> [Giveaway] {
        var query = filters.query
        query.includeExpired = true
        let announced = giveaways.filter { $0.isUpcoming(at: now) }
        guard !announced.isEmpty else { return [] }
        return ListGiveawaysUseCase().execute(announced, query: query, now: now, index: nil)
            .filter { $0.isUpcoming(at: now) }
            .sorted { ($0.startsAt ?? now, $0.id) < ($1.startsAt ?? now, $1.id) }
    }

    /// Whether every page kept in the page cache reads the same from this snapshot as from `other`: the same
    /// giveaways with the same history, the same catalog, the same demo label and freshness banner. What a sync
    /// that changed nothing still moves (its time, each giveaway's `lastSeen`) shows only on `/status`, in the API
    /// and in the feeds, none of which is kept there.
    func rendersLike(_ other: ReadModelSnapshot) -> Bool {
        guard isDemoData == other.isDemoData, giveaways == other.giveaways, stored.count == other.stored.count,
            freshness == other.freshness, catalog.byID == other.catalog.byID
        else { return false }
        for (id, mine) in stored {
            guard let theirs = other.stored[id], mine.giveaway == theirs.giveaway, mine.isDemo == theirs.isDemo
            else { return false }
            var history = mine.history
            history.lastSeenAt = theirs.history.lastSeenAt
            guard history == theirs.history else { return false }
        }
        return true
    }

    /// What the freshness banner reads of each source's log: the last success, while the last attempt failed.
    private var freshness: [SourceID: Date?] {
        logs.mapValues { $0.isStale ? $0.lastSuccess?.at : nil }
    }

    /// The same data under another generation, with the catalog replaced when one is given (a game's detail
    /// arrived; the loot links depend on the titles only, which a detail does not change).
    fileprivate init(rebuilding other: ReadModelSnapshot, generation: Int, catalog: CatalogSnapshot? = nil) {
        giveaways = other.giveaways
        stored = other.stored
        platformSlugs = other.platformSlugs
        logs = other.logs
        isDemoData = other.isDemoData
        self.catalog = catalog ?? other.catalog
        lazyLoot = other.lazyLoot
        lazyFirstSeen = other.lazyFirstSeen
        self.generation = generation
        lazyIndex = other.lazyIndex
        lazyFacts = other.lazyFacts
        verdicts = other.verdicts
        ownership = other.ownership
        aliases = other.aliases
        lazyHistory = other.lazyHistory
    }
}

/// What each set of rules says of each giveaway in one snapshot's feed (its store, type, worth, keywords: not the
/// visitor's marks), worked out on the first page view with those rules and kept for the next: many page views of
/// one visitor, or of visitors with the same rules, judge the feed once. Within a byte budget and a count, as every
/// kept value (`BoundedCache`); a new snapshot (new giveaways) starts afresh, a rebuilt one (the same giveaways) keeps
/// them.
final class RuleVerdictCache: Sendable {
    private let kept = BoundedCache<GiveawayRules, [Int: Bool]>(budgetBytes: 4 << 20, capacity: 4_096)

    /// Whether each giveaway of `feed` passes `rules`, by id; `matches` judges one when it is not known yet.
    func passing(_ rules: GiveawayRules, in feed: [Giveaway], matches: (Giveaway) -> Bool) -> [Int: Bool] {
        kept.value(forKey: rules, bytes: { $0.count * 24 + 256 }) {
            Dictionary(feed.map { ($0.id, matches($0)) }) { first, _ in first }
        }
    }
}

/// What Home lists for one visitor: the filters' results, then "ending soon" (not claimed), then the visitor's
/// rules unless they asked to see everything. The one selection of Home, the shared feeds and
/// `GET /api/v1/giveaways` (those two for a visitor without marks or rules).
struct HomeSelection: Sendable {
    let giveaways: [Giveaway]
    /// The results with the visitor's marks, for the cards.
    let cards: [MarkedGiveaway]
    /// How many of the filters' results the rules took out.
    let hiddenByRules: Int
    let rulesApplied: Bool
    /// How many live giveaways the "Ending within 24 h" chip would show this visitor.
    let endingSoonCount: Int
    /// "Coming soon", through the visitor's rules, with their marks (a heart on one brings "free now" when it
    /// starts).
    let upcoming: [MarkedGiveaway]
    let summary: FeedSummary

    /// What the selection is before anyone's marks and rules: the same for every visitor of one snapshot, minute
    /// and filters, so personal pages share it (`SharedPartCache`).
    struct Shared: Sendable {
        /// The filters' results; with "ending soon", only what ends within a day (claimed or not).
        let results: [Giveaway]
        /// The live giveaways ending within a day, claimed or not.
        let endingSoon: [Int]
        /// What the stores announced through the filters, soonest first ("Coming soon"); none on a later page or
        /// the ending-soon list.
        let upcoming: [Giveaway]
        let summary: FeedSummary

        init(filters: HomeFilters, snapshot: ReadModelSnapshot, now: Date) {
            var query = filters.query
            // "What ends first" is the natural order of an ending-soon list, unless another order was asked for.
            if filters.endingSoon && query.sort == .date { query.sort = .ending }
            var results = ListGiveawaysUseCase().execute(
                snapshot.giveaways, query: query, now: now, index: query.search.isEmpty ? nil : snapshot.searchIndex)
            if filters.endingSoon {
                results = results.filter { EndingSoon.contains($0, at: now) }
            }
            self.results = results
            endingSoon = snapshot.live(at: now).filter { EndingSoon.contains($0, at: now) }.map(\.id)
            upcoming = filters.endingSoon ? [] : snapshot.upcoming(at: now, filters: filters)
            summary = FeedSummary(snapshot, at: now)
        }
    }

    init(filters: HomeFilters, snapshot: ReadModelSnapshot, visitor: Visitor, now: Date) {
        self.init(
            filters: filters, shared: Shared(filters: filters, snapshot: snapshot, now: now), snapshot: snapshot,
            visitor: visitor)
    }

    init(filters: HomeFilters, shared: Shared, snapshot: ReadModelSnapshot, visitor: Visitor) {
        let marks = visitor.marks
        func claimed(_ id: Int) -> Bool { marks.has(.claimed, on: .giveaway(id)) }
        // What a visitor claimed is never "ending soon" news for them (`EndingSoon.contains(_:at:for:)`).
        let results =
            filters.endingSoon && !marks.isEmpty ? shared.results.filter { !claimed($0.id) } : shared.results
        let rules = RulesOutcome(results, snapshot: snapshot, visitor: visitor, showAll: filters.showAll)
        giveaways = rules.giveaways
        hiddenByRules = rules.hiddenByRules
        rulesApplied = rules.rulesApplied
        cards = snapshot.marked(giveaways, for: visitor)
        upcoming =
            shared.upcoming.isEmpty
            ? []
            : snapshot.marked(
                RulesOutcome(shared.upcoming, snapshot: snapshot, visitor: visitor, showAll: filters.showAll).giveaways,
                for: visitor)
        endingSoonCount = marks.isEmpty ? shared.endingSoon.count : shared.endingSoon.count { !claimed($0) }
        summary = shared.summary
    }
}

extension ReadModel {
    /// Home's selection for `visitor`, from the part every visitor shares.
    func homeSelection(
        _ filters: HomeFilters, snapshot: ReadModelSnapshot, visitor: Visitor, now: Date
    ) -> HomeSelection {
        let shared = parts.value(
            // The page and "show all" are not the selection's: one part for every page of it.
            .init(kind: .homeSelection, filters: filters.with(showAll: false)), generation: snapshot.generation,
            now: now
        ) { HomeSelection.Shared(filters: filters, snapshot: snapshot, now: now) }
        return HomeSelection(filters: filters, shared: shared, snapshot: snapshot, visitor: visitor)
    }
}

/// Which giveaways of one snapshot's feed each visitor's library owns, by the library's digest: a collector's Home
/// judges the feed once, not on every page view. At most `limit` libraries; past it, everything is dropped.
final class OwnershipByLibrary: Sendable {
    private let kept = Mutex<(owned: [Int: [Int: OwnedSource]], feed: [Int: Bool]?)>(([:], nil))
    static let limit = 256

    func owned(by library: OwnedLibrary, judge: () -> [Int: OwnedSource]) -> [Int: OwnedSource] {
        // By the library's 64-bit digest: comparing 30,000 titles on every look-up would cost more than judging.
        if let known = kept.withLock({ $0.owned[library.contentDigest] }) { return known }
        let owned = judge()
        kept.withLock { kept in
            if kept.owned.count >= Self.limit { kept.owned.removeAll(keepingCapacity: true) }
            kept.owned[library.contentDigest] = owned
        }
        return owned
    }

    /// The ids of the feed, as a set kept with the snapshot.
    func feedIDs(_ feed: [Giveaway]) -> [Int: Bool] {
        if let known = kept.withLock({ $0.feed }) { return known }
        let ids = Dictionary(feed.map { ($0.id, true) }) { first, _ in first }
        kept.withLock { $0.feed = ids }
        return ids
    }
}
