import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// A free-to-play card: thumbnail, title, genre, platforms, short description, publisher. Links to the game's
/// page and carries `data-game-id`.
package struct CatalogCard {
    package struct Model: Sendable {
        package let id: Int
        package let title: String
        package let path: String
        package let thumbnailPath: String
        package let genre: String
        package let platforms: [String]
        package let shortDescription: String
        package let publisher: String
        /// Live loot giveaways for this game.
        package let lootCount: Int
        package let strings: Strings

        package init(_ stored: StoredCatalogGame, lootCount: Int = 0, strings: Strings) {
            self.lootCount = lootCount
            self.strings = strings
            let game = stored.game
            id = game.id
            title = game.title
            path = SiteRoute.catalogGame(id: game.id).path
            thumbnailPath = SiteRoute.catalogImage(id: game.id, index: 0).path
            genre = game.genre
            platforms = game.platforms.sorted().map { strings.catalogPlatformName($0) }
            shortDescription = game.shortDescription
            publisher = game.publisher
        }
    }

    package let model: Model
    package var anchorID: String?

    package func render() -> HTML {
        let platforms = model.platforms.map { HTML("<li>\($0)</li>") }
        let genre: HTML? = model.genre.isEmpty ? nil : "<span class=\"badge\">\(model.genre)</span>"
        let loot: HTML? =
            model.lootCount > 0
            ? "<span class=\"badge badge--live card__loot\">\(model.strings.catalog.lootDrops(model.lootCount, number: model.strings.number(model.lootCount)))</span>"
            : nil
        return """
            <article class="card card--regular card--game"\(anchorID.map { HTML(" id=\"\($0)\" tabindex=\"-1\"") }) data-game-id="\(model.id)">\
            <a class="card__link" href="\(model.path)">\
            <div class="card__media"><img src="\(model.thumbnailPath)" alt="" loading="lazy" width="365" height="206">\(loot)</div>\
            <div class="card__body"><h3 class="card__title">\(model.title)</h3>\
            <ul class="chips" aria-label="\(model.strings.card.platforms)">\(platforms)</ul>\
            <p class="card__text">\(model.shortDescription)</p>\
            <div class="card__meta">\(genre)<span class="type">\(model.publisher)</span></div></div></a></article>

            """
    }
}

