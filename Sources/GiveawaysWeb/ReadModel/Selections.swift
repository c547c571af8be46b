import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysViews
import Synchronization

/// What the frame of the giveaway pages reads of the feed at one moment: how many giveaways are live and what they
/// are worth, each platform's live count, and what the freshness banner says. Worked out by the read model, so the
/// page models only lay it out.
struct FeedSummary: Sendable {
    let liveCount: Int
    let liveWorth: Worth
    /// The one platform count (see `ReadModelSnapshot.platformCounts`).
    let platforms: [PlatformCount]
    /// The feed holds no giveaway at all, live or ended.
    let isEmpty: Bool
    let isDemoData: Bool
    /// GamerPower's sync log, for the freshness banner.
    let log: SyncLog
    private let names: [String: String]

    init(_ snapshot: ReadModelSnapshot, at now: Date) {
        let live = snapshot.live(at: now)
        liveCount = live.count
        liveWorth = Worth.total(live.compactMap(\.worth))
        platforms = snapshot.platformCounts(at: now)
        isEmpty = snapshot.giveaways.isEmpty
        isDemoData = snapshot.isDemoData
        log = snapshot.logs[.gamerpower] ?? SyncLog()
        names = Dictionary(platforms.map { ($0.platform.slug, $0.platform.displayName) }) { first, _ in first }
    }

    /// A platform's name as the data writes it, or the slug itself for one the data does not hold.
    func platformName(_ slug: String) -> String {
        Platform.known(slug: slug)?.displayName ?? names[slug] ?? slug
    }
}

/// A giveaway as one visitor sees it on a card: with their marks and whether it is new since their last visit.
struct MarkedGiveaway: Sendable {
    /// The list the giveaway is in, shared by the cards of that list: copying a card retains the list once, where a
    /// copy of a `Giveaway` retains each of its strings (a page makes and drops a hundred cards per request).
    private let list: [Giveaway]
    private let index: Int
    let marks: CardMarks

    /// The card of `list[index]`.
    init(in list: [Giveaway], at index: Int, marks: CardMarks) {
        self.list = list
        self.index = index
        self.marks = marks
    }

    /// The cards of `list`, in order, with `marks(id)` on each.
    static func cards(of list: [Giveaway], marks: (Int) -> CardMarks) -> [MarkedGiveaway] {
        list.indices.map { MarkedGiveaway(in: list, at: $0, marks: marks(list[$0].id)) }
    }

    var giveaway: Giveaway { list[index] }
    var id: Int { list[index].id }
}

/// A list after one visitor's rules, unless they asked to see everything: what is left, and how many the rules
/// took out. The one way Home, More and the personal feeds apply rules.
struct RulesOutcome: Sendable {
    let giveaways: [Giveaway]
    let hiddenByRules: Int
    let rulesApplied: Bool

    init(_ giveaways: [Giveaway], snapshot: ReadModelSnapshot, visitor: Visitor, showAll: Bool) {
        rulesApplied = !visitor.rules.isEmpty && !showAll
        guard rulesApplied else {
            self.giveaways = giveaways
            hiddenByRules = 0
            return
        }
        let admitted = snapshot.admitted(giveaways, visitor)
        self.giveaways = admitted
        hiddenByRules = giveaways.count - admitted.count
    }
}

extension ReadModelSnapshot {
    /// `giveaways` with `visitor`'s marks on each.
    func marked(_ giveaways: [Giveaway], for visitor: Visitor) -> [MarkedGiveaway] {
        let marker = CardMarker(visitor, snapshot: self)
        return MarkedGiveaway.cards(of: giveaways) { marker.marks(of: $0) }
    }
}

/// One visitor's marks on cards, giveaway by giveaway: as `Visitor.cardMarks`, reading only the first-seen time of
/// each (not a copy of its whole history), and none "new" without a previous visit.
struct CardMarker: Sendable {
    private let marks: VisitorMarks
    private let since: Date?
    private let firstSeen: [Int: Date]
    /// The giveaways of the feed whose game the visitor owns, and where.
    private let owned: [Int: OwnedSource]

    init(_ visitor: Visitor, snapshot: ReadModelSnapshot) {
        marks = visitor.marks
        since = visitor.settings.previousVisitEndedAt
        firstSeen = since == nil ? [:] : snapshot.firstSeenAt
        owned = snapshot.owned(by: visitor.library)
    }

