import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// The data-freshness banner above every list: demo data, offline/stale — or nothing. It says what the store
/// holds, never what the scheduler is doing (only `/status` shows that), so a page keeps its cached bytes while a
/// sync runs.
struct StatusBanner {
    /// What the banner says, already worded.
    struct Model {
        enum Kind: String {
            case demo, offline
        }

        let kind: Kind
        let title: String
        let text: String
        let returnPath: String
        let strings: Strings

        /// `nil` when all is well.
        init?(isDemoData: Bool, log: SyncLog, now: Date, returnPath: String, strings: Strings) {
            self.returnPath = returnPath
            self.strings = strings
            let common = strings.common
            if isDemoData {
                kind = .demo
                title = common.demoTitle
                text = common.demoText
            } else if log.isStale, let since = log.lastSuccess?.at {
                kind = .offline
                title = common.offlineTitle(strings.date(since))
                text = common.offlineText(strings.relative(min(since, now), now: now))
            } else {
                return nil
            }
        }
    }

    let model: Model?

    func render() -> HTML {
        guard let model else { return .empty }
        let button: HTML = """
            <form method="post" action="\(SiteRoute.sync.path)" class="banner__action">
            <input type="hidden" name="back" value="\(model.returnPath)">
            <button type="submit" class="button button--small">\(model.strings.common.retryNow)</button>
            </form>
            """
        return """
            <div class="banner banner--\(model.kind.rawValue)" role="status">
            <div><strong>\(model.title)</strong><p>\(model.text) <a href="\(SiteRoute.status.path)">\(model.strings.layout.syncStatus)</a></p></div>\(button)
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

/// "Load more" under a long list: a plain link to the next page without JavaScript (the page shows every item
/// up to there, so the position lives in the URL); with JavaScript it appends the next items in place.
struct LoadMore {
    let shown: Int
    let total: Int
    let nextPath: String
    let strings: Strings

    func render() -> HTML {
        guard shown < total else { return .empty }
        let common = strings.common
        return """
            <nav class="load-more" aria-label="\(common.moreResults)">
              <p>\(common.showing(strings.number(shown), strings.number(total)))</p>
              <a class="button" href="\(url: nextPath)" data-load-more>\(common.loadMore)</a>
            </nav>
            """
    }
}
