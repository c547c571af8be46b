import GiveawaysHTML
import GiveawaysLocalization

/// A bar chart drawn by the server as inline SVG: bars in `currentColor` (the CSS picks it, so it reads in dark
/// mode too), a title for screen readers, and the same numbers as a table behind "Show as table".
package struct BarChart {
    /// One bar.
    package struct Bar: Hashable {
        /// Under the chart: "5 Jan".
        package let label: String
        /// In the table and the bar's tooltip: "Week of 5 Jan 2026".
        package let longLabel: String
        package let value: Int

        package init(label: String, longLabel: String, value: Int) {
            self.label = label
            self.longLabel = longLabel
            self.value = value
        }
    }

    package let title: String
    package let valueHeading: String
    package let bars: [Bar]
    package let strings: Strings

    package init(title: String, valueHeading: String, bars: [BarChart.Bar], strings: Strings) {
        self.title = title
        self.valueHeading = valueHeading
        self.bars = bars
        self.strings = strings
    }

    package func render() -> HTML {
        let peak = max(bars.map(\.value).max() ?? 0, 1)
        let slot = 10
        let width = max(bars.count, 1) * slot
        let rects = bars.enumerated().map { index, bar -> HTML in
            // At least a sliver, so an empty week still shows where it is.
            let height = bar.value == 0 ? 0.8 : max(2, Double(bar.value) / Double(peak) * 96)
            return """
                <rect x="\(index * slot + 1)" y="\(HTML(trusted: String(format: "%.2f", 100 - height)))" width="\(slot - 2)" height="\(HTML(trusted: String(format: "%.2f", height)))"\(bar.value == 0 ? HTML(" class=\"is-zero\"") : nil)><title>\(bar.longLabel): \(bar.value)</title></rect>
                """
        }
        let rows = bars.map { bar -> HTML in "<tr><th scope=\"row\">\(bar.longLabel)</th><td>\(bar.value)</td></tr>" }
        let total = bars.reduce(0) { $0 + $1.value }
        let description =
            strings.stats.chartDescription(
                title, strings.number(total), strings.number(bars.count), bars.first?.longLabel ?? "",
                bars.last?.longLabel ?? "", strings.number(peak))
        return """
            <figure class="chart">
              <div class="chart__plot">
                <span class="chart__peak" aria-hidden="true">\(peak)</span>
                <svg class="chart__svg" viewBox="0 0 \(width) 100" preserveAspectRatio="none" role="img" aria-label="\(description)"><title>\(description)</title>\(rects)</svg>
              </div>
              <div class="chart__axis" aria-hidden="true"><span>\(bars.first?.label ?? "")</span><span>\(bars.last?.label ?? "")</span></div>
              <details class="chart__table">
                <summary>\(strings.stats.showAsTable)</summary>
                <table><caption>\(title)</caption><thead><tr><th scope="col">\(strings.stats.week)</th><th scope="col">\(valueHeading)</th></tr></thead><tbody>\(rows)</tbody></table>
              </details>
            </figure>
            """
    }
}
