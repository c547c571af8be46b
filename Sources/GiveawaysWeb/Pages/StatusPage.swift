import Foundation
import GiveawaysDomain

/// Sync health: for each source, whether it is healthy, when it last tried and last succeeded, why it last
/// failed, what it holds, what the last good sync changed, and when it runs next. Answers "is it empty or is it
/// broken?".
struct StatusPage {
    /// One source's health, worded.
    struct SourceModel {
        /// The source's id (`gamerpower`), safe in an HTML id.
        let id: String
        let name: String
        let stateText: String
        let stateClass: String
        let summary: String
        let facts: [(label: String, value: String, iso: String?)]
        let failureReason: String?
        let changes: [(label: String, count: Int)]?
        let canRetry: Bool

        /// A time as "31 Mar 2026, 06:00 UTC (2 hours ago)", with its ISO form for `<time datetime>`.
        private static func fact(
            _ label: String, _ date: Date?, missing: String, now: Date
        ) -> (label: String, value: String, iso: String?) {
            guard let date else { return (label, missing, nil) }
            let span = DisplayText.span(abs(now.timeIntervalSince(date)))
            let relative = date <= now ? "\(span) ago" : "in \(span)"
            return (label, "\(DisplayText.date(date)) (\(relative))", DisplayText.iso(date))
        }

        init(_ health: SourceHealth, now: Date) {
            id = health.source.rawValue
            name = health.source.displayName
            let noun = health.source.itemNoun
            let items = "\(DisplayText.count(health.itemCount)) \(health.itemCount == 1 ? noun.one : noun.many)"
            switch health.state {
            case .healthy:
                stateText = "Healthy"
                stateClass = "live"
                summary = "The last sync succeeded. It holds \(items)."
            case .stale:
                stateText = "Failing — showing older data"
                stateClass = "warning"
                summary = "The last attempt failed, so the \(items) on show are from the last good sync."
            case .failing:
                stateText = "Failing"
                stateClass = "warning"
                summary =
                    health.isDemoData
                    ? "No sync has succeeded yet; the app shows labelled demo data until one does."
                    : "No sync has succeeded yet."
            case .neverSynced:
                stateText = "Not synced yet"
                stateClass = "muted"
                summary = "No sync has been attempted yet."
            case .syncing:
                stateText = "Syncing"
                stateClass = "muted"
                summary = "The first sync is running."
            }
            let lastAttempt = health.log.lastAttempt
            let lastSuccess = health.log.lastSuccess
            let outcome: String
            if health.isRunning {
                outcome = "running now"
            } else if let lastAttempt {
                outcome = lastAttempt.succeeded ? "succeeded" : "failed"
            } else {
                outcome = "—"
            }
            facts = [
                Self.fact("Last attempt", lastAttempt?.at, missing: "never", now: now),
                Self.fact("Last success", lastSuccess?.at, missing: "never", now: now),
                ("Outcome", outcome, nil),
                ("Holds", items + (health.isDemoData ? " (demo data)" : ""), nil),
                Self.fact("Next run", health.nextRunAt, missing: "not scheduled", now: now),
            ]
            failureReason = health.log.lastFailure?.failureReason
            if let changes = lastSuccess?.changes {
                self.changes = [
                    ("new", changes.added), ("updated", changes.updated), ("back", changes.returned),
                    ("left", changes.left),
                ]
            } else {
                self.changes = nil
            }
            canRetry = !health.isRunning
        }
    }

    let sources: [SourceModel]

    func render() -> HTML {
        let cards = sources.map(card)
        return """
            <section class="hero hero--compact">
              <h1>Sync status</h1>
              <p>Where the data comes from, and whether it is fresh.</p>
            </section>
            <div class="status-list">\(cards)</div>
            """
    }

    private func card(_ source: SourceModel) -> HTML {
        let facts = source.facts.map { fact -> HTML in
            let value: HTML = fact.iso.map { HTML("<time datetime=\"\($0)\">\(fact.value)</time>") } ?? "\(fact.value)"
            return "<div><dt>\(fact.label)</dt><dd>\(value)</dd></div>"
        }
        let reason: HTML? = source.failureReason.map {
            HTML("<div class=\"status-card__reason\"><strong>Why the last attempt failed</strong><p>\($0)</p></div>")
        }
        let changes: HTML =
            source.changes.map { changes in
                let items = changes.map { HTML("<li><strong>\($0.count)</strong> \($0.label)</li>") }
                return HTML("<h3>What the last good sync changed</h3><ul class=\"status-card__changes\">\(items)</ul>")
            } ?? "<p>No sync has succeeded yet, so nothing has changed.</p>"
        let retry: HTML? =
            source.canRetry
            ? """
            <form method="post" action="\(SiteRoute.sync.path)">
            <input type="hidden" name="back" value="\(SiteRoute.status.path)">
            <input type="hidden" name="source" value="\(source.id)">
            <button type="submit" class="button">Sync now</button>
            </form>
            """ : nil
        return """
            <section class="status-card" aria-labelledby="status-\(source.id)">
              <div class="status-card__head"><h2 id="status-\(source.id)">\(source.name)</h2><span class="badge badge--\(source.stateClass)">\(source.stateText)</span></div>
              <p>\(source.summary)</p>
              \(reason)
              <dl class="facts">\(facts)</dl>
              \(changes)
              \(retry)
            </section>
            """
    }
}
