import Foundation
import GiveawaysDomain

/// Favorites: what this browser hearted, most recent first, including giveaways that left the feed. Long lists
/// grow with "Load more".
struct FavoritesPage {
    /// The cards of the pages shown so far, formatted.
    struct Model {
        /// The cards of the pages shown so far, with the visitor's marks on each.
        let cards: [MarkedGiveaway]
        /// Which of them left the feed.
        let leftFeed: [Bool]
        let total: Int
        let page: Int
        let nextPagePath: String
        /// Index of the first card of the last page loaded: where a no-JavaScript "Load more" lands.
        let firstNewIndex: Int
        let strings: Strings
        let renderer: CardRenderer

        /// - Parameter favorites: every favorite, most recently hearted first.
        init(favorites: [StoredGiveaway], visitor: Visitor, page: Int, renderer: CardRenderer) {
            strings = renderer.strings
            self.renderer = renderer
            let pageSize = Defaults.listPageSize
            let shown = favorites.prefix(page * pageSize)
            let giveaways = shown.map(\.giveaway)
            cards = giveaways.indices.map { index in
                MarkedGiveaway(
                    in: giveaways, at: index,
                    marks: visitor.cardMarks(giveaways[index], stored: shown[shown.startIndex + index]))
            }
            leftFeed = shown.map { !$0.history.isInFeed }
            total = favorites.count
            self.page = page
            firstNewIndex = (page - 1) * pageSize
            nextPagePath = SiteRoute.favorites(page: page + 1).path + "#item-\(page * pageSize + 1)"
        }
    }

    let model: Model

    func render() -> HTML {
        content().html
    }

    /// The page's content, between the frame's head and foot.
    func content() -> PagePieces {
        let count = model.total
        let text = model.strings.lists
        var pieces = PagePieces(
            """
            <section class="hero hero--compact">
              <h1>\(text.favoritesTitle)</h1>
              <p>\(count == 0 ? text.favoritesEmptyIntro : text.favoritesSummary(count, number: model.strings.number(count)))</p>
            </section>
            \(MyListsNav(current: "favorites", strings: model.strings).render())
            <section id="results" class="results" aria-label="\(text.favoriteGiveaways)">
            """)
        pieces.append(contentsOf: resultsPieces())
        pieces.append("</section>")
        return pieces
    }

    /// The list and its "Load more"; what "Load more" fetches.
    func resultsFragment() -> HTML {
        resultsPieces().html
    }

    func resultsPieces() -> PagePieces {
        let strings = model.strings
        guard !model.cards.isEmpty else {
            return PagePieces(
                EmptyState(
                    title: strings.lists.noFavoritesTitle, message: strings.lists.noFavoritesMessage,
                    actionTitle: strings.common.browseGiveaways, actionPath: SiteRoute.home(HomeFilters()).path
                ).render())
        }
        var pieces = PagePieces(
            """
            <h2 class="visually-hidden">\(strings.lists.favoriteGiveaways)</h2>
            <div class="grid" data-list>
            """)
        pieces.append(
            contentsOf: model.renderer.pieces(
                model.cards,
                anchorID: { index in index == model.firstNewIndex && index > 0 ? "item-\(index + 1)" : nil },
                hasLeftFeed: { model.leftFeed[$0] }))
        pieces.append(
            """
            </div>
            \(LoadMore(shown: model.cards.count, total: model.total, nextPath: model.nextPagePath, strings: strings).render())
            """)
        return pieces
    }
}