/// `/free-to-play`: the FreeToGame catalog with genre chips, platform, sort, search with suggestions, and
/// "Load more".
package struct FreeToPlayPage {
    package struct Model {
        package struct Link: Hashable {
            package let label: String
            package let path: String
            package let isCurrent: Bool
            package var count: Int?
        }

        package let title: String
        package let filters: CatalogFilters
        package let heroText: String
        package let genreChips: [Link]
        package let platformOptions: [Link]
        package let sortOptions: [(value: String, label: String, isSelected: Bool)]
        package let cards: [CatalogCard.Model]
        package let total: Int
        package let firstNewIndex: Int
        package let nextPagePath: String?
        package let emptyState: EmptyState?
        package let hiddenCount: Int
        package var noteCount = 0

        package init(
            filters: CatalogFilters, catalog: CatalogSnapshot, results: [StoredCatalogGame], hiddenCount: Int = 0,
            lootCount: (Int) -> Int = { _ in 0 }, strings: Strings
        ) {
            let text = strings.catalog
            self.filters = filters
            self.hiddenCount = hiddenCount
            heroText = text.hero(strings.number(catalog.listed.count))
            let genreName = filters.genre.flatMap { catalog.genre(matching: $0)?.name }
            var parts: [String] = []
            if !filters.search.isEmpty { parts.append("“\(filters.search)”") }
            if let genreName { parts.append(genreName) }
            if let platform = filters.platform { parts.append(strings.catalogPlatformName(platform)) }
            title = strings.pageTitle((parts + [text.heading]).joined(separator: " · "))
            let currentKey = filters.genre.flatMap { catalog.genre(matching: $0)?.key }
            genreChips =
                [Link(label: strings.common.all, path: filters.with(genre: nil).path, isCurrent: currentKey == nil)]
                + catalog.genres.map {
                    Link(
                        label: $0.name, path: filters.with(genre: $0.slug).path, isCurrent: $0.key == currentKey,
                        count: $0.count)
                }
            platformOptions = [(nil, strings.common.all), (CatalogPlatform.pc, "PC"), (.browser, text.browser)].map {
                Link(label: $0.1, path: filters.with(platform: $0.0).path, isCurrent: $0.0 == filters.platform)
            }
            sortOptions = CatalogFilters.Sort.allCases.map {
                ($0.rawValue, strings.catalogSortName($0), $0 == filters.sort)
            }
            let pageSize = Defaults.listPageSize
            let shown = results.prefix(filters.page * pageSize)
            cards = shown.map { CatalogCard.Model($0, lootCount: lootCount($0.id), strings: strings) }
            total = results.count
            firstNewIndex = (filters.page - 1) * pageSize
            nextPagePath =
                shown.count < results.count
                ? filters.with(page: filters.page + 1).path + "#game-\(filters.page * pageSize + 1)" : nil
            if !results.isEmpty {
                emptyState = nil
            } else if catalog.listed.isEmpty {
                emptyState = EmptyState(
                    title: text.onItsWayTitle, message: text.onItsWayMessage, actionTitle: strings.home.reload,
                    actionPath: CatalogFilters().path)
            } else {
                emptyState = EmptyState(
                    title: strings.home.nothingMatchesTitle, message: text.nothingMatchesMessage,
                    actionTitle: strings.home.clearFilters, actionPath: CatalogFilters().path)
            }
        }
    }

    package let model: Model
    package let strings: Strings

    package init(model: FreeToPlayPage.Model, strings: Strings) {
        self.model = model
        self.strings = strings
    }

    package func render() -> HTML {
        """
        <section class="hero">
          <h1>\(strings.catalog.heading)</h1>
          <p>\(model.heroText)</p>
        </section>
        \(searchForm)
        <nav class="pill-row genre-chips" aria-label="\(strings.catalog.genres)">\(genreChips)</nav>
        <nav class="segmented" aria-label="\(strings.catalog.platform)">\(platformLinks)</nav>
        <section id="results" class="results" aria-live="polite" aria-label="\(strings.catalog.games)" data-live-events="catalog">
        \(resultsFragment())
        </section>
        """
    }

    package func resultsFragment() -> HTML {
        if let empty = model.emptyState { return empty.render() }
        let cards = model.cards.enumerated().map { index, card in
            CatalogCard(
                model: card, anchorID: index == model.firstNewIndex && index > 0 ? "game-\(index + 1)" : nil
            ).render()
        }
        let text = strings.catalog
        let noun = model.total == 1 ? text.gameNoun.one : text.gameNoun.other
        let clear: HTML? =
            model.filters.isFiltered
            ? " · <a href=\"\(CatalogFilters().path)\">\(strings.home.clearFilters)</a>" : nil
        let hidden: HTML? =
            model.hiddenCount > 0
            ? " · <a href=\"\(SiteRoute.catalogHidden.path)\">\(text.hiddenCount(strings.number(model.hiddenCount)))</a>"
            : nil
        let notes: HTML? =
            model.noteCount > 0
            ? " · <a href=\"\(SiteRoute.catalogHidden.path)#notes-title\">\(text.withNotes(strings.number(model.noteCount)))</a>"
            : nil
        let loadMore: HTML =
            model.nextPagePath.map {
                LoadMore(shown: model.cards.count, total: model.total, nextPath: $0, strings: strings).render()
            }
            ?? .empty
        return """
            <p class="results__count"><strong>\(strings.number(model.total))</strong> \(noun)\(clear)\(hidden)\(notes)</p>
            <h2 class="visually-hidden">\(text.games)</h2>
            <div class="grid" data-list>\(cards)</div>
            \(loadMore)
            """
    }

    private var searchForm: HTML {
        let filters = model.filters
        return SearchForm(
            action: CatalogFilters().path, label: strings.catalog.searchLabel,
            placeholder: strings.catalog.searchPlaceholder, search: filters.search,
            hidden: [filters.genre.map { ("genre", $0) }, filters.platform.map { ("platform", $0.rawValue) }]
                .compactMap { $0 },
            sorts: model.sortOptions, defaultSort: CatalogFilters.Sort.popularity.rawValue, strings: strings,
            suggestPath: SiteRoute.api(.catalogSuggestions(query: "")).path
        ).render()
    }

    private var genreChips: HTML {
        let chips = model.genreChips.map { chip -> HTML in
            let count: HTML? = chip.count.map { HTML("<span class=\"count\">\($0)</span>") }
            return
                "<a class=\"pill\" href=\"\(chip.path)\"\(chip.isCurrent ? HTML(" aria-current=\"true\"") : nil)>\(chip.label)\(count)</a>"
        }
        return "\(chips)"
    }

    private var platformLinks: HTML {
        let links = model.platformOptions.map { option -> HTML in
            "<a href=\"\(option.path)\"\(option.isCurrent ? HTML(" aria-current=\"true\"") : nil)>\(option.label)</a>"
        }
        return "\(links)"
    }
}

