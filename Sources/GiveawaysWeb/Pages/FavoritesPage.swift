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

        /// - Parameter favorites: every favorite, most recently hearted first.
        init(favorites: [StoredGiveaway], visitor: Visitor, page: Int, now: Date) {
            let pageSize = Defaults.listPageSize
            let shown = favorites.prefix(page * pageSize)
            cards = shown.map { stored in
                GiveawayCardModel(
                    giveaway: stored.giveaway, now: now, marks: visitor.cardMarks(stored.giveaway, stored: stored),
                    hasLeftFeed: !stored.history.isInFeed)
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
        return """
            <section class="hero hero--compact">
              <h1>Favorites</h1>
              <p>\(count == 0 ? "Your saved giveaways will appear here." : "\(count) saved \(count == 1 ? "giveaway" : "giveaways"), newest first.")</p>
            </section>
            \(MyListsNav(current: "favorites").render())
            <section id="results" class="results" aria-label="Favorite giveaways">\(resultsFragment())</section>
            """
    }

    /// The list and its "Load more"; what "Load more" fetches.
    func resultsFragment() -> HTML {
        guard !model.cards.isEmpty else {
            return EmptyState(
                title: "No favorites yet",
                message:
                    "Tap the heart on any giveaway to keep it here. Favorites stay in this browser, even after the giveaway ends.",
                actionTitle: "Browse giveaways", actionPath: SiteRoute.home(HomeFilters()).path
            ).render()
        }
        let returnPath = SiteRoute.favorites(page: model.page).path
        let cards = model.cards.enumerated().map { index, card in
            GiveawayCard(
                model: card,
                heart: HeartButton(giveawayID: card.id, title: card.title, isFavorite: true, returnPath: returnPath),
                anchorID: index == model.firstNewIndex && index > 0 ? "item-\(index + 1)" : nil
            ).render()
        }
        return """
            <h2 class="visually-hidden">Favorite giveaways</h2>
            <div class="grid" data-list>\(cards)</div>
            \(LoadMore(shown: model.cards.count, total: model.total, nextPath: model.nextPagePath).render())
            """
    }
}
