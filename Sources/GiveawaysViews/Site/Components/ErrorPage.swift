import GiveawaysHTML
import GiveawaysLocalization

/// The page for 400, 403, 404, 405 and 5xx answers.
package struct ErrorPage {
    package let code: Int
    package let message: String
    package let strings: Strings

    package init(code: Int, message: String, strings: Strings) {
        self.code = code
        self.message = message
        self.strings = strings
    }

    package var title: String {
        switch code {
        case 404: strings.pageTitle(strings.error.notFoundTitle)
        case 400: strings.pageTitle(strings.error.badRequestTitle)
        default: strings.pageTitle("\(code)")
        }
    }

    package var heading: String {
        let text = strings.error
        return switch code {
        case 404: text.notFoundHeading
        case 400: text.badRequestHeading
        case 403: text.forbiddenHeading
        case 405: text.methodHeading
        case 502: text.badGatewayHeading
        case 500...: text.serverHeading
        default: text.otherHeading
        }
    }

    package var body: HTML {
        """
        <section class="error-page">
          <p class="error-page__code">\(code)</p>
          <h1>\(heading)</h1>
          <p>\(message)</p>
          <p><a class="button" href="\(SiteRoute.homePath)">\(strings.error.backToGiveaways)</a></p>
        </section>
        """
    }
}
