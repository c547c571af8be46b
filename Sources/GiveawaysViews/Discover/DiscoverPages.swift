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

    /// A RAWG game's card, its image at `imagePath` (a path that looks the image up in the answer the card came from;
    /// none when RAWG has no image, unless `alwaysImage`), with a heart when `heart` says whether it is kept.
    package static func card(
        _ game: DiscoverGame, imagePath: String, strings: Strings, alwaysImage: Bool = false, heart: Bool? = nil
    ) -> HTML {
        let text = strings.discover
        let year: HTML? = game.released.map { HTML("<span>\(String($0.year))</span>") }
        let rating: HTML? = game.rating.map {
            HTML(
                "<span class=\"rating\" aria-label=\"\(text.rated(decimal($0, 1, strings)))\">★ \(String(format: "%.1f", $0))</span>"
            )
        }
        let image: HTML =
            game.imageURL != nil || alwaysImage
            ? "<img src=\"\(imagePath)\" alt=\"\" loading=\"lazy\" width=\"368\" height=\"207\">" : ""
        let chips = (game.platforms.isEmpty ? game.genres : game.platforms).prefix(4).map { HTML("<li>\($0)</li>") }
        let heartForm: HTML? = heart.map { gameHeart(game, isKept: $0, strings: strings, large: false) }
        return """
            <article class="card card--regular card--rawg" data-rawg-id="\(game.id)">\
            <a class="card__link" href="\(SiteRoute.discoverGame(id: game.id).path)">\
            <div class="card__media">\(image)</div>\
            <div class="card__body"><h3 class="card__title">\(game.name)</h3>\
            <ul class="chips" aria-label="\(game.platforms.isEmpty ? text.genres : text.platforms)">\(chips)</ul>\
            <div class="card__meta">\(rating)\(year)</div></div></a>\(heartForm)</article>

            """
    }

    /// The heart that keeps a game in the visitor's Favorites (a form: it works without JavaScript; app.js sends it in
    /// the background and keeps every copy on the page in step). A card's sits on its picture; the game's page has
    /// the large one, with its words.
    package static func gameHeart(_ game: DiscoverGame, isKept: Bool, strings: Strings, large: Bool) -> HTML {
        let text = strings.card
        let label = isKept ? text.removeFavorite(game.name) : text.addFavorite(game.name)
        let words: HTML? = large ? "<span class=\"heart__text\">\(isKept ? text.saved : text.save)</span>" : nil
        return """
            <form class="\(large ? "heart-form heart-form--large" : "game-heart")" method="post" action="\(SiteRoute.gameFavorite(id: game.id).path)">\
            <input type="hidden" name="back" value="\(SiteRoute.discoverGame(id: game.id).path)">\
            <button class="heart" name="favorite" value="\(isKept ? "0" : "1")" aria-pressed="\(isKept ? "true" : "false")" aria-label="\(label)">\(words)</button></form>
            """
    }

    package static func gameList(_ model: GenreModel) -> HTML {
        let strings = model.strings
        let text = strings.discover
        let cards = model.games.games.map { game -> HTML in
            card(game, imagePath: Self.imagePath(genre: model.slug, page: model.page, game: game.id), strings: strings)
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

    /// Whether the game is free now, coming free or was free before, from the giveaway history: each linked to its
    /// giveaway's page.
    package static func freeStatus(_ status: GameFreeStatus, now: Date, strings: Strings) -> HTML {
        let text = strings.games
        func details(_ offer: GameFreeStatus.Offer) -> String { SiteRoute.details(id: offer.giveawayID).path }
        func time(_ date: Date, _ kind: TimeTag.Kind) -> HTML {
            TimeTag(date: date, kind: kind, text: strings.date(date)).render()
        }
        let live = status.now.map { offer -> HTML in
            let until: HTML? = offer.until.map { " \(text.until(time($0, .date)))" }
            return """
                <li class="game-free__item game-free__item--now">\(Icons.check)<span><strong>\(text.freeNow(offer.store))</strong>\
                \(until) <a href="\(details(offer))">\(text.claim)</a></span></li>
                """
        }
        let coming = status.coming.map { offer -> HTML in
            """
            <li class="game-free__item">\(Icons.clock)<span>\(text.comingFree(offer.store, time(offer.from, .date)))\
             <a href="\(details(offer))">\(strings.details.openGiveawayPage)</a></span></li>
            """
        }
        let before = status.before.map { offer -> HTML in
            let parts = UTCParts(offer.from)
            let month = "\(strings.format.monthsShort[parts.month - 1]) \(parts.year)"
            return "<a href=\"\(details(offer))\">\(offer.store) \(month)</a>"
        }
        let list: HTML? = live.isEmpty && coming.isEmpty ? nil : "<ul class=\"game-free__list\">\(live)\(coming)</ul>"
        let earlier: HTML? =
            before.isEmpty
            ? nil : "<p class=\"game-free__before\">\(text.freeBefore): \(HTML(joining: before, separator: " · "))</p>"
        let never: HTML? = status.isEmpty ? "<p class=\"hint\">\(text.neverFree)</p>" : nil
        return """
            <section class="game-free\(status.now.isEmpty ? "" : " game-free--now")" aria-labelledby="game-free-heading">
              <h2 id="game-free-heading">\(text.giveawaysHeading)</h2>
              \(list)\(earlier)\(never)
            </section>
            """
    }

    package static func game(
        _ detail: DiscoverGameDetail, staleSince: Date?, strings: Strings, freeStatus status: GameFreeStatus = .init(),
        isKept: Bool = false, screenshots: Int = 0, now: Date = Date(), ownedOn: OwnedSource? = nil
    ) -> HTML {
        let text = strings.discover
        let game = detail.game
        let owned: HTML? = ownedOn.map {
            let library = strings.library
            return """
                <p class="notice" role="note">\(Icons.check)<span>\(library.inLibrary($0 == .steam ? library.sourceSteam : library.sourceList))</span></p>
                """
        }
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
                \(owned)
                \(freeStatus(status, now: now, strings: strings))
                <div class="details__cta">\(website)\(gameHeart(game, isKept: isKept, strings: strings, large: true))</div>
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
              \(screenshotSection(game, count: screenshots, strings: strings))
            </div>
            """
    }

    /// The game's screenshots, scrolled sideways, each through the server's image cache.
    private static func screenshotSection(_ game: DiscoverGame, count: Int, strings: Strings) -> HTML? {
        guard count > 0 else { return nil }
        let text = strings.catalog
        let images = (0..<min(count, 12)).map { index -> HTML in
            let path = SiteRoute.gameScreenshot(id: game.id, index: index).path
            return
                "<img src=\"\(path)\" alt=\"\(text.screenshot(index + 1, game.name))\" loading=\"lazy\" width=\"640\" height=\"360\">"
        }
        return """
            <section class="prose"><h2>\(text.screenshots)</h2><div class="screenshots" tabindex="0" aria-label="\(text.screenshotsScrollable)">\(images)</div></section>
            """
    }
}
