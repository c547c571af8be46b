import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import Synchronization

/// Giveaway cards as HTML, each rendered once per read-model generation, minute (the "ends in …" texts) and
/// language for every state a visitor can see it in (their marks on it, the "new" badge, its style and anchor),
/// then joined into every page that shows it. A page for a visitor with marks or rules is then mostly the joining
/// of kept cards; the bytes are the same as rendering each card afresh, because a kept card is that rendering.
final class KeptCards: Sendable {
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

        /// Hashed by fields packed into integers (a page looks up a hundred of these per request; `Language` and the
        /// marks would otherwise hash as strings and four booleans each).
        func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(state)
            hasher.combine(anchorID)
        }

        /// The marks, style and language in one integer.
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
            return UInt64(marks | style) | languageOrdinal << 8
        }

        /// The whole key as one integer, for a card without an anchor and an id below 2⁴⁷ (every real one): the id
        /// above the state's 16 bits. `nil` otherwise; those cards are kept by the whole key.
        var packed: UInt64? {
            guard anchorID == nil, id >= 0, id < 1 << 47 else { return nil }
            return UInt64(id) << 16 | state
        }
    }

    /// `0` keeps nothing: every card is rendered afresh (the tests compare both ways).
    private let budget: Int
    private let state = Mutex(Kept())

    /// A kept card: where its bytes are in the slab, and the token it is named by.
    private struct Card: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer
        let token: UInt64

        var piece: PagePiece { PagePiece(slab: bytes, token: token) }
    }

    /// The cards kept for one generation and minute: their bytes in one slab (not a `KeptValues`: pushing out one
    /// card frees none of the slab's memory, so a full budget starts a new slab, and the pages still holding the old
    /// one keep it alive until they are written), most found by their packed key (an
    /// integer hashes and compares in a fraction of the time of a key with an optional string), the rest by their
    /// whole key.
    private struct Kept {
        var generation = 0
        var minute = 0
        var slab = CardSlab()
        var packed: [UInt64: Card] = [:]
        var whole: [Key: Card] = [:]
        var bytes = 0

        func card(_ key: Key) -> Card? {
            if let packed = key.packed { return self.packed[packed] }
            return whole[key]
        }

        mutating func keep(_ html: HTML, token: UInt64, for key: Key) {
            let card = Card(bytes: slab.keep(html.rendered), token: token)
            if let packed = key.packed { self.packed[packed] = card } else { whole[key] = card }
        }

        /// Starts afresh; pages still holding the old slab keep it until they are written.
        mutating func empty() {
            packed.removeAll(keepingCapacity: true)
            whole.removeAll(keepingCapacity: true)
            slab = CardSlab()
            bytes = 0
        }
    }

    init(budget: Int) {
        self.budget = budget
    }

    /// Appends the cards of `count` keys to `page`, in order, looked up together: kept, or made by `render` (given
    /// the key's index and the key) and kept. `key` is asked again for a card that is made. `key` runs while the
    /// fragments' lock is held: it only puts a key together (no arrays of keys per page), and must not come back
    /// here.
    func append(
        _ count: Int, key: (Int) -> Key, to page: inout JoinedPage, generation: Int, now: Date,
        render: (Int, Key) -> HTML
    ) {
        guard budget > 0 else {
            for index in 0..<count { page.appendCard(PagePiece(kept: render(index, key(index)))) }
            return
        }
        let minute = PageCache.minute(now)
        let start = page.pieces.count
        page.reserveCapacity(start + count)
        var missing: [Int] = []
        state.withLock { kept in
            if (generation, minute) > (kept.generation, kept.minute) {
                kept.empty()
                (kept.generation, kept.minute) = (generation, minute)
            }
            // A request that still holds an older snapshot (or minute) renders every card for itself.
            let current = kept.generation == generation && kept.minute == minute
            if current { page.hold(kept.slab) }
            for index in 0..<count {
                if current, let card = kept.card(key(index)) {
                    page.appendCard(card.piece)
                } else {
                    page.appendCard(.placeholder)
                    missing.append(index)
                }
            }
        }
        guard !missing.isEmpty else { return }
        // Rendered for this page as texts of their own (the slab this page holds may be replaced before they are
        // kept), and a copy of each kept in the slab for the pages after.
        var made: [(key: Key, html: HTML, token: UInt64)] = []
        made.reserveCapacity(missing.count)
        for index in missing {
            let key = key(index)
            let html = render(index, key)
            let token = PagePiece.newToken()
            page.replaceCard(at: start + index, with: PagePiece(kept: html, token: token))
            made.append((key, html, token))
        }
        state.withLock { kept in
            guard kept.generation == generation, kept.minute == minute else { return }
            for card in made where kept.card(card.key) == nil {
                // The card's bytes and its entry; a slab block's unused end (under a quarter of 64 KiB) is not counted.
                let bytes = card.html.rendered.utf8.count + 64
                if kept.bytes + bytes > budget { kept.empty() }
                kept.keep(card.html, token: card.token, for: card.key)
                kept.bytes += bytes
            }
        }
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

/// Renders the giveaway cards of one page through the `KeptCards`.
struct CardRenderer: Sendable {
    let fragments: KeptCards
    let generation: Int
    let now: Date
    let strings: Strings
    let language: Language

    /// Appends the cards of `marked` to `page`; `listItem` puts each in a `<li>`, `anchorID` gives a card's `id`
    /// by its index, if it has one, `hasLeftFeed` says which say "left the feed" (Favorites and the marked lists).
    func append(
        _ marked: [MarkedGiveaway], style: GiveawayCard.Style = .regular, listItem: Bool = false,
        anchorID: (Int) -> String? = { _ in nil }, hasLeftFeed: (Int) -> Bool = { _ in false },
        to page: inout JoinedPage
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
        to page: inout JoinedPage
    ) {
        let compact = style == .compact
        fragments.append(
            count,
            key: { index in
                KeptCards.Key(
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
