import Foundation
import GiveawaysDomain

/// Favorites: what this browser hearted, most recent first, including giveaways that left the feed. Long lists
/// grow with "Load more".
struct FavoritesPage {
    /// The cards of the pages shown so far, formatted.
    struct Model {
        let cards: [GiveawayCardModel]
        let total: Int
        let page: Int
        let nextPagePath: String
        /// Index of the first card of the last page loaded: where a no-JavaScript "Load more" lands.
        let firstNewIndex: Int
        let strings: Strings

        /// - Parameter favorites: every favorite, most recently hearted first.
        init(favorites: [StoredGiveaway], visitor: Visitor, page: Int, now: Date, strings: Strings) {
            self.strings = strings
            let pageSize = Defaults.listPageSize
            let shown = favorites.prefix(page * pageSize)
            cards = shown.map { stored in
                GiveawayCardModel(
                    giveaway: stored.giveaway, now: now, marks: visitor.cardMarks(stored.giveaway, stored: stored),
                    strings: strings, hasLeftFeed: !stored.history.isInFeed)
            }
            total = favorites.count
            self.page = page
            firstNewIndex = (page - 1) * pageSize
            nextPagePath = SiteRoute.favorites(page: page + 1).path + "#item-\(page * pageSize + 1)"
        }
    }

    let model: Model

    func render() -> HTML {
        let count = model.total
        let text = model.strings.lists
        return """
            <section class="hero hero--compact">
              <h1>\(text.favoritesTitle)</h1>
              <p>\(count == 0 ? text.favoritesEmptyIntro : text.favoritesSummary(count, number: model.strings.number(count)))</p>
            </section>
            \(MyListsNav(current: "favorites", strings: model.strings).render())
            <section id="results" class="results" aria-label="\(text.favoriteGiveaways)">\(resultsFragment())</section>
            """
    }

    /// The list and its "Load more"; what "Load more" fetches.
    func resultsFragment() -> HTML {
        let strings = model.strings
        guard !model.cards.isEmpty else {
            return EmptyState(
                title: strings.lists.noFavoritesTitle, message: strings.lists.noFavoritesMessage,
                actionTitle: strings.common.browseGiveaways, actionPath: SiteRoute.home(HomeFilters()).path
            ).render()
        }
        let cards = model.cards.enumerated().map { index, card in
            GiveawayCard(
                model: card,
                heart: HeartButton(
                    giveawayID: card.id, title: card.title, isFavorite: true,
                    strings: strings),
                anchorID: index == model.firstNewIndex && index > 0 ? "item-\(index + 1)" : nil
            ).render()
        }
        return """
            <h2 class="visually-hidden">\(strings.lists.favoriteGiveaways)</h2>
            <div class="grid" data-list>\(cards)</div>
            \(LoadMore(shown: model.cards.count, total: model.total, nextPath: model.nextPagePath, strings: strings).render())
            """
    }
}
