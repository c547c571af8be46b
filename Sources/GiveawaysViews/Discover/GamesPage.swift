import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// Games (`/games`): RAWG's popular games in the visitor's ordering, or a search by name, 20 a page, the next page
/// loaded before the reader gets there (with JavaScript; a plain "More games" link without). The URL says the search,
/// the ordering and the page, so a reload or a shared link shows the same place.
package struct GamesPage {
    package struct Model {
        package let query: GameQuery
        package let games: DiscoverPage
        package let staleSince: Date?
        /// The genre this visitor chose on Discover, as (slug, name), if any.
        package let chosenGenre: (slug: String, name: String)?
        /// The games this visitor keeps in Favorites (their hearts show pressed).
        package let kept: Set<Int>
        package let strings: Strings

        package init(
            query: GameQuery, games: DiscoverPage, staleSince: Date?, chosenGenre: (slug: String, name: String)?,
            kept: Set<Int> = [], strings: Strings
        ) {
            self.kept = kept
            self.query = query
            self.games = games
            self.staleSince = staleSince
            self.chosenGenre = chosenGenre
            self.strings = strings
        }
    }

    package let model: Model

    package init(model: Model) {
        self.model = model
    }

    /// The whole page.
    package func render() -> HTML {
        let strings = model.strings
        let text = strings.games
        let form = SearchForm(
            action: SiteRoute.games(GameQuery()).path, label: text.searchLabel, placeholder: text.searchPlaceholder,
            search: model.query.search ?? "", hidden: [],
            sorts: GameOrdering.allCases.map { ($0.rawValue, text.ordering($0), $0 == model.query.ordering) },
            defaultSort: GameOrdering.popular.rawValue, strings: strings)
        let chosen: HTML? = model.chosenGenre.map {
            "<a class=\"chip-link\" href=\"\(SiteRoute.discoverGenre(slug: $0.slug, page: 1).path)\">\(text.yourGenre($0.name))</a>"
        }
        return """
            <section class="hero hero--compact">
              <h1>\(text.heading)</h1>
              <p>\(text.intro)</p>
              <p class="games__links">\(chosen)<a class="chip-link" href="\(SiteRoute.discover(showGenres: true).path)">\(text.genres)</a></p>
            </section>
            \(form.render())
            \(DiscoverPages.staleNote(model.staleSince, strings))
            <section id="results" class="results" aria-label="\(strings.discover.games)">
            \(results)
            </section>
            \(DiscoverPages.credit(strings))
            """
    }

    /// The results alone: what search as you type and "More games" fetch (`X-Fragment: results`).
    package var results: HTML {
        let strings = model.strings
        let text = strings.games
        let query = model.query
        if model.games.games.isEmpty, let search = query.search {
            return """
                <div class="empty-state" role="status">
                  <p>\(text.nothingFound(search))</p>
                  <p><a class="button" href="\(SiteRoute.discover(showGenres: true).path)">\(text.tryGenres)</a></p>
                </div>
                """
        }
        let cards = model.games.games.map { game -> HTML in
            DiscoverPages.card(
                game, imagePath: SiteRoute.gameImage(query, game: game.id).path, strings: strings,
                heart: model.kept.contains(game.id))
        }
        let count: HTML? = query.search.map {
            "<p class=\"results__count\" role=\"status\">\(text.found(strings.number(model.games.total), $0))</p>"
        }
        var next = query
        next.page += 1
        let more: HTML? =
            model.games.hasNext && next.page <= GameQuery.maxPage
            ? """
            <nav class="load-more" aria-label="\(text.moreGames)">
              <a class="button" href="\(url: SiteRoute.games(next).path)" data-load-more data-infinite>\(text.moreGames)</a>
            </nav>
            """ : nil
        let previous: HTML? =
            query.page > 1
            ? "<p class=\"results__count\">\(text.page(strings.number(query.page)))</p>"
            : nil
        return """
            \(count)\(previous)
            <h2 class="visually-hidden">\(strings.discover.games)</h2>
            <div class="grid" data-list data-append-all>\(cards)</div>
            \(more)
            """
    }
}
