import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysRendering
import GiveawaysViews

/// Home: every live giveaway as cards — all of a real feed on one page, a huge one `Defaults.homePageSize` at a time
/// with "Load more" — with platform tabs, type filter, sort and search.
struct HomePage {
    /// Everything Home shows, formatted.
    struct Model {
        struct Link: Hashable {
            let label: String
            let path: String
            let isCurrent: Bool
        }

        struct PlatformMenuItem: Hashable {
            let name: String
            let path: String
            let count: Int
            let isCurrent: Bool
        }

        let strings: Strings
        let filters: HomeFilters
        let summary: FeedSummary
        let now: Date
        /// The cards of the pages shown so far (`filters.page` of them).
        let cards: [MarkedGiveaway]
        /// "Coming soon": what the stores announced, on the first page only.
        let upcoming: [MarkedGiveaway]
        let renderer: CardRenderer
        /// How many giveaways match, shown or not.
        let total: Int
        /// Index of the first card of the last page loaded: where a no-JavaScript "Load more" lands.
        let firstNewIndex: Int
        let emptyState: EmptyState?
        /// How many the "Ending within 24 h" chip would show.
        let endingSoonCount: Int
        /// The "Filtered by your rules" line; `nil` for a visitor without rules.
        let rulesNotice: RulesNotice?

        struct RulesNotice: Hashable {
            let isApplied: Bool
            let hiddenCount: Int
            let togglePath: String
        }

        init(
            filters: HomeFilters, selection: HomeSelection, visitor: Visitor, now: Date, renderer: CardRenderer
        ) {
            let strings = renderer.strings
            self.renderer = renderer
            let results = selection.giveaways
            let summary = selection.summary
            self.strings = strings
            self.summary = summary
            self.now = now
            let text = strings.home
            self.filters = filters
            let pageSize = Defaults.homePageSize
            total = selection.cards.count
            firstNewIndex = (filters.page - 1) * pageSize
            // The whole list, not a copy of it, when every card is shown (a real feed: 70–160).
            let shown = filters.page * pageSize
            cards = selection.cards.count <= shown ? selection.cards : Array(selection.cards.prefix(shown))
            endingSoonCount = selection.endingSoonCount
            upcoming = filters.page == 1 ? selection.upcoming : []
            rulesNotice =
                visitor.rules.isEmpty
                ? nil
                : RulesNotice(
                    isApplied: selection.rulesApplied, hiddenCount: selection.hiddenByRules,
                    togglePath: filters.with(showAll: selection.rulesApplied).path)
            if !results.isEmpty {
                emptyState = nil
            } else if filters.endingSoon && !filters.isFilteredBesidesEndingSoon && selection.hiddenByRules == 0 {
                emptyState = EmptyState(
                    title: text.nothingEndsTitle, message: text.nothingEndsMessage,
                    actionTitle: text.showEveryGiveaway, actionPath: filters.with(endingSoon: false).path)
            } else if selection.hiddenByRules > 0 {
                emptyState = EmptyState(
                    title: text.rulesHideTitle,
                    message: text.rulesHideMessage(selection.hiddenByRules, strings.number(selection.hiddenByRules)),
                    actionTitle: text.showEverything, actionPath: filters.with(showAll: true).path)
            } else if summary.isEmpty {
                emptyState = EmptyState(
                    title: text.noGiveawaysTitle, message: text.noGiveawaysMessage,
                    actionTitle: text.reload, actionPath: SiteRoute.homePath)
            } else {
                emptyState = EmptyState(
                    title: text.nothingMatchesTitle, message: text.nothingMatchesMessage,
                    actionTitle: text.clearFilters, actionPath: SiteRoute.homePath)
            }
        }

        // The frame's parts below show no visitor's marks; they are worked out when the frame is rendered, which
        // for personal pages is once per address, language, snapshot and minute (`SharedPartCache`).

        var title: String {
            let name = summary.platformName
            var title: [String] = []
            if !filters.query.search.isEmpty { title.append("“\(filters.query.search)”") }
            if let current = filters.query.platform { title.append(name(current)) }
            return strings.pageTitle(title.isEmpty ? strings.home.pageTitle : title.joined(separator: " · "))
        }

        var heroText: String {
            strings.home.hero(summary.liveCount, strings.number(summary.liveCount), strings.money(summary.liveWorth))
        }

        var banner: StatusBanner.Model? {
            StatusBanner.Model(
                isDemoData: summary.isDemoData, log: summary.log, now: now, returnPath: filters.path, strings: strings)
        }

