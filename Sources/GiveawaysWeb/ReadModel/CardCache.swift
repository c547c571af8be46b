import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysRendering
import GiveawaysViews
import Synchronization

/// Giveaway cards as HTML, each rendered once per read-model generation, minute (the "ends in …" texts) and
/// language for every state a visitor can see it in (their marks on it, the "new" badge, its style and anchor),
/// then joined into every page that shows it. A page for a visitor with marks or rules is then mostly the joining
/// of kept cards; the bytes are the same as rendering each card afresh, because a kept card is that rendering.
final class CardCache: Sendable {
    struct Key: Hashable, Sendable {
        let id: Int
        let marks: CardMarks
        let compact: Bool
        /// The card's own `id`, where a "Load more" link lands; `nil` on most cards.
        let anchorID: String?
        /// Shown on Favorites and the marked lists: "left the feed" instead of the time left.
        var hasLeftFeed = false
        /// Inside a `<li>` (More's shelves).
        var listItem = false
        let language: Language

        /// Hashed and compared by fields packed into an integer (a page looks up a hundred of these per request;
        /// `Language` and the marks would otherwise hash as strings and four booleans each). The packing holds every
        /// field but the id and the anchor, so two keys are equal exactly when these three are. The anchor, on one
        /// card of a page at most, is compared but not hashed: hashing a string per card cost more than the rare
        /// collision it saves.
        func hash(into hasher: inout Hasher) {
            hasher.combine(UInt64(truncatingIfNeeded: id) << 16 ^ state)
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.id == rhs.id && lhs.state == rhs.state && lhs.anchorID == rhs.anchorID
        }

        /// The marks (where the visitor owns the game included), style and language in one integer.
        private var state: UInt64 {
            let marks =
                (self.marks.isFavorite ? 1 : 0) | (self.marks.isClaimed ? 2 : 0)
                | (self.marks.isNotInterested ? 4 : 0) | (self.marks.isNew ? 8 : 0)
            let style = (compact ? 16 : 0) | (hasLeftFeed ? 32 : 0) | (listItem ? 64 : 0)
            let languageOrdinal: UInt64 =
                switch language {
                case .en: 0
                case .de: 1
                }
            let owned: UInt64 =
                switch self.marks.ownedOn {
                case nil: 0
                case .steam: 1 << 10
                case .list: 1 << 11
                }
            return UInt64(marks | style) | languageOrdinal << 8 | owned
        }
    }

    /// The cards kept for the newest generation and minute, within a byte budget; `0` keeps nothing: every card is
    /// rendered afresh (the tests compare both ways).
    private let kept: BoundedCache<Key, HTML>

    init(budget: Int) {
        kept = BoundedCache(budgetBytes: budget, largestBytes: budget / 4)
    }

    /// Appends the cards of `count` keys to `page`, in order, looked up together: kept, or made by `render` (given
    /// the key's index and the key) and kept. `key` is asked again for a card that is made. `key` runs while the
    /// cards' lock is held: it only puts a key together (no arrays of keys per page), and must not come back here.
    func append(
        _ count: Int, key: (Int) -> Key, to page: inout HTMLPieces, generation: Int, now: Date,
        render: (Int, Key) -> HTML
    ) {
        let scope = CacheScope(generation: generation, now: now)
        let start = page.pieces.count
        page.reserveCapacity(start + count)
        var missing: [Int] = []
        let lookedUp: Void? = kept.lookUp(in: scope) { card in
            for index in 0..<count {
                if let html = card(key(index)) {
                    page.append(html)
                } else {
                    page.appendCardPlace()
                    missing.append(index)
                }
            }
        }
        // Nothing kept, or a request that still holds an older snapshot (or minute): every card made for this page.
        if lookedUp == nil {
            missing = Array(0..<count)
            for _ in 0..<count { page.appendCardPlace() }
        }
        guard !missing.isEmpty else { return }
        var made: [(key: Key, value: HTML, bytes: Int)] = []
        made.reserveCapacity(missing.count)
        for index in missing {
            let key = key(index)
            let html = render(index, key)
            page.fillCard(at: start + index, with: html)
            // The card's bytes and its entry.
            made.append((key, html, html.rendered.utf8.count + 64))
        }
        kept.keep(made, in: scope)
    }
}

extension ReadModel {
    /// The card renderer of one request: for `snapshot`, at `now`, in the request's language.
    func cardRenderer(_ snapshot: ReadModelSnapshot, now: Date, context: AppRequestContext) -> CardRenderer {
        CardRenderer(
            fragments: cards, generation: snapshot.generation, now: now, strings: context.strings,
            language: context.language)
    }
}

/// Renders the giveaway cards of one page through the `CardCache`.
struct CardRenderer: Sendable {
    let fragments: CardCache
    let generation: Int
    let now: Date
    let strings: Strings
    let language: Language

    /// Appends the cards of `marked` to `page`; `listItem` puts each in a `<li>`, `anchorID` gives a card's `id`
    /// by its index, if it has one, `hasLeftFeed` says which say "left the feed" (Favorites and the marked lists).
    func append(
        _ marked: [MarkedGiveaway], style: GiveawayCard.Style = .regular, listItem: Bool = false,
        anchorID: (Int) -> String? = { _ in nil }, hasLeftFeed: (Int) -> Bool = { _ in false },
        to page: inout HTMLPieces
    ) {
        append(
            marked.count, id: { marked[$0].id }, giveaway: { marked[$0].giveaway }, marks: { marked[$0].marks },
            style: style,
            listItem: listItem, anchorID: anchorID, hasLeftFeed: hasLeftFeed, to: &page)
    }

    /// Appends the cards of `count` giveaways to `page`: `giveaway(i)` (whose id is `id(i)`) with `marks(i)` on it,
    /// as above.
    func append(
        _ count: Int, id: (Int) -> Int, giveaway: (Int) -> Giveaway, marks: (Int) -> CardMarks,
        style: GiveawayCard.Style = .regular,
        listItem: Bool = false, anchorID: (Int) -> String? = { _ in nil }, hasLeftFeed: (Int) -> Bool = { _ in false },
        to page: inout HTMLPieces
    ) {
        let compact = style == .compact
        fragments.append(
            count,
            key: { index in
                CardCache.Key(
                    id: id(index), marks: marks(index), compact: compact, anchorID: anchorID(index),
                    hasLeftFeed: hasLeftFeed(index), listItem: listItem, language: language)
            }, to: &page, generation: generation, now: now
        ) { index, key in
            let model = GiveawayCardModel(
                giveaway: giveaway(index), now: now, marks: key.marks, strings: strings, hasLeftFeed: key.hasLeftFeed)
            let html = GiveawayCard(
                model: model,
                heart: HeartButton(
                    giveawayID: model.id, title: model.title, isFavorite: model.isFavorite, strings: strings),
                style: style, anchorID: key.anchorID
            ).render()
            return listItem ? "<li>\(html)</li>" : html
        }
    }
}
