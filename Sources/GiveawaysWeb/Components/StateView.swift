import Foundation
import GiveawaysDomain

/// The data-freshness banner shown above every list: demo data, offline/stale, refreshing.
struct StatusBanner {
    let status: SyncStatus
    let isSyncing: Bool
    let now: Date
    let returnPath: String

    func render() -> HTML {
        if status.isDemoData {
            return banner(
                kind: "demo",
                title: "Demo data",
                text: "GameGiveaways has not synced with GamerPower yet, so these giveaways are invented examples. "
                    + "The real ones replace them as soon as a sync succeeds.",
                retry: true)
        }
        if status.isStale, let since = status.lastSuccessAt {
            let age = DisplayText.span(max(0, now.timeIntervalSince(since)))
            return banner(
                kind: "offline",
                title: "Offline — showing data from \(DisplayText.date(since))",
                text: "GamerPower could not be reached; the last good sync was \(age) ago. "
                    + "New giveaways may be missing until it answers again.",
                retry: true)
        }
        if isSyncing {
            return
                "<div class=\"banner banner--syncing\" role=\"status\"><span class=\"spinner\" aria-hidden=\"true\"></span>Refreshing giveaways…</div>"
        }
        return .empty
    }

    private func banner(kind: String, title: String, text: String, retry: Bool) -> HTML {
        let button: HTML? =
            retry
            ? """
            <form method="post" action="/sync" class="banner__action">
            <input type="hidden" name="back" value="\(returnPath)">
            <button type="submit" class="button button--small">\(isSyncing ? "Refreshing…" : "Retry now")</button>
            </form>
            """ : nil
        return """
            <div class="banner banner--\(kind)" role="status">
            <div><strong>\(title)</strong><p>\(text)</p></div>\(button)
            </div>
            """
    }
}

/// The empty state: a friendly message and a way out.
struct EmptyState {
    let title: String
    let message: String
    let actionTitle: String
    let actionPath: String

    func render() -> HTML {
        """
        <div class="empty-state">
          <div class="empty-state__art" aria-hidden="true">\(Icons.search)</div>
          <h2>\(title)</h2>
          <p>\(message)</p>
          <a class="button" href="\(url: actionPath)">\(actionTitle)</a>
        </div>
        """
    }
}
