import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// History: every giveaway that left the feed or expired, newest first, with when it appeared, when it ended,
/// its worth and any end-date moves. Filters by platform, type and month; long lists grow with "Load more".
package struct HistoryPage {
    /// One past giveaway, worded.
    package struct Entry {
        package let id: Int
        package let title: String
        package let detailsPath: String
        package let thumbnailPath: String
        package let facts: String
        package let worthText: String?
        package let firstSeenAt: Date
        package let firstSeenText: String
        /// "Left the feed" or "Expired".
        package let endedLabel: String
        package let endedAt: Date
        package let endedText: String
        /// "Mon 6 Apr 2026, 15:00 UTC → Wed 8 Apr 2026, 15:00 UTC", oldest first.
        package let endDateChanges: [String]
        package let strings: Strings

        package init(_ stored: StoredGiveaway, endedAt: Date, strings: Strings) {
            self.strings = strings
            let giveaway = stored.giveaway
            id = giveaway.id
            title = giveaway.title
            detailsPath = SiteRoute.details(id: id).path
            thumbnailPath = SiteRoute.image(id: id, kind: .thumbnail).path
            facts = (giveaway.platforms.map(\.displayName).prefix(3) + [strings.typeName(giveaway.type)])
                .joined(separator: " · ")
            worthText = giveaway.worth.map(strings.money)
            firstSeenAt = stored.history.firstSeenAt
            firstSeenText = strings.date(stored.history.firstSeenAt)
            endedLabel = stored.history.leftAt == endedAt ? strings.card.leftFeed : strings.card.expired
            self.endedAt = endedAt
            endedText = strings.date(endedAt)
            let none = strings.history.noEndDate
            endDateChanges = stored.history.endDateChanges.map { change in
                "\(change.from.map(strings.date) ?? none) → \(change.to.map(strings.date) ?? none)"
            }
        }
    }

    /// One choice of a filter's `<select>`.
    package typealias Option = (value: String, label: String, isSelected: Bool)

    /// The entries of the pages shown so far, the filter choices and the paging, formatted.
    package struct Model {
        package let filters: HistoryFilters
        /// Pages 1…N.
        package let entries: [Entry]
        package let total: Int
        /// Where page N starts in `entries`: a fragment holds only page N, and a no-JavaScript "Load more" lands
        /// there.
        package let firstNewIndex: Int
        package let nextPagePath: String
        package let platformOptions: [Option]
        package let typeOptions: [Option]
        package let monthOptions: [Option]
        package let isEmptyHistory: Bool
        package let summary: String
        package let strings: Strings

        package init(stored: some Collection<StoredGiveaway>, filters: HistoryFilters, now: Date, strings: Strings) {
            self.filters = filters
            self.strings = strings
            let text = strings.history
            let ended = stored.compactMap { stored in stored.endedAt(at: now).map { (stored, $0) } }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.id > $1.0.id }
            isEmptyHistory = ended.isEmpty
            let matching = ended.filter { filters.matches($0.0.giveaway, endedAt: $0.1) }
            let pageSize = Defaults.listPageSize
            entries = matching.prefix(filters.page * pageSize).map { Entry($0.0, endedAt: $0.1, strings: strings) }
            total = matching.count
            firstNewIndex = min((filters.page - 1) * pageSize, entries.count)
            nextPagePath =
                SiteRoute.history(filters.with(page: filters.page + 1)).path + "#item-\(filters.page * pageSize + 1)"

            var platforms: [String: String] = [:]
            for platform in ended.flatMap(\.0.giveaway.platforms) { platforms[platform.slug] = platform.displayName }
            if let current = filters.platform, platforms[current] == nil {
                platforms[current] = Platform.known(slug: current)?.displayName ?? current
            }
            platformOptions =
                [("", text.everyPlatform, filters.platform == nil)]
                + platforms.sorted { $0.value < $1.value }.map { ($0.key, $0.value, $0.key == filters.platform) }
            typeOptions =
                [("", text.everyType, filters.type == nil)]
                + TypeFilter.allCases.map { ($0.rawValue, strings.typeFilterName($0), $0 == filters.type) }
            var months = Set(ended.map { Month(containing: $0.1) })
            if let current = filters.month { months.insert(current) }
            monthOptions =
                [("", text.anyMonth, filters.month == nil)]
                + months.sorted(by: >).map {
                    (
                        $0.description, strings.format.month(strings.format.monthsLong[$0.month - 1], $0.year),
                        $0 == filters.month
                    )
                }
            summary =
                ended.isEmpty
                ? text.emptySummary : text.summary(ended.count, number: strings.number(ended.count))
        }
    }

    package let model: Model

    package init(model: HistoryPage.Model) {
        self.model = model
    }
    private var strings: Strings { model.strings }

    package func render() -> HTML {
        """
        <section class="hero hero--compact">
          <h1>\(strings.history.heading)</h1>
          <p>\(model.summary)</p>
        </section>
        \(model.isEmptyHistory ? nil : filterForm)
        <section id="results" class="results" aria-label="\(strings.history.pastGiveaways)">\(list(from: 0))</section>
        """
    }

    /// Only page N, for "Load more" (`data-append-all`: the script appends every item it gets).
    package func resultsFragment() -> HTML { list(from: model.firstNewIndex) }

    private func list(from start: Int) -> HTML {
        let text = strings.history
        guard !model.entries.isEmpty else {
            if model.isEmptyHistory {
                return EmptyState(
                    title: text.noHistoryTitle, message: text.noHistoryMessage, actionTitle: text.seeWhatIsLive,
                    actionPath: SiteRoute.homePath
                ).render()
            }
            return EmptyState(
                title: strings.home.nothingMatchesTitle, message: text.nothingMatchesMessage,
                actionTitle: strings.home.clearFilters, actionPath: SiteRoute.history(HistoryFilters()).path
            ).render()
        }
        let items = model.entries.enumerated().dropFirst(start).map { index, entry in
            HistoryItem(entry: entry, anchorID: index == model.firstNewIndex && index > 0 ? "item-\(index + 1)" : nil)
                .render()
        }
        let count: HTML =
            start == 0
            ? "<p class=\"results__count\"><strong>\(strings.number(model.total))</strong> \(model.total == 1 ? strings.home.resultNoun.one : strings.home.resultNoun.other)\(model.filters.isFiltered ? HTML(" · <a href=\"\(SiteRoute.history(HistoryFilters()).path)\">\(strings.home.clearFilters)</a>") : nil)</p>"
            : .empty
        return """
            \(count)<ol class="history-list" data-list data-append-all>\(items)</ol>
            \(LoadMore(shown: model.entries.count, total: model.total, nextPath: model.nextPagePath, strings: strings).render())
            """
    }

    private var filterForm: HTML {
        func select(_ name: String, _ label: String, _ options: [Option]) -> HTML {
            let items = options.map { option -> HTML in
                "<option value=\"\(option.value)\"\(option.isSelected ? HTML(" selected") : nil)>\(option.label)</option>"
            }
            return """
                <label class="history-filters__field"><span>\(label)</span><select name="\(name)">\(items)</select></label>
                """
        }
        return """
            <form class="history-filters" method="get" action="\(SiteRoute.history(HistoryFilters()).path)">
              \(select("platform", strings.history.platform, model.platformOptions))
              \(select("type", strings.history.type, model.typeOptions))
              \(select("month", strings.history.endedIn, model.monthOptions))
              <button class="button button--small" type="submit">\(strings.history.show)</button>
            </form>
            """
    }
}

