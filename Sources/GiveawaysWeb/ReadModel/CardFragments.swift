import Foundation
import GiveawaysDomain
import Synchronization

/// Giveaway cards as HTML, each rendered once per read-model generation, minute (the "ends in …" texts) and
/// language for every state a visitor can see it in (their marks on it, the "new" badge, its style and anchor),
/// then joined into every page that shows it. A page for a visitor with marks or rules is then mostly the joining
/// of kept cards; the bytes are the same as rendering each card afresh, because a kept card is that rendering.
final class CardFragments: Sendable {
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

    /// The cards kept for one generation and minute: most by their packed key (an integer hashes and compares in
    /// a fraction of the time of a key with an optional string), the rest by their whole key.
    private struct Kept {
        var generation = 0
        var minute = 0
        var packed: [UInt64: PagePiece] = [:]
        var whole: [Key: PagePiece] = [:]
        var bytes = 0

        func card(_ key: Key) -> PagePiece? {
            if let packed = key.packed { return self.packed[packed] }
            return whole[key]
        }

        mutating func keep(_ card: PagePiece, for key: Key) {
            if let packed = key.packed { self.packed[packed] = card } else { whole[key] = card }
        }

        mutating func empty() {
            packed.removeAll(keepingCapacity: true)
            whole.removeAll(keepingCapacity: true)
            bytes = 0
        }
    }

    init(budget: Int) {
        self.budget = budget
    }

    /// The cards for `keys`, in order, looked up together: kept, or made by `render` (given the key's index) and
    /// kept.
    func pieces(for keys: [Key], generation: Int, now: Date, render: (Int) -> HTML) -> [PagePiece] {
        guard budget > 0 else { return keys.indices.map { PagePiece(kept: render($0)) } }
        let minute = PageCache.minute(now)
        var missing: [Int] = []
        var cards = state.withLock { kept -> [PagePiece] in
            if (generation, minute) > (kept.generation, kept.minute) {
                kept.empty()
                (kept.generation, kept.minute) = (generation, minute)
            }
            var cards: [PagePiece] = []
            cards.reserveCapacity(keys.count)
            let current = kept.generation == generation && kept.minute == minute
            for index in keys.indices {
                if current, let card = kept.card(keys[index]) {
                    cards.append(card)
                } else {
                    cards.append(.placeholder)
                    missing.append(index)
                }
            }
            return cards
        }
        guard !missing.isEmpty else { return cards }
        for index in missing { cards[index] = PagePiece(kept: render(index)) }
        state.withLock { kept in
            // A request that still holds an older snapshot (or minute) renders for itself and keeps nothing.
            guard kept.generation == generation, kept.minute == minute else { return }
            for index in missing where kept.card(keys[index]) == nil {
                let card = cards[index]
                let bytes = card.html.rendered.utf8.count + 64
                if kept.bytes + bytes > budget { kept.empty() }
                kept.keep(card, for: keys[index])
                kept.bytes += bytes
            }
        }
        return cards
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

/// Renders the giveaway cards of one page through the `CardFragments`.
struct CardRenderer: Sendable {
    let fragments: CardFragments
    let generation: Int
    let now: Date
    let strings: Strings
    let language: Language

    /// One card of a grid or a shelf.
    func card(_ marked: MarkedGiveaway, style: GiveawayCard.Style = .regular, anchorID: String? = nil) -> HTML {
        cards([marked], style: style) { _ in anchorID }[0]
    }

    /// The cards of a grid or a shelf, in order; `anchorID` gives a card's `id` by its index, if it has one.
    func cards(
        _ marked: [MarkedGiveaway], style: GiveawayCard.Style = .regular, anchorID: (Int) -> String? = { _ in nil }
    ) -> [HTML] {
        pieces(marked, style: style, anchorID: anchorID).map(\.html)
    }

    /// The cards as kept pieces, to be joined into a page's pieces; `listItem` puts each in a `<li>`,
    /// `hasLeftFeed` says which say "left the feed" (Favorites and the marked lists).
    func pieces(
        _ marked: [MarkedGiveaway], style: GiveawayCard.Style = .regular, listItem: Bool = false,
        anchorID: (Int) -> String? = { _ in nil }, hasLeftFeed: (Int) -> Bool = { _ in false }
    ) -> [PagePiece] {
        let keys = marked.indices.map { index in
            CardFragments.Key(
                id: marked[index].id, marks: marked[index].marks, compact: style == .compact,
                anchorID: anchorID(index), hasLeftFeed: hasLeftFeed(index), listItem: listItem, language: language)
        }
        return fragments.pieces(for: keys, generation: generation, now: now) { index in
            let card = marked[index]
            let model = GiveawayCardModel(
                giveaway: card.giveaway, now: now, marks: card.marks, strings: strings,
                hasLeftFeed: keys[index].hasLeftFeed)
            let html = GiveawayCard(
                model: model,
                heart: HeartButton(
                    giveawayID: model.id, title: model.title, isFavorite: model.isFavorite, strings: strings),
                style: style, anchorID: keys[index].anchorID
            ).render()
            return listItem ? "<li>\(html)</li>" : html
        }
    }
}