        var platformTabs: [Link] {
            let counts = Dictionary(summary.platforms.map { ($0.platform.slug, $0.count) }) { first, _ in first }
            let name = summary.platformName
            let current = filters.query.platform
            let popular = Platform.popularSlugs.filter { counts[$0, default: 0] > 0 || $0 == current }
            var tabs = [
                Link(label: strings.common.all, path: filters.with(platform: nil).path, isCurrent: current == nil)
            ]
            tabs += popular.map {
                Link(label: name($0), path: filters.with(platform: $0).path, isCurrent: $0 == current)
            }
            if let current, !popular.contains(current) {
                tabs.append(Link(label: name(current), path: filters.with(platform: current).path, isCurrent: true))
            }
            return tabs
        }

        var platformMenu: [PlatformMenuItem] {
            summary.platforms.map {
                PlatformMenuItem(
                    name: $0.platform.displayName, path: filters.with(platform: $0.platform.slug).path,
                    count: $0.count, isCurrent: $0.platform.slug == filters.query.platform)
            }
        }

        var typeOptions: [Link] {
            let types: [(TypeFilter?, String)] =
                [(nil, strings.common.everything)] + TypeFilter.allCases.map { ($0, strings.typeFilterName($0)) }
            return types.map {
                Link(label: $0.1, path: filters.with(type: $0.0).path, isCurrent: $0.0 == filters.query.type)
            }
        }

        var sortOptions: [(value: String, label: String, isSelected: Bool)] {
            GiveawaySort.allCases.map { ($0.rawValue, strings.sortName($0), $0 == filters.query.sort) }
        }

        /// "Ending within 24 h": the chip's link.
        var endingSoonLink: Link {
            Link(
                label: strings.home.endingWithin24h, path: filters.with(endingSoon: !filters.endingSoon).path,
                isCurrent: filters.endingSoon)
        }
    }

    let model: Model

    func render() -> HTML {
        frame().join(fillings(feedLinks: nil)).html
    }

    /// The visitor's parts between the frame's: the ending-soon count and the results, with `feedLinks` as kept.
    private func fillings(feedLinks: HTML?) -> [HTMLPieces] {
        [HTMLPieces(HTML(trusted: String(model.endingSoonCount))), resultsPieces(feedLinks: feedLinks)]
    }

    /// The page around the visitor's parts (the ending-soon count and the results), inside `layout` when one is
    /// given: the same for every visitor of one address, language, snapshot and minute.
    func frame(in layout: Layout? = nil) -> PageFrame {
        let link = model.endingSoonLink
        let top: HTML = """
            \(layout?.head)<section class="hero">
              <h1>\(model.strings.home.heading)</h1>
              <p>\(model.heroText)</p>
            </section>
            \(StatusBanner(model: model.banner).render())
            \(searchForm)
            \(platformTabs)
            <div class="filter-row">\(typeFilter)<a class="pill pill--soon" href="\(link.path)"\(link.isCurrent ? HTML(" aria-current=\"true\"") : nil)>\(Icons.clock)\(link.label) <span class="count">
            """
        let middle: HTML = """
            </span></a></div>
            <section id="results" class="results" aria-live="polite" aria-label="\(model.strings.home.giveaways)" data-live-events="results">

            """
        return PageFrame(parts: [top, middle, "\n</section>\(layout?.foot)"])
    }

    /// The part that live search replaces: every matching live giveaway.
    func resultsFragment() -> HTML {
        resultsPieces().html
    }

    /// The results as the pieces they are joined from: the visitor's lines around the kept cards; `feedLinks`, the
    /// results' feed links as kept (they depend on the filters and language only), or made here.
    func resultsPieces(feedLinks: HTML? = nil) -> HTMLPieces {
        if let empty = model.emptyState {
            var pieces = HTMLPieces("\(rulesNotice)\(empty.render())")
            appendComingSoon(to: &pieces)
            return pieces
        }
        let strings = model.strings
        let count = model.total
        let filters = model.filters
        // Only a page with more to load links to the next (most show every live giveaway: no link to make).
        let next =
            model.cards.count < count
            ? filters.with(page: filters.page + 1).path + "#item-\(model.cards.count + 1)" : ""
        let counted: HTML =
            "<strong>\(strings.number(count))</strong> \(count == 1 ? strings.home.resultNoun.one : strings.home.resultNoun.other)"
        let clear: HTML? =
            model.filters.isFiltered
            ? " · <a href=\"\(SiteRoute.homePath)\">\(strings.home.clearFilters)</a>" : nil
        var pieces = HTMLPieces("\(rulesNotice)")
        appendComingSoon(to: &pieces)
        pieces.append(
            """
            <p class="results__count">\(counted)\(clear)</p>
            \(feedLinks ?? FeedLinks(filters: model.filters, strings: strings).render())
            <h2 class="visually-hidden">\(strings.home.giveaways)</h2>
            <div class="grid" data-list>
            """)
        model.renderer.append(
            model.cards, anchorID: { index in index == model.firstNewIndex && index > 0 ? "item-\(index + 1)" : nil },
            to: &pieces)
        pieces.append(
            """
            </div>
            \(LoadMore(shown: model.cards.count, total: count, nextPath: next, strings: strings).render())
            """)
        return pieces
    }

