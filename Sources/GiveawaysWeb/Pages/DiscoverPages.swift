import Foundation
import GiveawaysDomain

/// Discover's pages: the explanation without a key, the genre tiles, a genre's games, one game. Not translated yet:
/// they are English in every language.
enum DiscoverPages {
    /// RAWG images go through the local image cache (the pages' CSP allows only this site's images).
    static func imagePath(_ url: URL) -> String {
        "/discover/image?src=" + (url.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }

    static let credit: HTML = """
        <p class="source">Game data and images from <a href="https://rawg.io" target="_blank" rel="noopener noreferrer">RAWG</a>.</p>
        """

    static func disabled() -> HTML {
        """
        <section class="hero hero--compact">
          <h1>Discover</h1>
          <p>Discover browses RAWG's database of half a million games by genre, with ratings and descriptions. It is off on this server: whoever runs GameGiveaways can turn it on with a free RAWG API key (<code>--rawg-key</code> or <code>GIVEAWAYS_RAWG_KEY</code>; see rawg.io/apidocs).</p>
        </section>
        """
    }

    static func staleNote(_ date: Date?) -> HTML? {
        date.map {
            HTML(
                "<p class=\"notice\" role=\"status\">RAWG did not answer just now, so this is the copy saved on \(DisplayText.date($0)).</p>"
            )
        }
    }

    static func genres(_ genres: [DiscoverGenre], staleSince: Date?) -> HTML {
        let tiles = genres.map { genre -> HTML in
            let image: HTML =
                genre.imageURL.map {
                    HTML("<img src=\"\(imagePath($0))\" alt=\"\" loading=\"lazy\" width=\"320\" height=\"200\">")
                }
                ?? ""
            return """
                <li><form method="post" action="\(SiteRoute.discoverChoose.path)"><input type="hidden" name="slug" value="\(genre.slug)">\
                <button type="submit" class="genre-tile">\(image)<span class="genre-tile__name">\(genre.name)</span>\
                <span class="genre-tile__count">\(DisplayText.count(genre.gamesCount)) games</span></button></form></li>
                """
        }
        return """
            <section class="hero hero--compact">
              <h1>Discover</h1>
              <p>Pick a genre. GameGiveaways remembers it and opens it next time.</p>
            </section>
            \(staleNote(staleSince))
            <ul class="genre-tiles" aria-label="Genres">\(tiles)</ul>
            \(credit)
            """
    }

    struct GenreModel {
        let slug: String
        let name: String
        let page: Int
        let games: DiscoverPage
        let staleSince: Date?
        let isRemembered: Bool
    }

    static func gameList(_ model: GenreModel) -> HTML {
        let cards = model.games.games.map { game -> HTML in
            let year: HTML? = game.released.map { HTML("<span>\(String($0.year))</span>") }
            let rating: HTML? = game.rating.map {
                HTML(
                    "<span class=\"rating\" aria-label=\"Rated \(String(format: "%.1f", $0)) of 5\">★ \(String(format: "%.1f", $0))</span>"
                )
            }
            let image: HTML =
                game.imageURL.map {
                    HTML("<img src=\"\(imagePath($0))\" alt=\"\" loading=\"lazy\" width=\"368\" height=\"207\">")
                }
                ?? ""
            let platforms = game.platforms.prefix(4).map { HTML("<li>\($0)</li>") }
            return """
                <article class="card card--regular card--rawg" data-rawg-id="\(game.id)">\
                <a class="card__link" href="\(SiteRoute.discoverGame(id: game.id).path)">\
                <div class="card__media">\(image)</div>\
                <div class="card__body"><h3 class="card__title">\(game.name)</h3>\
                <ul class="chips" aria-label="Platforms">\(platforms)</ul>\
                <div class="card__meta">\(rating)\(year)</div></div></a></article>

                """
        }
        let next: HTML? =
            model.games.hasNext
            ? """
            <nav class="load-more" aria-label="More games">
              <a class="button" href="\(url: SiteRoute.discoverGenre(slug: model.slug, page: model.page + 1).path)" data-load-more data-infinite>Next page</a>
            </nav>
            """ : nil
        let previous: HTML? =
            model.page > 1
            ? "<p class=\"results__count\">Page \(model.page) · <a href=\"\(url: SiteRoute.discoverGenre(slug: model.slug, page: model.page - 1).path)\">Previous page</a></p>"
            : nil
        return """
            \(previous)
            <h2 class="visually-hidden">Games</h2>
            <div class="grid" data-list data-append-all>\(cards)</div>
            \(next)
            """
    }

    static func genre(_ model: GenreModel) -> HTML {
        """
        <section class="hero hero--compact">
          <h1>\(model.name)</h1>
          <p>\(DisplayText.count(model.games.total)) games on RAWG.\(model.isRemembered ? " Discover opens here next time." : "")</p>
          <form method="post" action="\(SiteRoute.discoverForget.path)"><button type="submit" class="button">Change genre</button></form>
        </section>
        \(staleNote(model.staleSince))
        <section id="results" class="results" aria-label="Games">
        \(gameList(model))
        </section>
        \(credit)
        """
    }

    static func game(_ detail: DiscoverGameDetail, staleSince: Date?) -> HTML {
        let game = detail.game
        let image: HTML =
            game.imageURL.map {
                HTML(
                    "<img src=\"\(imagePath($0))\" alt=\"Cover art of \(game.name)\" width=\"640\" height=\"360\" decoding=\"async\">"
                )
            } ?? ""
        func list(_ items: [String]) -> String { items.isEmpty ? "Unknown" : items.joined(separator: ", ") }
        let website: HTML? = detail.website.map {
            HTML(
                "<a class=\"button button--large\" href=\"\(url: $0.absoluteString)\" target=\"_blank\" rel=\"noopener noreferrer\">Website\(Icons.external)</a>"
            )
        }
        let paragraphs = SafeText.paragraphs(
            detail.description.isEmpty ? "RAWG has no description of this game." : detail.description)
        return """
            \(staleNote(staleSince))
            <article class="details" data-rawg-id="\(game.id)">
              <div class="details__media">\(image)</div>
              <div class="details__main">
                <div class="details__badges"><span class="badge">RAWG</span></div>
                <h1>\(game.name)</h1>
                <div class="details__cta">\(website)</div>
                <dl class="facts">
                  <div><dt>Rating</dt><dd>\(game.rating.map { String(format: "%.2f of 5", $0) } ?? "Not rated")</dd></div>
                  <div><dt>Metacritic</dt><dd>\(game.metacritic.map(String.init) ?? "None")</dd></div>
                  <div><dt>Released</dt><dd>\(game.released.map { CatalogGamePage.Model.releaseText($0, .en) } ?? "Unknown")</dd></div>
                  <div><dt>Genres</dt><dd>\(list(game.genres))</dd></div>
                  <div><dt>Platforms</dt><dd>\(list(game.platforms))</dd></div>
                  <div><dt>Developers</dt><dd>\(list(detail.developers))</dd></div>
                  <div><dt>Publishers</dt><dd>\(list(detail.publishers))</dd></div>
                </dl>
              </div>
            </article>
            <div class="details__text">
              <section class="prose">
                <h2>About this game</h2>
                <div class="description"\(detail.description.count > 600 ? HTML(" data-collapsible") : nil) id="description">\(paragraphs)</div>
                \(credit)
              </section>
            </div>
            """
    }
}
