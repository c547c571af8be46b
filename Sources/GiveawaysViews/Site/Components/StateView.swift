import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// The data-freshness banner above every list: demo data, offline/stale — or nothing. It says what the store
/// holds, never what the scheduler is doing (only `/status` shows that), so a page keeps its cached bytes while a
/// sync runs.
package struct StatusBanner {
    /// What the banner says, already worded.
    package struct Model {
        package enum Kind: String {
            case demo, offline
        }

        package let kind: Kind
        package let title: String
        package let text: String
        package let returnPath: String
        package let strings: Strings

        /// `nil` when all is well.
        package init?(isDemoData: Bool, log: SyncLog, now: Date, returnPath: String, strings: Strings) {
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

    package let model: Model?

    package init(model: StatusBanner.Model?) {
        self.model = model
    }

    package func render() -> HTML {
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
package struct EmptyState {
    package let title: String
    package let message: String
    package let actionTitle: String
    package let actionPath: String

    package init(title: String, message: String, actionTitle: String, actionPath: String) {
        self.title = title
        self.message = message
        self.actionTitle = actionTitle
        self.actionPath = actionPath
    }

    package func render() -> HTML {
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
package struct LoadMore {
    package let shown: Int
    package let total: Int
    package let nextPath: String
    package let strings: Strings

    package init(shown: Int, total: Int, nextPath: String, strings: Strings) {
        self.shown = shown
        self.total = total
        self.nextPath = nextPath
        self.strings = strings
    }

    package func render() -> HTML {
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