    /// "Coming soon": the giveaways the stores announced, each with its start, before what is free now.
    private func appendComingSoon(to pieces: inout HTMLPieces) {
        guard !model.upcoming.isEmpty else { return }
        let text = model.strings.firstHand
        pieces.append(
            """
            <section class="coming-soon" aria-labelledby="coming-soon">
            <h2 id="coming-soon">\(text.comingSoon) <span class="count">\(model.strings.number(model.upcoming.count))</span></h2>
            <p class="coming-soon__intro">\(text.comingSoonIntro)</p>
            <div class="grid grid--soon">
            """)
        model.renderer.append(model.upcoming, to: &pieces)
        pieces.append("</div>\n</section>\n")
    }

    private var searchForm: HTML {
        let query = model.filters.query
        return SearchForm(
            action: SiteRoute.homePath, label: model.strings.home.searchLabel,
            placeholder: model.strings.home.searchPlaceholder, search: query.search,
            hidden: [
                query.platform.map { ("platform", $0) }, query.type.map { ("type", $0.rawValue) },
                model.filters.endingSoon ? ("ending", "24h") : nil, model.filters.showAll ? ("all", "1") : nil,
            ].compactMap { $0 },
            sorts: model.sortOptions, defaultSort: GiveawaySort.date.rawValue, strings: model.strings
        ).render()
    }

    private var platformTabs: HTML {
        let tabs = model.platformTabs.map { tab -> HTML in
            "<a class=\"pill\" href=\"\(tab.path)\"\(tab.isCurrent ? HTML(" aria-current=\"true\"") : nil)>\(tab.label)</a>"
        }
        let menu = model.platformMenu.map { item -> HTML in
            """
            <li><a href="\(item.path)"\(item.isCurrent ? HTML(" aria-current=\"true\"") : nil)\(item.count == 0 ? HTML(" class=\"is-empty\"") : nil)>\(item.name)<span class="count">\(item.count)</span></a></li>
            """
        }
        return """
            <nav class="platform-tabs" aria-label="\(model.strings.home.platforms)">
              <div class="pill-row">\(tabs)</div>
              <details class="all-platforms">
                <summary class="pill">\(model.strings.home.allPlatforms)</summary>
                <ul class="all-platforms__menu">\(menu)</ul>
              </details>
            </nav>
            """
    }

    private var rulesNotice: HTML? {
        model.rulesNotice.map { RulesNoticeView(notice: $0, strings: model.strings).render() }
    }

    private var typeFilter: HTML {
        let links = model.typeOptions.map { option -> HTML in
            "<a href=\"\(option.path)\"\(option.isCurrent ? HTML(" aria-current=\"true\"") : nil)>\(option.label)</a>"
        }
        return "<nav class=\"segmented\" aria-label=\"\(model.strings.home.type)\">\(links)</nav>"
    }
}

extension HomePage: PersonalPage {
    static let frameKind = SharedPartCache.Key.Kind.homeFrame

    var pageTitle: String { model.title }
    static let section: Layout.Section? = .home
    var headLinks: HTML { FeedLinks(filters: model.filters, strings: model.strings).headLinks }

    func fillings(_ kept: PageSharedParts) -> [HTMLPieces] {
        fillings(feedLinks: keptFeedLinks(kept))
    }

    func fragment(_ kept: PageSharedParts) -> HTMLPieces? {
        resultsPieces(feedLinks: keptFeedLinks(kept))
    }

    private func keptFeedLinks(_ kept: PageSharedParts) -> HTML {
        kept.ofAddress(.feedLinks, filters: model.filters) {
            FeedLinks(filters: model.filters, strings: model.strings).render()
        }
    }
}

/// "Filtered by your rules · N hidden · Show everything", or "Showing everything · Apply my rules".
struct RulesNoticeView {
    let notice: HomePage.Model.RulesNotice
    let strings: Strings

    func render() -> HTML {
        let settings = SiteRoute.settings(notice: nil).path
        let common = strings.common
        if notice.isApplied {
            let hidden: HTML? =
                notice.hiddenCount > 0 ? " · \(common.hiddenCount(strings.number(notice.hiddenCount)))" : nil
            let rules: HTML = "<a href=\"\(settings)\">\(common.yourRules)</a>"
            return """
                <p class="rules-notice">\(Icons.settings)<span>\(common.filteredByRules(rules))\(hidden)</span><a class="rules-notice__toggle" href="\(notice.togglePath)">\(strings.home.showEverything)</a></p>
                """
        }
        let rules: HTML = "<a href=\"\(settings)\">\(common.rules)</a>"
        return """
            <p class="rules-notice">\(Icons.settings)<span>\(common.showingEverything(rules))</span><a class="rules-notice__toggle" href="\(notice.togglePath)">\(common.applyMyRules)</a></p>
            """
    }
}
