import Foundation
import GiveawaysDomain

/// A free-to-play card: thumbnail, title, genre, platforms, short description, publisher. Links to the game's
/// page and carries `data-game-id`.
struct CatalogCard {
    struct Model: Sendable {
        let id: Int
        let title: String
        let path: String
        let thumbnailPath: String
        let genre: String
        let platforms: [String]
        let shortDescription: String
        let publisher: String
        /// Live loot giveaways for this game.
        let lootCount: Int

        init(_ stored: StoredCatalogGame, lootCount: Int = 0) {
            self.lootCount = lootCount
            let game = stored.game
            id = game.id
            title = game.title
            path = SiteRoute.catalogGame(id: game.id).path
            thumbnailPath = SiteRoute.catalogImage(id: game.id, index: 0).path
            genre = game.genre
            platforms = game.platforms.sorted().map(\.displayName)
            shortDescription = game.shortDescription
            publisher = game.publisher
        }
    }

    let model: Model
    var anchorID: String?

    func render() -> HTML {
        let platforms = model.platforms.map { HTML("<li>\($0)</li>") }
        let genre: HTML? = model.genre.isEmpty ? nil : "<span class=\"badge\">\(model.genre)</span>"
        let loot: HTML? =
            model.lootCount > 0
            ? "<span class=\"badge badge--live card__loot\">\(model.lootCount) free loot drop\(model.lootCount == 1 ? "" : "s")</span>"
            : nil
        return """
            <article class="card card--regular card--game"\(anchorID.map { HTML(" id=\"\($0)\" tabindex=\"-1\"") }) data-game-id="\(model.id)">\
            <a class="card__link" href="\(model.path)">\
            <div class="card__media"><img src="\(model.thumbnailPath)" alt="" loading="lazy" width="365" height="206">\(loot)</div>\
            <div class="card__body"><h3 class="card__title">\(model.title)</h3>\
            <ul class="chips" aria-label="Platforms">\(platforms)</ul>\
            <p class="card__text">\(model.shortDescription)</p>\
            <div class="card__meta">\(genre)<span class="type">\(model.publisher)</span></div></div></a></article>

            """
    }
}

/// `/free-to-play`: the FreeToGame catalog with genre chips, platform, sort, search with suggestions, and
/// "Load more".
struct FreeToPlayPage {
    struct Model {
        struct Link: Hashable {
            let label: String
            let path: String
            let isCurrent: Bool
            var count: Int?
        }

        let title: String
        let filters: CatalogFilters
        let heroText: String
        let genreChips: [Link]
        let platformOptions: [Link]
        let sortOptions: [(value: String, label: String, isSelected: Bool)]
        let cards: [CatalogCard.Model]
        let total: Int
        let firstNewIndex: Int
        let nextPagePath: String?
        let emptyState: EmptyState?
        let isSyncing: Bool
        let hiddenCount: Int
        var noteCount = 0

        init(
            filters: CatalogFilters, catalog: CatalogSnapshot, results: [StoredCatalogGame], hiddenCount: Int = 0,
            lootCount: (Int) -> Int = { _ in 0 }, isSyncing: Bool
        ) {
            self.filters = filters
            self.isSyncing = isSyncing
            self.hiddenCount = hiddenCount
            heroText =
                "\(DisplayText.count(catalog.listed.count)) free-to-play games for PC and the browser, from FreeToGame."
            let genreName = filters.genre.flatMap { catalog.genre(matching: $0)?.name }
            var parts: [String] = []
            if !filters.search.isEmpty { parts.append("“\(filters.search)”") }
            if let genreName { parts.append(genreName) }
            if let platform = filters.platform { parts.append(platform.displayName) }
            title =
                (parts.isEmpty ? "Free to play" : parts.joined(separator: " · ") + " · Free to play")
                + " · GameGiveaways"
            let currentKey = filters.genre.flatMap { catalog.genre(matching: $0)?.key }
            genreChips =
                [Link(label: "All", path: filters.with(genre: nil).path, isCurrent: currentKey == nil)]
                + catalog.genres.map {
                    Link(
                        label: $0.name, path: filters.with(genre: $0.slug).path, isCurrent: $0.key == currentKey,
                        count: $0.count)
                }
            platformOptions = [(nil, "All"), (CatalogPlatform.pc, "PC"), (.browser, "Browser")].map {
                Link(label: $0.1, path: filters.with(platform: $0.0).path, isCurrent: $0.0 == filters.platform)
            }
            sortOptions = CatalogFilters.Sort.allCases.map { ($0.rawValue, $0.label, $0 == filters.sort) }
            let pageSize = Defaults.listPageSize
            let shown = results.prefix(filters.page * pageSize)
            cards = shown.map { CatalogCard.Model($0, lootCount: lootCount($0.id)) }
            total = results.count
            firstNewIndex = (filters.page - 1) * pageSize
            nextPagePath =
                shown.count < results.count
                ? filters.with(page: filters.page + 1).path + "#game-\(filters.page * pageSize + 1)" : nil
            if !results.isEmpty {
                emptyState = nil
            } else if catalog.listed.isEmpty {
                emptyState = EmptyState(
                    title: "The catalog is on its way",
                    message: "The first download of the free-to-play catalog has not finished. Try again in a moment.",
                    actionTitle: "Reload", actionPath: CatalogFilters().path)
            } else {
                emptyState = EmptyState(
                    title: "Nothing matches",
                    message: "No game matches these filters. Try fewer words, another genre or both platforms.",
                    actionTitle: "Clear filters", actionPath: CatalogFilters().path)
            }
        }
    }

