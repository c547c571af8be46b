import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// Sync health: for each source, whether it is healthy, when it last tried and last succeeded, why it last
/// failed, what it holds, what the last good sync changed, and when it runs next. Answers "is it empty or is it
/// broken?".
package struct StatusPage {
    /// One source's health, worded.
    package struct SourceModel {
        /// The source's id (`gamerpower`), safe in an HTML id.
        package let id: String
        package let name: String
        package let stateText: String
        package let stateClass: String
        package let summary: String
        /// A fact's value; for a time, the date (rewritten to local time by the script) and how long ago / until.
        package let facts: [(label: String, value: String, date: Date?, relative: String?)]
        package let failureReason: String?
        package let changes: [(label: String, count: Int)]?
        package let canRetry: Bool
        /// Why "Sync now" is not offered: the source asked to wait (its `Retry-After`).
        package let waitNote: String?

        /// A time as "Tue 31 Mar 2026, 06:00 UTC" and "2 hours ago" (shown after it, in brackets).
        private static func fact(
            _ label: String, _ date: Date?, missing: String, now: Date, strings: Strings
        ) -> (label: String, value: String, date: Date?, relative: String?) {
            guard let date else { return (label, missing, nil, nil) }
            return (label, strings.date(date), date, strings.relative(date, now: now))
        }

        package init(_ health: SourceHealth, now: Date, strings: Strings) {
            let text = strings.status
            id = health.source.rawValue
            name = health.source.displayName
            let noun =
                switch health.source {
                case .gamerpower, .store: text.giveaways
                case .freetogame: text.games
                }
            let items = noun(health.itemCount, number: strings.number(health.itemCount))
            switch health.state {
            case .healthy:
                stateText = text.healthy
                stateClass = "live"
                summary = text.healthySummary(items)
            case .stale:
                stateText = text.stale
                stateClass = "warning"
                summary = text.staleSummary(items)
            case .failing:
                stateText = text.failing
                stateClass = "warning"
                summary = health.isDemoData ? text.failingDemoSummary : text.failingSummary
            case .neverSynced:
                stateText = text.neverSynced
                stateClass = "muted"
                summary = text.neverSyncedSummary
            case .syncing:
                stateText = text.syncing
                stateClass = "muted"
                summary = text.syncingSummary
            }
            let lastAttempt = health.log.lastAttempt
            let lastSuccess = health.log.lastSuccess
            let outcome: String
            if health.isRunning {
                outcome = text.runningNow
            } else if let lastAttempt {
                outcome = lastAttempt.succeeded ? text.succeeded : text.failed
            } else {
                outcome = "—"
            }
            var facts: [(label: String, value: String, date: Date?, relative: String?)] = [
                Self.fact(text.lastAttempt, lastAttempt?.at, missing: text.never, now: now, strings: strings),
                Self.fact(text.lastSuccess, lastSuccess?.at, missing: text.never, now: now, strings: strings),
                (text.outcome, outcome, nil, nil),
                (text.holds, items + (health.isDemoData ? " (\(text.demoData))" : ""), nil, nil),
                Self.fact(text.nextRun, health.nextRunAt, missing: text.notScheduled, now: now, strings: strings),
            ]
            if let until = health.waitsUntil {
                facts.append(Self.fact(text.waitsUntil, until, missing: "", now: now, strings: strings))
                waitNote = text.waitNote(health.source.displayName)
            } else {
                waitNote = nil
            }
            self.facts = facts
            failureReason = health.log.lastFailure?.failureReason
            if let changes = lastSuccess?.changes {
                self.changes = [
                    (text.changeNew, changes.added), (text.changeUpdated, changes.updated),
                    (text.changeBack, changes.returned), (text.changeLeft, changes.left),
                ]
            } else {
                self.changes = nil
            }
            // A press would not ask a source inside its Retry-After: no button that does nothing.
            canRetry = !health.isRunning && health.waitsUntil == nil
        }
    }

    package let sources: [SourceModel]
    package let strings: Strings

    /// The requests made to RAWG this month, when Games is on.
    package let rawgRequests: Int?

    package init(sources: [StatusPage.SourceModel], rawgRequests: Int? = nil, strings: Strings) {
        self.sources = sources
        self.rawgRequests = rawgRequests
        self.strings = strings
    }

    package func render() -> HTML {
        let cards = sources.map(card)
        return """
            <section class="hero hero--compact">
              <h1>\(strings.status.heading)</h1>
              <p>\(strings.status.intro)</p>
            </section>
            <div id="status-list" class="status-list" data-live-events="status">\(cards)\(rawg)</div>
            """
    }

    /// RAWG's card: the month's requests against the free tier's allowance, with a warning from 80 %.
    private var rawg: HTML? {
        guard let requests = rawgRequests else { return nil }
        let text = strings.games
        let near = RAWGAllowance.isNearLimit(requests)
        let state: HTML =
            near
            ? "<span class=\"badge badge--warning\">\(text.usageNearBadge)</span>"
            : "<span class=\"badge badge--live\">\(text.usageOKBadge)</span>"
        return """
            <section class="status-card" aria-labelledby="status-rawg">
              <div class="status-card__head"><h2 id="status-rawg">RAWG</h2>\(state)</div>
              <p>\(text.usage(strings.number(requests), strings.number(RAWGAllowance.monthlyRequests)))</p>
              \(near ? HTML("<p class=\"status-card__wait\" role=\"status\">\(text.usageNear)</p>") : nil)
            </section>
            """
    }

    private func card(_ source: SourceModel) -> HTML {
        let text = strings.status
        let facts = source.facts.map { fact -> HTML in
            let value: HTML =
                fact.date.map { TimeTag(date: $0, kind: .date, text: fact.value).render() } ?? "\(fact.value)"
            let relative: HTML = fact.relative.map { " (\($0))" } ?? ""
            return "<div><dt>\(fact.label)</dt><dd>\(value)\(relative)</dd></div>"
        }
        let reason: HTML? = source.failureReason.map {
            HTML("<div class=\"status-card__reason\"><strong>\(text.whyFailed)</strong><p>\($0)</p></div>")
        }
        let changes: HTML =
            source.changes.map { changes in
                let items = changes.map { HTML("<li><strong>\($0.count)</strong> \($0.label)</li>") }
                return HTML("<h3>\(text.whatChanged)</h3><ul class=\"status-card__changes\">\(items)</ul>")
            } ?? "<p>\(text.nothingChanged)</p>"
        let retry: HTML? =
            source.canRetry
            ? """
            <form method="post" action="\(SiteRoute.sync.path)">
            <input type="hidden" name="back" value="\(SiteRoute.status.path)">
            <input type="hidden" name="source" value="\(source.id)">
            <button type="submit" class="button">\(text.syncNow)</button>
            </form>
            """ : source.waitNote.map { HTML("<p class=\"status-card__wait\">\($0)</p>") }
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