/// `/free-to-play/{id}`: one game, from the list data at once and from its fetched detail when there is one.
package struct CatalogGamePage {
    /// The longest note kept, in characters (checked by `CatalogMarkRoutes`).
    package static let maxNoteLength = 4000

    package enum DetailState {
        case loaded
        /// Being fetched right now, or never fetched.
        case loading
        /// The last fetch failed; the list data is shown.
        case failed
    }

    package struct Model {
        package let id: Int
        package let title: String
        package let pageTitle: String
        package let metaDescription: String
        package let imagePath: String
        package let genre: String
        package let genrePath: String?
        package let platforms: [(name: String, path: String)]
        package let publisher: String
        package let developer: String
        package let releaseText: String
        /// `2014-03`: as much as is known, for `<time datetime>`.
        package let releaseISO: String?
        /// A release date known to the day, for `<time data-t="day">`.
        package let releaseDay: Date?
        package let isRemoved: Bool
        package let descriptionParagraphs: [HTML]
        package let isDescriptionLong: Bool
        package let requirements: [(label: String, value: String)]?
        package let screenshotPaths: [String]
        package let playURL: String?
        package let profileURL: String?
        package let detailState: DetailState
        package let noteText: String
        package let noteSavedText: String?
        package let isHidden: Bool
        package let loot: [GiveawayCardModel]
        package let strings: Strings

        package init(
            stored: StoredCatalogGame, catalog: CatalogSnapshot, detailState: DetailState, note: Mark? = nil,
            isHidden: Bool = false, loot: [GiveawayCardModel] = [], strings: Strings
        ) {
            self.strings = strings
            let text = strings.catalog
            self.loot = loot
            noteText = note?.text ?? ""
            noteSavedText = note.map { text.notesSaved(strings.date($0.updatedAt)) }
            self.isHidden = isHidden
            let game = stored.game
            id = game.id
            title = game.title
            pageTitle = strings.pageTitle("\(game.title) · \(text.heading)")
            metaDescription = String(game.shortDescription.prefix(160))
            imagePath = SiteRoute.catalogImage(id: game.id, index: 0).path
            genre = game.genre
            genrePath = catalog.genres.first { $0.key == game.genreKey }.map {
                CatalogFilters().with(genre: $0.slug).path
            }
            platforms = game.platforms.sorted().map {
                (strings.catalogPlatformName($0), CatalogFilters().with(platform: $0).path)
            }
            publisher = game.publisher.isEmpty ? text.unknown : game.publisher
            developer = game.developer.isEmpty ? text.unknown : game.developer
            releaseText = game.releaseDate.map { Self.releaseText($0, strings) } ?? text.unknown
            releaseISO = game.releaseDate?.iso
            releaseDay = game.releaseDate.flatMap { date in
                date.month.flatMap { month in
                    date.day.flatMap { day in
                        DateComponents(
                            calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(secondsFromGMT: 0),
                            year: date.year, month: month, day: day
                        ).date
                    }
                }
            }
            isRemoved = stored.isRemoved
            let detail = stored.detail
            let description =
                detail.map(\.description).flatMap { $0.isEmpty ? nil : $0 } ?? game.shortDescription
            descriptionParagraphs = UpstreamHTML.paragraphs(description)
            isDescriptionLong = description.count > 600
            if let detail {
                requirements = detail.requirements.map { requirements in
                    [
                        (text.operatingSystem, requirements.os), (text.processor, requirements.processor),
                        (text.memory, requirements.memory), (text.graphics, requirements.graphics),
                        (text.storage, requirements.storage),
                    ].map { ($0.0, $0.1 ?? text.notListed) }
                }
                screenshotPaths = detail.screenshots.indices.map {
                    SiteRoute.catalogImage(id: game.id, index: $0 + 1).path
                }
            } else {
                requirements = nil
                screenshotPaths = []
            }
            playURL = game.gameURL?.absoluteString
            profileURL = game.profileURL?.absoluteString
            self.detailState = detailState
        }

        /// "10 Mar 2020", "March 2014", "2014" (and their German forms): as much as is known.
        package static func releaseText(_ date: CatalogDate, _ strings: Strings) -> String {
            let format = strings.format
            guard let month = date.month, (1...12).contains(month) else { return String(date.year) }
            guard let day = date.day else { return format.month(format.monthsLong[month - 1], date.year) }
            return format.day(String(day), format.monthsShort[month - 1], String(date.year))
        }
    }

    package let model: Model

    package init(model: CatalogGamePage.Model) {
        self.model = model
    }

    package func render() -> HTML {
        let strings = model.strings
        let text = strings.catalog
        let platforms = model.platforms.map { HTML("<li><a href=\"\($0.path)\">\($0.name)</a></li>") }
        let genre: HTML =
            model.genrePath.map { HTML("<a href=\"\($0)\">\(model.genre)</a>") }
            ?? "\(model.genre.isEmpty ? text.unknown : model.genre)"
        let removed: HTML? =
            model.isRemoved
            ? "<div class=\"banner banner--offline\" role=\"status\"><p>\(text.removed)</p></div>"
            : nil
        let reload: HTML = "<a href=\"\(SiteRoute.catalogGame(id: model.id).path)\">\(text.reloadLink)</a>"
        // A date known to the day goes to the script; a month or a year alone is shown as it is.
        let release: HTML =
            model.releaseDay.map { TimeTag(date: $0, kind: .day, text: model.releaseText).render() }
            ?? model.releaseISO.map { HTML("<time datetime=\"\($0)\">\(model.releaseText)</time>") }
            ?? "\(model.releaseText)"
        let note: HTML? =
            switch model.detailState {
            case .loaded: nil
            case .loading:
                """
                <p class="notice" role="status" data-detail-pending>\(text.detailLoading(reload))</p>
                """
            case .failed:
                "<p class=\"notice\" role=\"status\">\(text.detailFailed)</p>"
            }
        let play: HTML? = model.playURL.map {
            HTML(
                "<a class=\"button button--primary button--large\" href=\"\(url: $0)\" target=\"_blank\" rel=\"noopener\">\(text.play)\(Icons.external)</a>"
            )
        }
        let profile: HTML? = model.profileURL.map {
            HTML(
                "<a class=\"button button--large\" href=\"\(url: $0)\" target=\"_blank\" rel=\"noopener noreferrer\">\(text.freeToGamePage)</a>"
            )
        }
        let requirements: HTML =
            if let rows = model.requirements {
                """
                <table class="requirements"><caption class="visually-hidden">\(text.requirementsTitle)</caption><tbody>\(rows.map { HTML("<tr><th scope=\"row\">\($0.label)</th><td>\($0.value)</td></tr>") })</tbody></table>
                """
            } else if model.detailState == .loaded {
                "<p>\(text.requirementsNotListed)\(model.platforms.map(\.name) == [text.browser] ? text.runsInBrowser : "").</p>"
            } else {
                "<p>\(text.notKnownYet)</p>"
            }
        let screenshots: HTML? =
            model.screenshotPaths.isEmpty
            ? nil
            : """
            <section class="prose"><h2>\(text.screenshots)</h2><div class="screenshots" tabindex="0" aria-label="\(text.screenshotsScrollable)">\(model.screenshotPaths.enumerated().map { HTML("<img src=\"\($0.element)\" alt=\"\(text.screenshot($0.offset + 1, model.title))\" loading=\"lazy\" width=\"640\" height=\"360\">") })</div></section>
            """
        let hide: HTML =
            model.isHidden
            ? """
            <form method="post" action="\(SiteRoute.catalogHide(id: model.id).path)" class="hide-form">
              <input type="hidden" name="hidden" value="0"><input type="hidden" name="back" value="\(SiteRoute.catalogGame(id: model.id).path)">
              <button type="submit" class="button button--large">\(text.restore)</button>
            </form>
            """
            : """
            <a class="button button--large" href="\(SiteRoute.catalogHide(id: model.id).path)" data-hide-confirm="\(text.hideConfirm(model.title))">\(text.hide)</a>
            """
        let hiddenNote: HTML? =
            model.isHidden
            ? "<p class=\"notice\" role=\"status\">\(text.youHidThis) <a href=\"\(SiteRoute.catalogHidden.path)\">\(text.hiddenGames)</a></p>"
            : nil
        let notes: HTML = """
            <section class="prose notes" id="notes" aria-labelledby="notes-title">
              <h2 id="notes-title">\(text.yourNotes)</h2>
              <form method="post" action="\(SiteRoute.catalogNote(id: model.id).path)" data-notes>
                <input type="hidden" name="back" value="\(SiteRoute.catalogGame(id: model.id).path)#notes">
                <label for="note" class="visually-hidden">\(text.notesOn(model.title))</label>
                <textarea id="note" name="note" rows="5" maxlength="\(Self.maxNoteLength)" placeholder="\(text.notesPlaceholder)">\(model.noteText)</textarea>
                <div class="notes__bar"><span class="notes__status" data-notes-status role="status" aria-live="polite">\(model.noteSavedText ?? "")</span><button type="submit" class="button notes__save">\(text.save)</button></div>
              </form>
            </section>
            """
        let loot: HTML? =
            model.loot.isEmpty
            ? nil
            : """
            <section class="shelf loot-shelf" aria-labelledby="loot-title">
              <h2 id="loot-title">\(text.lootFor(model.title))</h2>
              <ul class="shelf__row">\(model.loot.map { HTML("<li>\(GiveawayCard(model: $0, heart: HeartButton(giveawayID: $0.id, title: $0.title, isFavorite: $0.isFavorite, strings: $0.strings), style: .compact).render())</li>") })</ul>
            </section>
            """
        return """
            \(removed)
            \(hiddenNote)
            <article class="details" data-game-id="\(model.id)">
              <div class="details__media"><img src="\(model.imagePath)" alt="\(strings.details.coverArt(model.title))" width="640" height="360" decoding="async"></div>
              <div class="details__main">
                <div class="details__badges"><span class="badge">\(text.heading)</span></div>
                <h1>\(model.title)</h1>
                <ul class="chips chips--large" aria-label="\(strings.card.platforms)">\(platforms)</ul>
                <div class="details__cta">\(play)\(profile)\(hide)</div>
                <dl class="facts">
                  <div><dt>\(text.genre)</dt><dd>\(genre)</dd></div>
                  <div><dt>\(text.released)</dt><dd>\(release)</dd></div>
                  <div><dt>\(text.publisher)</dt><dd>\(model.publisher)</dd></div>
                  <div><dt>\(text.developer)</dt><dd>\(model.developer)</dd></div>
                </dl>
              </div>
            </article>
            \(note)
            \(loot)
            <div class="details__text">
              \(DescriptionSection.render(heading: text.aboutThis, paragraphs: model.descriptionParagraphs, isLong: model.isDescriptionLong))
              <section class="prose">
                <h2>\(text.requirementsTitle)</h2>
                \(requirements)
                <p class="source">\(text.listedOn("<a href=\"https://www.freetogame.com\" target=\"_blank\" rel=\"noopener noreferrer\">FreeToGame</a>"))</p>
              </section>
            </div>
            \(screenshots)
            \(notes)
            """
    }
}
