import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// The pages of linking another browser: the code to carry over, "use this profile here?", and entering a code.
package enum LinkPage {
    package static func message(_ error: LinkCodeError, _ strings: Strings) -> String {
        switch error {
        case .unknown: strings.link.unknown
        case .expired: strings.link.expired
        case .used: strings.link.used
        }
    }

    /// The freshly made code, to type or open on the other browser.
    package static func code(_ code: LinkCode, link: String, expiresAt: Date, strings: Strings) -> HTML {
        let text = strings.link
        let expiry = TimeTag(date: expiresAt, kind: .date, text: strings.date(expiresAt)).render()
        return """
            <section class="hero hero--compact">
              <h1>\(text.linkTitle)</h1>
              <p>\(text.linkIntro)</p>
            </section>
            <section class="settings-card link-code" aria-labelledby="code-title">
              <h2 id="code-title" class="visually-hidden">\(text.yourCode)</h2>
              <p class="link-code__code" aria-label="\(text.codeLabel(code.grouped.map { String($0) }.joined(separator: " ")))">\(code.grouped)</p>
              <p class="link-code__url"><a href="\(url: link)">\(link)</a></p>
              <p class="hint">\(text.worksOnce(expiry))</p>
              <p><a class="button" href="\(SiteRoute.settings(notice: nil).path)">\(text.backToSettings)</a></p>
            </section>
            """
    }

    /// "Use the profile of this code here?" — a GET must not change anything, so a button confirms.
    package static func confirm(_ code: LinkCode, ownMarks: Int, strings: Strings) -> HTML {
        let text = strings.link
        let warning: HTML? =
            ownMarks > 0
            ? "<p class=\"hint\">\(text.ownMarksWarning(ownMarks, number: strings.number(ownMarks)))</p>"
            : nil
        return """
            <section class="hero hero--compact">
              <h1>\(text.confirmTitle)</h1>
              <p>\(text.confirmIntro("<strong>\(code.grouped)</strong>"))</p>
            </section>
            <form class="settings-card confirm" method="post" action="\(SiteRoute.link(code: nil).path)">
              <input type="hidden" name="code" value="\(code.rawValue)">
              \(warning)
              <button type="submit" class="button button--primary">\(text.useProfile)</button>
              <a class="button" href="\(SiteRoute.settings(notice: nil).path)">\(text.cancel)</a>
            </form>
            """
    }

    /// Entering a code, with what went wrong last time.
    package static func enter(typed: String?, error: String?, strings: Strings) -> HTML {
        let text = strings.link
        return """
            <section class="hero hero--compact">
              <h1>\(text.enterTitle)</h1>
              <p>\(text.enterIntro)</p>
            </section>
            \(error.map { HTML("<p class=\"notice notice--error\" role=\"alert\">\($0)</p>") })
            <form class="settings-card inline-form" method="get" action="\(SiteRoute.link(code: nil).path)">
              <label class="field"><span>\(text.code)</span>
                <input type="text" name="code" value="\(typed.map { String($0.prefix(64)) } ?? "")" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" placeholder="ABCD-EFGH-JKMN-PQRS" required></label>
              <button type="submit" class="button button--primary">\(text.continueButton)</button>
            </form>
            """
    }
}
