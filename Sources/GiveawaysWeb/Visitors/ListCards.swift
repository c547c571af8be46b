import Foundation
import GiveawaysDomain
import GiveawaysRendering
import GiveawaysViews

/// The cards of one of the visitor's own lists (Favorites, Claimed, Not interested): the pages loaded so far, most
/// recently marked first, including giveaways that left the feed; and the grid "Load more" grows.
struct ListCards {
    /// The cards of the pages shown so far, with the visitor's marks on each.
    let cards: [MarkedGiveaway]
    /// Which of them left the feed.
    let leftFeed: [Bool]
    /// Every giveaway of the list.
    let total: Int
    /// Index of the first card of the last page loaded: where a no-JavaScript "Load more" lands.
    let firstNewIndex: Int

    /// - Parameter listed: every giveaway of the list, most recently marked first.
    init(_ listed: [StoredGiveaway], visitor: Visitor, page: Int) {
        let shown = listed.prefix(page * Defaults.listPageSize)
        let giveaways = shown.map(\.giveaway)
        cards = giveaways.indices.map { index in
            MarkedGiveaway(
                in: giveaways, at: index,
                marks: visitor.cardMarks(giveaways[index], stored: shown[shown.startIndex + index]))
        }
        leftFeed = shown.map { !$0.history.isInFeed }
        total = listed.count
        firstNewIndex = (page - 1) * Defaults.listPageSize
    }

    /// The grid under its (visually hidden) `heading`, then "Load more" towards `nextPath`; `empty` when the list
    /// holds nothing. `nextPath` is made only when there is more to load.
    func pieces(
        heading: String, nextPath: @autoclosure () -> String, empty: EmptyState, renderer: CardRenderer
    ) -> HTMLPieces {
        guard !cards.isEmpty else { return HTMLPieces(empty.render()) }
        var pieces = HTMLPieces(
            """
            <h2 class="visually-hidden">\(heading)</h2>
            <div class="grid" data-list>
            """)
        renderer.append(
            cards, anchorID: { index in index == firstNewIndex && index > 0 ? "item-\(index + 1)" : nil },
            hasLeftFeed: { leftFeed[$0] }, to: &pieces)
        pieces.append(
            """
            </div>
            \(cards.count < total ? LoadMore(shown: cards.count, total: total, nextPath: nextPath(), strings: renderer.strings).render() : nil)
            """)
        return pieces
    }
}
