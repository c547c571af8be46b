import Foundation
import GiveawaysDomain

/// Home: every live giveaway as cards, with platform tabs, type filter, sort and search.
struct HomePage {
    let filters: HomeFilters
    let snapshot: FeedSnapshot
    let results: [Giveaway]
    let favorites: Set<Int>
    let now: Date

    var title: String {
        var parts: [String] = []
        if !filters.query.search.isEmpty { parts.append("“\(filters.query.search)”") }
        if let slug = filters.query.platform { parts.append(platformName(slug)) }
        return (parts.isEmpty ? "Free games right now" : parts.joined(separator: " · ")) + " · GameGiveaways"
    }

    func render() -> HTML {
        let live = snapshot.giveaways.filter { !$0.isExpired(at: now) }
        let totalWorth = live.compactMap(\.worth).reduce(0) { $0 + $1.cents }
        return """
            <section class="hero">
              <h1>Free right now</h1>
              <p>\(DisplayText.count(live.count)) live giveaways, \(Worth(cents: totalWorth).formatted) of games and loot to keep.</p>
            </section>
            \(StatusBanner(status: snapshot.status, isSyncing: snapshot.isSyncing, now: now, returnPath: filters.path).render())
            \(searchForm)
            \(platformTabs)
            \(typeFilter)
            <section id="results" class="results" aria-live="polite" aria-label="Giveaways">
            \(resultsFragment())
            </section>
            """
    }

    /// The part that live search replaces.
    func resultsFragment() -> HTML {
        guard !results.isEmpty else {
            if snapshot.giveaways.isEmpty {
                return EmptyState(
                    title: "No giveaways yet", message: "The first sync has not finished. Try again in a moment.",
                    actionTitle: "Reload", actionPath: "/"
                ).render()
            }
            return EmptyState(
                title: "Nothing matches",
                message: "No live giveaway matches these filters. Try fewer words or another platform.",
                actionTitle: "Clear filters", actionPath: "/"
            ).render()
        }
        let pageCount = (results.count + HomeFilters.pageSize - 1) / HomeFilters.pageSize
        let page = min(filters.page, max(1, pageCount))
        let shown = results.dropFirst((page - 1) * HomeFilters.pageSize).prefix(HomeFilters.pageSize)
        let cards = shown.map { giveaway in
            GiveawayCard(
                model: GiveawayCardModel(giveaway: giveaway, now: now, isFavorite: favorites.contains(giveaway.id)),
                heart: HeartButton(
                    giveawayID: giveaway.id, title: giveaway.title, isFavorite: favorites.contains(giveaway.id),
                    returnPath: filters.path)
            ).render()
        }
        let noun = results.count == 1 ? "giveaway" : "giveaways"
        return """
            <p class="results__count"><strong>\(results.count)</strong> \(noun)\(filters.isFiltered ? HTML(" · <a href=\"/\">Clear filters</a>") : nil)</p>
            <div class="grid">\(Array(cards))</div>
            \(pageCount > 1 ? pager(page: page, of: pageCount) : nil)
            """
    }

    private func pager(page: Int, of count: Int) -> HTML {
        let previous: HTML? =
            page > 1
            ? "<a class=\"button\" rel=\"prev\" href=\"\(filters.with(page: page - 1).path)\">Previous</a>" : nil
        let next: HTML? =
            page < count
            ? "<a class=\"button\" rel=\"next\" href=\"\(filters.with(page: page + 1).path)\">Next</a>" : nil
        return "<nav class=\"pager\" aria-label=\"Pages\">\(previous)<span>Page \(page) of \(count)</span>\(next)</nav>"
    }

    private var searchForm: HTML {
        let sorts = GiveawaySort.allCases.map { sort -> HTML in
            "<option value=\"\(sort.rawValue)\"\(sort == filters.query.sort ? HTML(" selected") : nil)>\(sort.displayName)</option>"
        }
        return """
            <form class="filters" method="get" action="/" role="search" data-live-search>
              <div class="search-field">
                <label for="q" class="visually-hidden">Search giveaways</label>
                \(Icons.search)
                <input id="q" type="search" name="q" value="\(filters.query.search)" placeholder="Search titles, platforms, descriptions" autocomplete="off" maxlength="\(HomeFilters.maxSearchLength)" enterkeyhint="search">
              </div>
              \(filters.query.platform.map { HTML("<input type=\"hidden\" name=\"platform\" value=\"\($0)\">") })
              \(filters.query.type.map { HTML("<input type=\"hidden\" name=\"type\" value=\"\($0.rawValue)\">") })
              <div class="sort-field">
                <label for="sort">Sort</label>
                <select id="sort" name="sort">\(sorts)</select>
              </div>
              <button type="submit" class="button filters__submit">Search</button>
            </form>
            """
    }

    private var platformTabs: HTML {
        var counts: [String: Int] = [:]
        var names: [String: Platform] = [:]
        for giveaway in snapshot.giveaways where !giveaway.isExpired(at: now) {
            for platform in giveaway.platforms {
                counts[platform.slug, default: 0] += 1
                names[platform.slug] = platform
            }
        }
        let current = filters.query.platform
        func tab(_ slug: String?, _ label: String) -> HTML {
            let selected: HTML? = slug == current ? " aria-current=\"true\"" : nil
            return "<a class=\"pill\" href=\"\(filters.with(platform: slug).path)\"\(selected)>\(label)</a>"
        }
        let popular = Platform.popularSlugs.filter { counts[$0, default: 0] > 0 || $0 == current }
        var tabs = [tab(nil, "All")] + popular.map { tab($0, platformName($0)) }
        if let current, !popular.contains(current) { tabs.append(tab(current, platformName(current))) }

        let everyPlatform = (Platform.catalog + names.values.filter { !$0.isKnown }.sorted())
        let menu = everyPlatform.map { platform -> HTML in
            let count = counts[platform.slug, default: 0]
            let selected: HTML? = platform.slug == current ? " aria-current=\"true\"" : nil
            return """
                <li><a href="\(filters.with(platform: platform.slug).path)"\(selected)\(count == 0 ? HTML(" class=\"is-empty\"") : nil)>\(platform.displayName)<span class="count">\(count)</span></a></li>
                """
        }
        return """
            <nav class="platform-tabs" aria-label="Platforms">
              <div class="pill-row">\(tabs)</div>
              <details class="all-platforms">
                <summary class="pill">All platforms</summary>
                <ul class="all-platforms__menu">\(menu)</ul>
              </details>
            </nav>
            """
    }

    private var typeFilter: HTML {
        let options: [(TypeFilter?, String)] = [(nil, "Everything")] + TypeFilter.allCases.map { ($0, $0.displayName) }
        let links = options.map { option -> HTML in
            let selected: HTML? = option.0 == filters.query.type ? " aria-current=\"true\"" : nil
            return "<a href=\"\(filters.with(type: option.0).path)\"\(selected)>\(option.1)</a>"
        }
        return "<nav class=\"segmented\" aria-label=\"Type\">\(links)</nav>"
    }

    private func platformName(_ slug: String) -> String {
        Platform.known(slug: slug)?.displayName
            ?? snapshot.giveaways.lazy.flatMap(\.platforms).first { $0.slug == slug }?.displayName ?? slug
    }
}
