import Foundation
import GiveawaysDomain

/// History: every giveaway that left the feed or expired, newest first, with when it appeared, when it ended,
/// its worth and any end-date moves. Filters by platform, type and month; long lists grow with "Load more".
struct HistoryPage {
    /// One past giveaway, worded.
    struct Entry {
        let id: Int
        let title: String
        let detailsPath: String
        let thumbnailPath: String
        let facts: String
        let worthText: String?
        let firstSeenText: String
        let firstSeenISO: String
        /// "Left the feed" or "Expired".
        let endedLabel: String
        let endedText: String
        let endedISO: String
        /// "6 Apr 2026, 15:00 UTC → 8 Apr 2026, 15:00 UTC", oldest first.
        let endDateChanges: [String]

        init(_ stored: StoredGiveaway, endedAt: Date) {
            let giveaway = stored.giveaway
            id = giveaway.id
            title = giveaway.title
            detailsPath = SiteRoute.details(id: id).path
            thumbnailPath = SiteRoute.image(id: id, kind: .thumbnail).path
            facts = (giveaway.platforms.map(\.displayName).prefix(3) + [giveaway.type.displayName])
                .joined(separator: " · ")
            worthText = giveaway.worth?.formatted
            firstSeenText = DisplayText.date(stored.history.firstSeenAt)
            firstSeenISO = DisplayText.iso(stored.history.firstSeenAt)
            endedLabel = stored.history.leftAt == endedAt ? "Left the feed" : "Expired"
            endedText = DisplayText.date(endedAt)
            endedISO = DisplayText.iso(endedAt)
            endDateChanges = stored.history.endDateChanges.map { change in
                "\(change.from.map(DisplayText.date) ?? "no end date") → \(change.to.map(DisplayText.date) ?? "no end date")"
            }
        }
    }

    /// One choice of a filter's `<select>`.
    typealias Option = (value: String, label: String, isSelected: Bool)

    /// The entries of the pages shown so far, the filter choices and the paging, formatted.
    struct Model {
        let filters: HistoryFilters
        /// Pages 1…N.
        let entries: [Entry]
        let total: Int
        /// Where page N starts in `entries`: a fragment holds only page N, and a no-JavaScript "Load more" lands
        /// there.
        let firstNewIndex: Int
        let nextPagePath: String
        let platformOptions: [Option]
        let typeOptions: [Option]
        let monthOptions: [Option]
        let isEmptyHistory: Bool
        let summary: String

        init(stored: some Collection<StoredGiveaway>, filters: HistoryFilters, now: Date) {
            self.filters = filters
            let ended = stored.compactMap { stored in stored.endedAt(at: now).map { (stored, $0) } }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.id > $1.0.id }
            isEmptyHistory = ended.isEmpty
            let matching = ended.filter { filters.matches($0.0.giveaway, endedAt: $0.1) }
            let pageSize = Defaults.listPageSize
            entries = matching.prefix(filters.page * pageSize).map { Entry($0.0, endedAt: $0.1) }
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
                [("", "Every platform", filters.platform == nil)]
                + platforms.sorted { $0.value < $1.value }.map { ($0.key, $0.value, $0.key == filters.platform) }
            typeOptions =
                [("", "Every type", filters.type == nil)]
                + TypeFilter.allCases.map { ($0.rawValue, $0.displayName, $0 == filters.type) }
            var months = Set(ended.map { Month(containing: $0.1) })
            if let current = filters.month { months.insert(current) }
            monthOptions =
                [("", "Any month", filters.month == nil)]
                + months.sorted(by: >).map { ($0.description, $0.displayName, $0 == filters.month) }
            summary =
                ended.isEmpty
                ? "Giveaways appear here once they leave the feed or pass their end date."
                : "\(DisplayText.count(ended.count)) giveaways that left the feed or expired, most recent first."
        }
    }

    let model: Model
    let strings: Strings

    func render() -> HTML {
        """
        <section class="hero hero--compact">
          <h1>History</h1>
          <p>\(model.summary)</p>
        </section>
        \(model.isEmptyHistory ? nil : filterForm)
        <section id="results" class="results" aria-label="Past giveaways">\(list(from: 0))</section>
        """
    }

    /// Only page N, for "Load more" (`data-append-all`: the script appends every item it gets).
    func resultsFragment() -> HTML { list(from: model.firstNewIndex) }

    private func list(from start: Int) -> HTML {
        guard !model.entries.isEmpty else {
            if model.isEmptyHistory {
                return EmptyState(
                    title: "No history yet",
                    message:
                        "Every sync records what leaves GamerPower's feed and what passes its end date. Nothing has yet; come back after a giveaway ends.",
                    actionTitle: "See what is live", actionPath: SiteRoute.home(HomeFilters()).path
                ).render()
            }
            return EmptyState(
                title: "Nothing matches",
                message: "No past giveaway matches these filters. Try another platform, type or month.",
                actionTitle: "Clear filters", actionPath: SiteRoute.history(HistoryFilters()).path
            ).render()
        }
        let items = model.entries.enumerated().dropFirst(start).map { index, entry in
            HistoryItem(entry: entry, anchorID: index == model.firstNewIndex && index > 0 ? "item-\(index + 1)" : nil)
                .render()
        }
        let count: HTML =
            start == 0
            ? "<p class=\"results__count\"><strong>\(model.total)</strong> \(model.total == 1 ? "giveaway" : "giveaways")\(model.filters.isFiltered ? HTML(" · <a href=\"\(SiteRoute.history(HistoryFilters()).path)\">Clear filters</a>") : nil)</p>"
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
              \(select("platform", "Platform", model.platformOptions))
              \(select("type", "Type", model.typeOptions))
              \(select("month", "Ended in", model.monthOptions))
              <button class="button button--small" type="submit">Show</button>
            </form>
            """
    }
}

/// One row of History: thumbnail, title linking to Details, facts, worth, first seen, ended, end-date moves.
struct HistoryItem {
    let entry: HistoryPage.Entry
    var anchorID: String?

    func render() -> HTML {
        let moves = entry.endDateChanges.map { change -> HTML in "<li>End date changed: \(change)</li>" }
        let worth: HTML =
            entry.worthText.map { "<span class=\"worth\">\($0)</span>" } ?? "<span class=\"worth\">Free</span>"
        return """
            <li class="history-item"\(anchorID.map { HTML(" id=\"\($0)\" tabindex=\"-1\"") }) data-giveaway-id="\(entry.id)">\
            <img class="history-item__thumb" src="\(entry.thumbnailPath)" alt="" loading="lazy" width="120" height="68">\
            <div class="history-item__body">\
            <h2 class="history-item__title"><a href="\(entry.detailsPath)">\(entry.title)</a></h2>\
            <p class="history-item__facts">\(worth) · \(entry.facts)</p>\
            <p class="history-item__dates"><span>First seen <time datetime="\(entry.firstSeenISO)">\(entry.firstSeenText)</time></span>\
            <span class="history-item__sep" aria-hidden="true"> · </span>\
            <span>\(entry.endedLabel) <time datetime="\(entry.endedISO)">\(entry.endedText)</time></span></p>\
            \(moves.isEmpty ? nil : HTML("<ul class=\"history-item__moves\">\(moves)</ul>"))</div></li>

            """
    }
}
