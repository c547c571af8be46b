import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysRendering
import GiveawaysViews

/// Favorites: what this browser hearted, most recent first, including giveaways that left the feed (long lists grow
/// with "Load more"), then the games it keeps from Games, each from what was kept with its heart (no RAWG request).
struct FavoritesPage {
    /// The cards of the pages shown so far, formatted.
    struct Model {
        let list: ListCards
        let page: Int
        /// The next page's address (made only when there is one to link).
        var nextPagePath: String {
            SiteRoute.favorites(page: page + 1).path + "#item-\(page * Defaults.listPageSize + 1)"
        }
        let strings: Strings
        let renderer: CardRenderer
        /// The RAWG games kept, most recently hearted first.
        let games: [KeptGame]
        var total: Int { list.total }

        /// - Parameter favorites: every favorite, most recently hearted first.
        init(favorites: [StoredGiveaway], visitor: Visitor, page: Int, renderer: CardRenderer) {
            strings = renderer.strings
            games = visitor.marks.all.filter { $0.kind == .favorite && $0.subject.kind == .rawgGame }
                .map { KeptGame(id: $0.subject.id, text: $0.text) }
            self.renderer = renderer
            list = ListCards(favorites, visitor: visitor, page: page)
            self.page = page
        }
    }

    let model: Model

    func render() -> HTML {
        content().html
    }

    /// The page's content, between the frame's head and foot.
    func content() -> HTMLPieces {
        let count = model.total
        let text = model.strings.lists
        let summary =
            if count > 0 {
                text.favoritesSummary(count, number: model.strings.number(count))
            } else if !model.games.isEmpty {
                model.strings.games.keptOnly(model.games.count, model.strings.number(model.games.count))
            } else {
                text.favoritesEmptyIntro
            }
        var pieces = MyListContent(
            title: text.favoritesTitle, summary: summary,
            current: "favorites", listLabel: text.favoriteGiveaways, strings: model.strings
        ).pieces(results: resultsPieces())
        pieces.append(games)
        return pieces
    }

    /// The kept games, when there are any.
    private var games: HTML {
        guard !model.games.isEmpty else { return .empty }
        let strings = model.strings
        let cards = model.games.map { kept -> HTML in
            DiscoverPages.card(
                kept.game, imagePath: SiteRoute.discoverImage(genre: nil, page: nil, game: kept.id).path,
                strings: strings, alwaysImage: true, heart: true)
        }
        return """
            <section class="results kept-games" aria-labelledby="kept-games">
            <h2 id="kept-games">\(strings.games.heading) <span class="count">\(strings.number(model.games.count))</span></h2>
            <div class="grid">\(cards)</div>
            </section>
            """
    }

    /// The list and its "Load more"; what "Load more" fetches.
    func resultsFragment() -> HTML {
        resultsPieces().html
    }

    func resultsPieces() -> HTMLPieces {
        let strings = model.strings
        return model.list.pieces(
            heading: strings.lists.favoriteGiveaways, nextPath: model.nextPagePath,
            empty: EmptyState(
                title: model.games.isEmpty ? strings.lists.noFavoritesTitle : strings.games.noFavoriteGiveaways,
                message: strings.lists.noFavoritesMessage,
                actionTitle: strings.common.browseGiveaways, actionPath: SiteRoute.homePath),
            renderer: model.renderer)
    }
}
