import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// Discover's pages: the explanation without a key, the genre tiles, a genre's games, one game. RAWG's own texts
/// (names, descriptions) are not translated.
package enum DiscoverPages {
    /// The path of the image of a genre, a game on a genre's page, or a game (what `DiscoverRoutes.image` looks up).
    package static func imagePath(genre: String? = nil, page: Int? = nil, game: Int? = nil) -> String {
        SiteRoute.discoverImage(genre: genre, page: page, game: game).path
    }

    package static func credit(_ strings: Strings) -> HTML {
        let rawg: HTML = "<a href=\"https://rawg.io\" target=\"_blank\" rel=\"noopener noreferrer\">RAWG</a>"
        return "<p class=\"source\">\(strings.discover.credit(rawg))</p>"
    }

    package static func disabled(_ strings: Strings) -> HTML {
        """
        <section class="hero hero--compact">
          <h1>\(strings.discover.heading)</h1>
          <p>\(strings.discover.disabled("<code>--rawg-key</code>", "<code>GIVEAWAYS_RAWG_KEY</code>"))</p>
        </section>
        """
    }

    package static func staleNote(_ date: Date?, _ strings: Strings) -> HTML? {
        date.map {
            HTML(
                "<p class=\"notice\" role=\"status\">\(strings.discover.stale(strings.date($0)))</p>"
            )
        }
    }

    package static func genres(_ genres: [DiscoverGenre], staleSince: Date?, strings: Strings) -> HTML {
        let text = strings.discover
        let tiles = genres.map { genre -> HTML in
            let image: HTML =
                genre.imageURL.map { _ in
                    HTML(
                        "<img src=\"\(Self.imagePath(genre: genre.slug))\" alt=\"\" loading=\"lazy\" width=\"320\" height=\"200\">"
                    )
                }
                ?? ""
            return """
                <li><form method="post" action="\(SiteRoute.discoverChoose.path)"><input type="hidden" name="slug" value="\(genre.slug)">\
                <button type="submit" class="genre-tile">\(image)<span class="genre-tile__name">\(genre.name)</span>\
                <span class="genre-tile__count">\(text.gamesCount(genre.gamesCount, number: strings.number(genre.gamesCount)))</span></button></form></li>
                """
        }
        return """
            <section class="hero hero--compact">
              <h1>\(text.heading)</h1>
              <p>\(text.pickGenre)</p>
            </section>
            \(staleNote(staleSince, strings))
            <ul class="genre-tiles" aria-label="\(text.genres)">\(tiles)</ul>
            \(credit(strings))
            """
    }

    package struct GenreModel {
        package let slug: String
        package let name: String
        package let page: Int
        package let games: DiscoverPage
        package let staleSince: Date?
        package let isRemembered: Bool
        package let strings: Strings

        package init(
            slug: String, name: String, page: Int, games: DiscoverPage, staleSince: Date?, isRemembered: Bool,
            strings: Strings
        ) {
            self.slug = slug
            self.name = name
            self.page = page
            self.games = games
            self.staleSince = staleSince
            self.isRemembered = isRemembered
            self.strings = strings
        }
    }

    package static func gameList(_ model: GenreModel) -> HTML {
        let strings = model.strings
        let text = strings.discover
        let cards = model.games.games.map { game -> HTML in
            let year: HTML? = game.released.map { HTML("<span>\(String($0.year))</span>") }
            let rating: HTML? = game.rating.map {
                HTML(
                    "<span class=\"rating\" aria-label=\"\(text.rated(decimal($0, 1, strings)))\">★ \(String(format: "%.1f", $0))</span>"
                )
            }
            let image: HTML =
                game.imageURL.map { _ in
                    HTML(
                        "<img src=\"\(Self.imagePath(genre: model.slug, page: model.page, game: game.id))\" alt=\"\" loading=\"lazy\" width=\"368\" height=\"207\">"
                    )
                }
                ?? ""
            let platforms = game.platforms.prefix(4).map { HTML("<li>\($0)</li>") }
            return """
                <article class="card card--regular card--rawg" data-rawg-id="\(game.id)">\
                <a class="card__link" href="\(SiteRoute.discoverGame(id: game.id).path)">\
                <div class="card__media">\(image)</div>\
                <div class="card__body"><h3 class="card__title">\(game.name)</h3>\
                <ul class="chips" aria-label="\(text.platforms)">\(platforms)</ul>\
                <div class="card__meta">\(rating)\(year)</div></div></a></article>

                """
        }
        let next: HTML? =
            model.games.hasNext
            ? """
            <nav class="load-more" aria-label="\(text.moreGames)">
              <a class="button" href="\(url: SiteRoute.discoverGenre(slug: model.slug, page: model.page + 1).path)" data-load-more data-infinite>\(text.nextPage)</a>
            </nav>
            """ : nil
        let previous: HTML? =
            model.page > 1
            ? "<p class=\"results__count\">\(text.page(strings.number(model.page), "<a href=\"\(url: SiteRoute.discoverGenre(slug: model.slug, page: model.page - 1).path)\">\(text.previousPage)</a>"))</p>"
            : nil
        return """
            \(previous)
            <h2 class="visually-hidden">\(text.games)</h2>
            <div class="grid" data-list data-append-all>\(cards)</div>
            \(next)
            """
    }

    package static func genre(_ model: GenreModel) -> HTML {
        let strings = model.strings
        let text = strings.discover
        let total = text.onRAWG(model.games.total, number: strings.number(model.games.total))
        return """
            <section class="hero hero--compact">
              <h1>\(model.name)</h1>
              <p>\(total)\(model.isRemembered ? " \(text.opensHereNextTime)" : "")</p>
              <form method="post" action="\(SiteRoute.discoverForget.path)"><button type="submit" class="button">\(text.changeGenre)</button></form>
            </section>
            \(staleNote(model.staleSince, strings))
            <section id="results" class="results" aria-label="\(text.games)">
            \(gameList(model))
            </section>
            \(credit(strings))
            """
    }

    /// `value` with `digits` decimals in the language's notation: "4.25" / "4,25".
    private static func decimal(_ value: Double, _ digits: Int, _ strings: Strings) -> String {
        String(format: "%.\(digits)f", value).replacingOccurrences(of: ".", with: strings.format.decimalSeparator)
    }

    package static func game(_ detail: DiscoverGameDetail, staleSince: Date?, strings: Strings) -> HTML {
        let text = strings.discover
        let game = detail.game
        let image: HTML =
            game.imageURL.map { _ in
                HTML(
                    "<img src=\"\(Self.imagePath(game: game.id))\" alt=\"\(strings.details.coverArt(game.name))\" width=\"640\" height=\"360\" decoding=\"async\">"
                )
            } ?? ""
        func list(_ items: [String]) -> String { items.isEmpty ? text.unknown : items.joined(separator: ", ") }
        let website: HTML? = detail.website.map {
            HTML(
                "<a class=\"button button--large\" href=\"\(url: $0.absoluteString)\" target=\"_blank\" rel=\"noopener noreferrer\">\(text.website)\(Icons.external)</a>"
            )
        }
        let paragraphs = UpstreamHTML.paragraphs(
            detail.description.isEmpty ? text.noDescription : detail.description)
        return """
            \(staleNote(staleSince, strings))
            <article class="details" data-rawg-id="\(game.id)">
              <div class="details__media">\(image)</div>
              <div class="details__main">
                <div class="details__badges"><span class="badge">RAWG</span></div>
                <h1>\(game.name)</h1>
                <div class="details__cta">\(website)</div>
                <dl class="facts">
                  <div><dt>\(text.rating)</dt><dd>\(game.rating.map { text.ratingValue(decimal($0, 2, strings)) } ?? text.notRated)</dd></div>
                  <div><dt>Metacritic</dt><dd>\(game.metacritic.map(String.init) ?? text.none)</dd></div>
                  <div><dt>\(text.released)</dt><dd>\(game.released.map { CatalogGamePage.Model.releaseText($0, strings) } ?? text.unknown)</dd></div>
                  <div><dt>\(text.genres)</dt><dd>\(list(game.genres))</dd></div>
                  <div><dt>\(text.platforms)</dt><dd>\(list(game.platforms))</dd></div>
                  <div><dt>\(text.developers)</dt><dd>\(list(detail.developers))</dd></div>
                  <div><dt>\(text.publishers)</dt><dd>\(list(detail.publishers))</dd></div>
                </dl>
              </div>
            </article>
            <div class="details__text">
              \(DescriptionSection.render(heading: text.aboutThis, paragraphs: paragraphs, isLong: detail.description.count > 600, footer: credit(strings)))
            </div>
            """
    }
}
