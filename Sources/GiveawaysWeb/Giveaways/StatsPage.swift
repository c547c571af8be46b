import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysViews

/// Statistics: the worth of everything live, the worth this visitor claimed, giveaways per store, and new
/// giveaways per week over the recorded history.
struct StatsPage {
    /// Everything the page shows, formatted.
    struct Model {
        /// One store's live giveaways.
        struct Store: Hashable {
            let name: String
            let path: String
            let count: Int
            /// Of the largest store's count, 0–100.
            let share: Int
        }

        let liveCount: Int
        let liveWorthText: String
        let claimedCount: Int
        let claimedWorthText: String
        let stores: [Store]
        let weeks: [BarChart.Bar]
        let strings: Strings

        /// The most weeks the chart shows (the latest), and the fewest (so a new install still has a time line).
        static let maximumWeeks = 52
        static let minimumWeeks = 8

        init(snapshot: ReadModelSnapshot, marks: VisitorMarks, now: Date, strings: Strings) {
            self.strings = strings
            let live = snapshot.live(at: now)
            liveCount = live.count
            liveWorthText = strings.money(Worth.total(live.compactMap(\.worth)))
            let claimed = marks.ids(.claimed, of: .giveaway).compactMap { snapshot.stored[$0]?.giveaway }
            claimedCount = claimed.count
            claimedWorthText = strings.money(Worth.total(claimed.compactMap(\.worth)))

            let counts = snapshot.platformCounts(at: now).filter { $0.count > 0 }
            let most = max(counts.map(\.count).max() ?? 1, 1)
            stores = counts.sorted {
                $0.count != $1.count ? $0.count > $1.count : $0.platform.displayName < $1.platform.displayName
            }.map {
                Store(
                    name: $0.platform.displayName, path: HomeFilters().with(platform: $0.platform.slug).path,
                    count: $0.count, share: Int((Double($0.count) / Double(most) * 100).rounded()))
            }
            weeks = Self.weeks(firstSeen: snapshot.stored.values.map(\.history.firstSeenAt), now: now, strings: strings)
        }

        /// New giveaways per ISO week (Monday to Sunday, UTC) from the first recorded one to this week.
        static func weeks(firstSeen: [Date], now: Date, strings: Strings) -> [BarChart.Bar] {
            var calendar = Calendar(identifier: .iso8601)
            calendar.timeZone = Month.utc.timeZone
            func weekStart(_ date: Date) -> Date { calendar.dateInterval(of: .weekOfYear, for: date)?.start ?? date }
            var counts: [Date: Int] = [:]
            for date in firstSeen { counts[weekStart(date), default: 0] += 1 }
            let current = weekStart(now)
            let earliest = counts.keys.min() ?? current
            var starts: [Date] = []
            var week = current
            while starts.count < maximumWeeks && (week >= earliest || starts.count < minimumWeeks) {
                starts.append(week)
                week = calendar.date(byAdding: .weekOfYear, value: -1, to: week) ?? week.addingTimeInterval(-604_800)
            }
            return starts.reversed().map { start in
                let parts = UTCParts(start)
                return BarChart.Bar(
                    label: strings.format.dayMonth(parts.day, strings.format.monthsShort[parts.month - 1]),
                    longLabel: strings.stats.weekOf(strings.day(start)), value: counts[start] ?? 0)
            }
        }
    }

    let model: Model
    /// Whether the visitor has a profile (a browser that never marked anything has none).
    let hasProfile: Bool

    func render() -> HTML {
        let strings = model.strings
        let text = strings.stats
        let hint =
            model.claimedCount == 0
            ? (hasProfile ? text.claimedHint : text.claimedHintWithoutProfile)
            : text.claimedCount(model.claimedCount, number: strings.number(model.claimedCount))
        let claimedHint: HTML = "<p class=\"stat__hint\">\(hint)</p>"
        let history: HTML = "<a href=\"\(SiteRoute.history(HistoryFilters()).path)\">\(strings.layout.history)</a>"
        let chart = BarChart(title: text.perWeek, valueHeading: text.newGiveaways, bars: model.weeks, strings: strings)
        let stores = model.stores.map { store -> HTML in
            """
            <li><a href="\(store.path)">\(store.name)</a><svg class="store-bars__bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true"><rect width="\(store.share)" height="10" rx="2"/></svg><span class="store-bars__count">\(store.count)</span></li>
            """
        }
        return """
            <section class="hero hero--compact">
              <h1>\(text.heading)</h1>
              <p>\(text.intro)</p>
            </section>
            <div class="stats-tiles">
              <section class="stat" aria-labelledby="stat-live"><h2 id="stat-live">\(text.liveNow)</h2><p class="stat__value">\(model.liveWorthText)</p><p class="stat__hint">\(text.liveHint(model.liveCount, number: strings.number(model.liveCount)))</p></section>
              <section class="stat" aria-labelledby="stat-claimed"><h2 id="stat-claimed">\(text.youClaimed)</h2><p class="stat__value">\(model.claimedWorthText)</p>\(claimedHint)</section>
            </div>
            <div class="stats-panels">
              <section class="stats-panel" aria-labelledby="stat-stores"><h2 id="stat-stores">\(text.perStore)</h2>\(stores.isEmpty ? HTML("<p class=\"stat__hint\">\(text.nothingLive)</p>") : HTML("<ul class=\"store-bars\">\(stores)</ul>"))</section>
              <section class="stats-panel" aria-labelledby="stat-weeks"><h2 id="stat-weeks">\(text.perWeek)</h2>\(chart.render())<p class="stat__hint">\(text.countedHint(history))</p></section>
            </div>
            """
    }
}
