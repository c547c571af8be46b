import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysRendering
import GiveawaysViews

/// The parts of personal pages that do not depend on who is looking, kept per read-model generation and minute
/// like the kept pages and cards: a page's frame (the head, navigation and footer, and the parts of its header that
/// show no visitor's marks), a list's selection before a visitor's marks and rules, More's carousel. A personal page
/// then only works out and joins its visitor's few parts. Each part is made by the same code that renders a page
/// afresh, so the joined bytes are the same.
final class SharedPartCache: Sendable {
    struct Key: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case homeSelection, homeFrame, moreSelection, moreFrame, carousel, listFrame, feedLinks
        }

        let kind: Kind
        /// The request target for frames (they carry the page's address); empty otherwise.
        var target = ""
        var language: Language?
        var filters: HomeFilters?
        /// The giveaways a part shows, in order, for a part that depends on which (the carousel).
        var ids: [Int] = []
    }

    /// Parts kept at most, and the bytes they may hold together (a frame is its page's text around the visitor's
    /// parts; a selection holds a reference to each giveaway it lists, whose fields the snapshot holds); past
    /// either, the parts kept longest ago and not used since make room: the different filters one client can ask
    /// for cost at most this. A part over a quarter of the budget is made for its request and not kept. `capacity`
    /// `0` keeps nothing: every part is made afresh (the tests compare both ways).
    private let kept: BoundedCache<Key, Part>

    init(capacity: Int, budgetBytes: Int = CacheBudgets.sharedPartsBytes) {
        kept = BoundedCache(budgetBytes: budgetBytes, capacity: capacity, largestBytes: budgetBytes / 4)
    }

    /// The part for `key` as of the snapshot `generation` at `now`: kept, or made by `make` and kept.
    func value<Value: SharedPart>(_ key: Key, generation: Int, now: Date, make: () -> Value) -> Value {
        guard !kept.keepsNothing else { return make() }
        let scope = CacheScope(generation: generation, now: now)
        if let part = kept.value(forKey: key, in: scope).flatMap(Value.kept) { return part }
        let value = make()
        // A frame is kept under its address; junk addresses are served but not kept (as in the page cache).
        guard key.target.utf8.count <= PageCache.maxTargetLength else { return value }
        let bytes = value.keptBytes + key.target.utf8.count + key.ids.count * MemoryLayout<Int>.stride
        // A request that still holds an older snapshot (or minute) made it for itself and keeps nothing.
        kept.keep(value.part, bytes: bytes, forKey: key, in: scope, replacing: false)
        return value
    }

    /// A kept part, of one of the kinds personal pages share: a closed set, so that reading one back is a `switch`
    /// rather than a cast from `any Sendable` (which the profile of the personal pages showed).
    enum Part: Sendable {
        case html(HTML)
        case frame(PageFrame)
        case homeSelection(HomeSelection.Shared)
        case moreSelection(MoreSelection.Shared)
    }
}

/// A part personal pages share, with about how many bytes keeping it holds.
protocol SharedPart: Sendable {
    var keptBytes: Int { get }
    /// The part as kept.
    var part: SharedPartCache.Part { get }
    /// The part kept as `part`, if it is one of this kind.
    static func kept(_ part: SharedPartCache.Part) -> Self?
}

extension HTML: SharedPart {
    var keptBytes: Int { rendered.utf8.count }
    var part: SharedPartCache.Part { .html(self) }

    static func kept(_ part: SharedPartCache.Part) -> Self? {
        if case .html(let html) = part { html } else { nil }
    }
}

extension PageFrame: SharedPart {
    var keptBytes: Int { parts.reduce(0) { $0 + $1.keptBytes } }
    var part: SharedPartCache.Part { .frame(self) }

    static func kept(_ part: SharedPartCache.Part) -> Self? {
        if case .frame(let frame) = part { frame } else { nil }
    }
}

extension HomeSelection.Shared: SharedPart {
    var part: SharedPartCache.Part { .homeSelection(self) }

    static func kept(_ part: SharedPartCache.Part) -> Self? {
        if case .homeSelection(let shared) = part { shared } else { nil }
    }

    var keptBytes: Int {
        (results.count + upcoming.count) * MemoryLayout<Giveaway>.stride + endingSoon.count * MemoryLayout<Int>.stride
    }
}

extension MoreSelection.Shared: SharedPart {
    var part: SharedPartCache.Part { .moreSelection(self) }

    static func kept(_ part: SharedPartCache.Part) -> Self? {
        if case .moreSelection(let shared) = part { shared } else { nil }
    }

    /// The heads made later (per language, about 400 bytes a shelf) are counted here for two languages.
    var keptBytes: Int {
        let listed = live.count + featured.count + shelves.reduce(0) { $0 + $1.giveaways.count }
        return listed * MemoryLayout<Giveaway>.stride
            + shelves.reduce(0) { $0 + $1.seeAllPath.utf8.count + 64 + 2 * 400 }
    }
}

/// A page's frame around its visitor's parts: what comes before, between and after them, as rendered.
struct PageFrame: Sendable {
    /// One more than the visitor's parts it goes around.
    let parts: [HTML]

    init(parts: [HTML]) {
        self.parts = parts
    }

    /// The page: the frame's parts with `fillings` between them.
    func join(_ fillings: [HTMLPieces]) -> HTMLPieces {
        precondition(fillings.count == parts.count - 1)
        var page = HTMLPieces()
        page.reserveCapacity(fillings.reduce(parts.count) { $0 + $1.pieces.count })
        for (index, part) in parts.enumerated() {
            if index > 0 { page.append(contentsOf: fillings[index - 1]) }
            page.append(part)
        }
        return page
    }

    /// The page as one text.
    func join(_ fillings: [HTML]) -> HTML {
        join(fillings.map(HTMLPieces.init)).html
    }
}