/// One row of History: thumbnail, title linking to Details, facts, worth, first seen, ended, end-date moves.
package struct HistoryItem {
    package let entry: HistoryPage.Entry
    package var anchorID: String?

    package func render() -> HTML {
        let strings = entry.strings
        let moves = entry.endDateChanges.map { change -> HTML in
            "<li>\(strings.history.endDateChanged) \(change)</li>"
        }
        let worth: HTML =
            entry.worthText.map { "<span class=\"worth\">\($0)</span>" }
            ?? "<span class=\"worth\">\(strings.card.free)</span>"
        let firstSeen = TimeTag(date: entry.firstSeenAt, kind: .date, text: entry.firstSeenText).render()
        let ended = TimeTag(date: entry.endedAt, kind: .date, text: entry.endedText).render()
        return """
            <li class="history-item"\(anchorID.map { HTML(" id=\"\($0)\" tabindex=\"-1\"") }) data-giveaway-id="\(entry.id)">\
            <img class="history-item__thumb" src="\(entry.thumbnailPath)" alt="" loading="lazy" width="120" height="68">\
            <div class="history-item__body">\
            <h2 class="history-item__title"><a href="\(entry.detailsPath)">\(entry.title)</a></h2>\
            <p class="history-item__facts">\(worth) · \(entry.facts)</p>\
            <p class="history-item__dates"><span>\(strings.history.firstSeen) \(firstSeen)</span>\
            <span class="history-item__sep" aria-hidden="true"> · </span>\
            <span>\(entry.endedLabel) \(ended)</span></p>\
            \(moves.isEmpty ? nil : HTML("<ul class=\"history-item__moves\">\(moves)</ul>"))</div></li>

            """
    }
}