    let model: Model
    let strings: Strings

    func render() -> HTML {
        """
        <section class="hero">
          <h1>Free to play</h1>
          <p>\(model.heroText)</p>
        </section>
        \(searchForm)
        <nav class="pill-row genre-chips" aria-label="Genres">\(genreChips)</nav>
        <nav class="segmented" aria-label="Platform">\(platformLinks)</nav>
        <section id="results" class="results" aria-live="polite" aria-label="Games">
        \(resultsFragment())
        </section>
        """
    }

    func resultsFragment() -> HTML {
        if let empty = model.emptyState { return empty.render() }
        let cards = model.cards.enumerated().map { index, card in
            CatalogCard(
                model: card, anchorID: index == model.firstNewIndex && index > 0 ? "game-\(index + 1)" : nil
            ).render()
        }
        let noun = model.total == 1 ? "game" : "games"
        let clear: HTML? =
            model.filters.isFiltered ? " · <a href=\"\(CatalogFilters().path)\">Clear filters</a>" : nil
        let hidden: HTML? =
            model.hiddenCount > 0
            ? " · <a href=\"\(SiteRoute.catalogHidden.path)\">\(model.hiddenCount) hidden</a>" : nil
        let notes: HTML? =
            model.noteCount > 0
            ? " · <a href=\"\(SiteRoute.catalogHidden.path)#notes-title\">\(model.noteCount) with your notes</a>" : nil
        let loadMore: HTML =
            model.nextPagePath.map {
                LoadMore(shown: model.cards.count, total: model.total, nextPath: $0, strings: strings).render()
            }
            ?? .empty
        return """
            <p class="results__count"><strong>\(model.total)</strong> \(noun)\(clear)\(hidden)\(notes)</p>
            <h2 class="visually-hidden">Games</h2>
            <div class="grid" data-list>\(cards)</div>
            \(loadMore)
            """
    }

