import Foundation
import GiveawaysDomain

/// The pages of linking another browser: the code to carry over, "use this profile here?", and entering a code.
enum LinkPage {
    static let malformed =
        "That is not a code from GameGiveaways: a code has 16 letters and digits, like ABCD-EFGH-JKMN-PQRS."

    static func message(_ error: LinkCodeError) -> String {
        switch error {
        case .unknown: "That code does not exist. Check it, or get a new one in Settings on your other browser."
        case .expired:
            "That code has expired: codes work for 10 minutes. Get a new one in Settings on your other browser."
        case .used: "That code was already used: each code works once. Get a new one in Settings on your other browser."
        }
    }

    /// The freshly made code, to type or open on the other browser.
    static func code(_ code: LinkCode, link: String, expiresAt: Date) -> HTML {
        """
        <section class="hero hero--compact">
          <h1>Link another browser</h1>
          <p>On the other browser, open Settings and enter this code, or open the link there.</p>
        </section>
        <section class="settings-card link-code" aria-labelledby="code-title">
          <h2 id="code-title" class="visually-hidden">Your code</h2>
          <p class="link-code__code" aria-label="Code: \(code.grouped.map { String($0) }.joined(separator: " "))">\(code.grouped)</p>
          <p class="link-code__url"><a href="\(url: link)">\(link)</a></p>
          <p class="hint">Works once, until <time datetime="\(DisplayText.iso(expiresAt))">\(DisplayText.date(expiresAt))</time> (10 minutes). The other browser then shares your favorites, marks, notes, rules and feeds.</p>
          <p><a class="button" href="\(SiteRoute.settings(notice: nil).path)">Back to Settings</a></p>
        </section>
        """
    }

    /// "Use the profile of this code here?" — a GET must not change anything, so a button confirms.
    static func confirm(_ code: LinkCode, ownMarks: Int) -> HTML {
        let warning: HTML? =
            ownMarks > 0
            ? "<p class=\"hint\">This browser’s own \(ownMarks) \(ownMarks == 1 ? "mark" : "marks") will no longer show here (export them first in Settings if you want to keep them).</p>"
            : nil
        return """
            <section class="hero hero--compact">
              <h1>Use your other browser’s profile?</h1>
              <p>With code <strong>\(code.grouped)</strong>, this browser will show the same favorites, marks, notes, rules and feeds.</p>
            </section>
            <form class="settings-card confirm" method="post" action="\(SiteRoute.link(code: nil).path)">
              <input type="hidden" name="code" value="\(code.rawValue)">
              \(warning)
              <button type="submit" class="button button--primary">Use this profile</button>
              <a class="button" href="\(SiteRoute.settings(notice: nil).path)">Cancel</a>
            </form>
            """
    }

    /// Entering a code, with what went wrong last time.
    static func enter(typed: String?, error: String?) -> HTML {
        """
        <section class="hero hero--compact">
          <h1>Use a code</h1>
          <p>Enter the code your other browser shows in Settings → Another device.</p>
        </section>
        \(error.map { HTML("<p class=\"notice notice--error\" role=\"alert\">\($0)</p>") })
        <form class="settings-card inline-form" method="get" action="\(SiteRoute.link(code: nil).path)">
          <label class="field"><span>Code</span>
            <input type="text" name="code" value="\(typed.map { String($0.prefix(64)) } ?? "")" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" placeholder="ABCD-EFGH-JKMN-PQRS" required></label>
          <button type="submit" class="button button--primary">Continue</button>
        </form>
        """
    }
}
