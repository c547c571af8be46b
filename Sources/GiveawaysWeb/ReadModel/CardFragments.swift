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
            let marks =
                (self.marks.isFavorite ? 1 : 0) | (self.marks.isClaimed ? 2 : 0)
                | (self.marks.isNotInterested ? 4 : 0) | (self.marks.isNew ? 8 : 0)
            let style = (compact ? 16 : 0) | (hasLeftFeed ? 32 : 0) | (listItem ? 64 : 0)
            let languageOrdinal =
                switch language {
                case .en: 0
                case .de: 1
                }
            hasher.combine(marks | style | languageOrdinal << 8)
            hasher.combine(anchorID)
        }
    }

    /// `0` keeps nothing: every card is rendered afresh (the tests compare both ways).
    private let budget: Int
    private let state = Mutex<(generation: Int, minute: Int, entries: [Key: PagePiece], bytes: Int)>((0, 0, [:], 0))

    init(budget: Int) {
        self.budget = budget
    }

    /// The cards for `keys`, in order, looked up together: kept, or made by `render` (given the key's index) and
    /// kept.
    func pieces(for keys: [Key], generation: Int, now: Date, render: (Int) -> HTML) -> [PagePiece] {
        guard budget > 0 else { return keys.indices.map { PagePiece(kept: render($0)) } }
        let minute = PageCache.minute(now)
        var cards = state.withLock { state -> [PagePiece?] in
            if (generation, minute) > (state.generation, state.minute) {
                state = (generation, minute, [:], 0)
            }
            guard state.generation == generation, state.minute == minute else {
                return Array(repeating: nil, count: keys.count)
            }
            return keys.map { state.entries[$0] }
        }
        var made: [(key: Key, card: PagePiece)] = []
        for index in keys.indices where cards[index] == nil {
            let card = PagePiece(kept: render(index))
            cards[index] = card
            made.append((keys[index], card))
        }
        if !made.isEmpty {
            state.withLock { state in
                // A request that still holds an older snapshot (or minute) renders for itself and keeps nothing.
                guard state.generation == generation, state.minute == minute else { return }
                for (key, card) in made {
                    let bytes = card.html.rendered.utf8.count + 64
                    if state.bytes + bytes > budget {
                        state.entries.removeAll(keepingCapacity: true)
                        state.bytes = 0
                    }
                    state.entries[key] = card
                    state.bytes += bytes
                }
            }
        }
        return cards.map { $0! }
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
        let anchors = marked.indices.map(anchorID)
        let leftFeed = marked.indices.map(hasLeftFeed)
        let keys = marked.indices.map { index in
            CardFragments.Key(
                id: marked[index].id, marks: marked[index].marks, compact: style == .compact,
                anchorID: anchors[index], hasLeftFeed: leftFeed[index], listItem: listItem, language: language)
        }
        return fragments.pieces(for: keys, generation: generation, now: now) { index in
            let card = marked[index]
            let model = GiveawayCardModel(
                giveaway: card.giveaway, now: now, marks: card.marks, strings: strings, hasLeftFeed: leftFeed[index])
            let html = GiveawayCard(
                model: model,
                heart: HeartButton(
                    giveawayID: model.id, title: model.title, isFavorite: model.isFavorite, strings: strings),
                style: style, anchorID: anchors[index]
            ).render()
            return listItem ? "<li>\(html)</li>" : html
        }
    }
}