    private var searchForm: HTML {
        let filters = model.filters
        return SearchForm(
            action: CatalogFilters().path, label: "Search free-to-play games",
            placeholder: "Search titles, genres, publishers", search: filters.search,
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
struct CatalogGamePage {
    enum DetailState {
        case loaded
        /// Being fetched right now, or never fetched.
        case loading
        /// The last fetch failed; the list data is shown.
        case failed
    }

    struct Model {
        let id: Int
        let title: String
        let pageTitle: String
        let metaDescription: String
        let imagePath: String
        let genre: String
        let genrePath: String?
        let platforms: [(name: String, path: String)]
        let publisher: String
        let developer: String
        let releaseText: String
        let releaseISO: String?
        let isRemoved: Bool
        let descriptionParagraphs: [HTML]
        let isDescriptionLong: Bool
        let requirements: [(label: String, value: String)]?
        let screenshotPaths: [String]
        let playURL: String?
        let profileURL: String?
        let detailState: DetailState
        let noteText: String
        let noteSavedText: String?
        let isHidden: Bool
        let loot: [GiveawayCardModel]

        init(
            stored: StoredCatalogGame, catalog: CatalogSnapshot, detailState: DetailState, note: Mark? = nil,
            isHidden: Bool = false, loot: [GiveawayCardModel] = []
        ) {
            self.loot = loot
            noteText = note?.text ?? ""
            noteSavedText = note.map { "Saved \(DisplayText.date($0.updatedAt))" }
            self.isHidden = isHidden
            let game = stored.game
            id = game.id
            title = game.title
            pageTitle = "\(game.title) · Free to play · GameGiveaways"
            metaDescription = String(game.shortDescription.prefix(160))
            imagePath = SiteRoute.catalogImage(id: game.id, index: 0).path
            genre = game.genre
            genrePath = catalog.genres.first { $0.key == game.genreKey }.map {
                CatalogFilters().with(genre: $0.slug).path
            }
            platforms = game.platforms.sorted().map { ($0.displayName, CatalogFilters().with(platform: $0).path) }
            publisher = game.publisher.isEmpty ? "Unknown" : game.publisher
            developer = game.developer.isEmpty ? "Unknown" : game.developer
            releaseText = game.releaseDate.map(Self.releaseText) ?? "Unknown"
            releaseISO = game.releaseDate?.iso
            isRemoved = stored.isRemoved
            let detail = stored.detail
            let text = detail.map(\.description).flatMap { $0.isEmpty ? nil : $0 } ?? game.shortDescription
            descriptionParagraphs = SafeText.paragraphs(text)
            isDescriptionLong = text.count > 600
            if let detail {
                requirements = detail.requirements.map { requirements in
                    [
                        ("Operating system", requirements.os), ("Processor", requirements.processor),
                        ("Memory", requirements.memory), ("Graphics", requirements.graphics),
                        ("Storage", requirements.storage),
                    ].map { ($0.0, $0.1 ?? "Not listed") }
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

        /// "10 March 2020", "March 2014", "2014": as much as is known.
        static func releaseText(_ date: CatalogDate) -> String {
            let months = [
                "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December",
            ]
            guard let month = date.month else { return String(date.year) }
            guard let day = date.day else { return "\(months[month - 1]) \(date.year)" }
            return "\(day) \(months[month - 1]) \(date.year)"
        }
    }

    let model: Model

    func render() -> HTML {
        let platforms = model.platforms.map { HTML("<li><a href=\"\($0.path)\">\($0.name)</a></li>") }
        let genre: HTML =
            model.genrePath.map { HTML("<a href=\"\($0)\">\(model.genre)</a>") }
            ?? "\(model.genre.isEmpty ? "Unknown" : model.genre)"
        let removed: HTML? =
            model.isRemoved
            ? "<div class=\"banner banner--offline\" role=\"status\"><p>This game is no longer in the FreeToGame catalog.</p></div>"
            : nil
        let note: HTML? =
            switch model.detailState {
            case .loaded: nil
            case .loading:
                """
                <p class="notice" role="status" data-detail-pending>The full description, screenshots and system requirements are on their way from FreeToGame. <a href="\(SiteRoute.catalogGame(id: model.id).path)">Reload</a> in a moment to see them.</p>
                """
            case .failed:
                "<p class=\"notice\" role=\"status\">FreeToGame did not send this game's full details just now, so this page shows what the catalog lists. It will try again on your next visit.</p>"
            }
        let play: HTML? = model.playURL.map {
            HTML(
                "<a class=\"button button--primary button--large\" href=\"\(url: $0)\" target=\"_blank\" rel=\"noopener\">Play\(Icons.external)</a>"
            )
        }
        let profile: HTML? = model.profileURL.map {
            HTML(
                "<a class=\"button button--large\" href=\"\(url: $0)\" target=\"_blank\" rel=\"noopener noreferrer\">FreeToGame page</a>"
            )
        }
        let requirements: HTML =
            if let rows = model.requirements {
                """
                <table class="requirements"><caption class="visually-hidden">Minimum system requirements</caption><tbody>\(rows.map { HTML("<tr><th scope=\"row\">\($0.label)</th><td>\($0.value)</td></tr>") })</tbody></table>
                """
            } else if model.detailState == .loaded {
                "<p>Not listed — FreeToGame lists none for this game\(model.platforms.map(\.name) == ["Browser"] ? " (it runs in the browser)" : "").</p>"
            } else {
                "<p>Not known yet.</p>"
            }
        let screenshots: HTML? =
            model.screenshotPaths.isEmpty
            ? nil
            : """
            <section class="prose"><h2>Screenshots</h2><div class="screenshots" tabindex="0" aria-label="Screenshots, scrollable">\(model.screenshotPaths.enumerated().map { HTML("<img src=\"\($0.element)\" alt=\"Screenshot \($0.offset + 1) of \(model.title)\" loading=\"lazy\" width=\"640\" height=\"360\">") })</div></section>
            """
        let hide: HTML =
            model.isHidden
            ? """
            <form method="post" action="\(SiteRoute.catalogHide(id: model.id).path)" class="hide-form">
              <input type="hidden" name="hidden" value="0"><input type="hidden" name="back" value="\(SiteRoute.catalogGame(id: model.id).path)">
              <button type="submit" class="button button--large">Restore to the catalog</button>
            </form>
            """
            : """
            <a class="button button--large" href="\(SiteRoute.catalogHide(id: model.id).path)" data-hide-confirm="Hide \(model.title)? It leaves the catalog and its search for you; restore it any time from Hidden games.">Hide</a>
            """
        let hiddenNote: HTML? =
            model.isHidden
            ? "<p class=\"notice\" role=\"status\">You hid this game: it is not in your catalog or search. <a href=\"\(SiteRoute.catalogHidden.path)\">Hidden games</a></p>"
            : nil
        let notes: HTML = """
            <section class="prose notes" id="notes" aria-labelledby="notes-title">
              <h2 id="notes-title">Your notes</h2>
              <form method="post" action="\(SiteRoute.catalogNote(id: model.id).path)" data-notes>
                <input type="hidden" name="back" value="\(SiteRoute.catalogGame(id: model.id).path)#notes">
                <label for="note" class="visually-hidden">Your notes on \(model.title)</label>
                <textarea id="note" name="note" rows="5" maxlength="\(CatalogMarkRoutes.maxNoteLength)" placeholder="Only you see these: a server you play on, a friend's name, what to try next…">\(model.noteText)</textarea>
                <div class="notes__bar"><span class="notes__status" data-notes-status role="status" aria-live="polite">\(model.noteSavedText ?? "")</span><button type="submit" class="button notes__save">Save</button></div>
              </form>
            </section>
            """
        let loot: HTML? =
            model.loot.isEmpty
            ? nil
            : """
            <section class="shelf loot-shelf" aria-labelledby="loot-title">
              <h2 id="loot-title">Free loot for \(model.title) right now</h2>
              <ul class="shelf__row">\(model.loot.map { HTML("<li>\(GiveawayCard(model: $0, heart: HeartButton(giveawayID: $0.id, title: $0.title, isFavorite: $0.isFavorite, returnPath: SiteRoute.catalogGame(id: model.id).path, strings: $0.strings), style: .compact).render())</li>") })</ul>
            </section>
            """
        return """
            \(removed)
            \(hiddenNote)
            <article class="details" data-game-id="\(model.id)">
              <div class="details__media"><img src="\(model.imagePath)" alt="Cover art of \(model.title)" width="640" height="360" decoding="async"></div>
              <div class="details__main">
                <div class="details__badges"><span class="badge">Free to play</span></div>
                <h1>\(model.title)</h1>
                <ul class="chips chips--large" aria-label="Platforms">\(platforms)</ul>
                <div class="details__cta">\(play)\(profile)\(hide)</div>
                <dl class="facts">
                  <div><dt>Genre</dt><dd>\(genre)</dd></div>
                  <div><dt>Released</dt><dd>\(model.releaseISO.map { HTML("<time datetime=\"\($0)\">\(model.releaseText)</time>") } ?? HTML("\(model.releaseText)"))</dd></div>
                  <div><dt>Publisher</dt><dd>\(model.publisher)</dd></div>
                  <div><dt>Developer</dt><dd>\(model.developer)</dd></div>
                </dl>
              </div>
            </article>
            \(note)
            \(loot)
            <div class="details__text">
              <section class="prose">
                <h2>About this game</h2>
                <div class="description"\(model.isDescriptionLong ? HTML(" data-collapsible") : nil) id="description">\(model.descriptionParagraphs)</div>
              </section>
              <section class="prose">
                <h2>Minimum system requirements</h2>
                \(requirements)
                <p class="source">Listed on <a href="https://www.freetogame.com" target="_blank" rel="noopener noreferrer">FreeToGame</a>.</p>
              </section>
            </div>
            \(screenshots)
            \(notes)
            """
    }
}