    /// Read here rather than through `CardMarks(_:giveaway:isNew:)`: that one lives in another module since the views
    /// left this target, so every card of every personal page paid a call that passes the visitor's whole marks
    /// across (the profile of a personal Home showed it beside `marked(_:for:)`).
    func marks(of id: Int) -> CardMarks {
        let kinds = marks.kinds(onGiveaway: id)
        var isNew = false
        if let since, let seen = firstSeen[id] { isNew = seen > since }
        var card = CardMarks(isNew: isNew)
        if kinds != 0 {
            card = CardMarks(
                isFavorite: marks.has(.favorite, in: kinds), isClaimed: marks.has(.claimed, in: kinds),
                isNotInterested: marks.has(.notInterested, in: kinds), isNew: isNew)
        }
        if !owned.isEmpty { card.ownedOn = owned[id] }
        return card
    }
}

/// What More shows one visitor: the live giveaways after their rules, with their marks, grouped into shelves, and
/// the summary.
struct MoreSelection: Sendable {
    /// The visitor's marks on the cards.
    let marker: CardMarker
    let rules: RulesOutcome
    let summary: FeedSummary
    /// The giveaways after the rules, one shelf per platform.
    let shelves: [PlatformShelf]
    /// The heads kept for `shelves` when they are every visitor's (the rules took nothing out); `nil` otherwise.
    let keptHeads: ShelfHeadCache?
    /// The Epic Games Store giveaways after the rules, newest first (the carousel).
    let featured: [Giveaway]

    /// What More shows before anyone's marks and rules: the same for every visitor of one snapshot and minute.
    struct Shared: Sendable {
        let live: [Giveaway]
        let summary: FeedSummary
        let shelves: [PlatformShelf]
        let featured: [Giveaway]
        /// Whether the shelves of a part of `live` can be filtered from `shelves` (see `PlatformShelf.keeping`).
        let shelvesFilter: Bool
        /// The shelves' heads, rendered once per language for these very shelves.
        let heads = ShelfHeadCache()

        init(snapshot: ReadModelSnapshot, now: Date) {
            live = snapshot.live(at: now)
            summary = FeedSummary(snapshot, at: now)
            shelves = PlatformShelf.group(live)
            shelvesFilter = PlatformShelf.hasOnePlatformPerSlug(live)
            featured = live.filter { $0.isOn(platformSlug: MorePage.featuredSlug) }
                .sorted(by: GiveawaySort.date.areInIncreasingOrder)
        }
    }

    init(snapshot: ReadModelSnapshot, visitor: Visitor, showAll: Bool, now: Date) {
        self.init(shared: Shared(snapshot: snapshot, now: now), snapshot: snapshot, visitor: visitor, showAll: showAll)
    }

    init(shared: Shared, snapshot: ReadModelSnapshot, visitor: Visitor, showAll: Bool) {
        rules = RulesOutcome(shared.live, snapshot: snapshot, visitor: visitor, showAll: showAll)
        marker = CardMarker(visitor, snapshot: snapshot)
        summary = shared.summary
        keptHeads = rules.hiddenByRules == 0 ? shared.heads : nil
        if keptHeads != nil {
            // Every live giveaway: the grouping every visitor shares.
            shelves = shared.shelves
            featured = shared.featured
        } else {
            // A part of them: the shared grouping filtered, which is the part grouped (a total order, one name per
            // shelf), unless platforms of one slug go by different names.
            let kept = Set(rules.giveaways.map(\.id))
            shelves =
                shared.shelvesFilter
                ? PlatformShelf.keeping(kept, of: shared.shelves) : PlatformShelf.group(rules.giveaways)
            featured = shared.featured.filter { kept.contains($0.id) }
        }
    }
}

extension ReadModel {
    /// More's selection for `visitor`, from the part every visitor shares.
    func moreSelection(snapshot: ReadModelSnapshot, visitor: Visitor, showAll: Bool, now: Date) -> MoreSelection {
        let shared = parts.value(.init(kind: .moreSelection), generation: snapshot.generation, now: now) {
            MoreSelection.Shared(snapshot: snapshot, now: now)
        }
        return MoreSelection(shared: shared, snapshot: snapshot, visitor: visitor, showAll: showAll)
    }
}

/// The heads of one `MoreSelection.Shared`'s shelves, per language: kept with the shelves themselves, so that the
/// heads a page is given are always those of the shelves it shows.
final class ShelfHeadCache: Sendable {
    private let heads = Mutex<[Language: [HTML]]>([:])

    /// The heads in `language`: kept, or made by `make` and kept.
    func heads(in language: Language, make: () -> [HTML]) -> [HTML] {
        if let kept = heads.withLock({ $0[language] }) { return kept }
        let made = make()
        return heads.withLock { heads in
            if let kept = heads[language] { return kept }
            heads[language] = made
            return made
        }
    }
}
