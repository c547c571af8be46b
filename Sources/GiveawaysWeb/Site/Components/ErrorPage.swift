import GiveawaysHTML
import GiveawaysLocalization

/// The page for 400, 403, 404, 405 and 5xx answers.
struct ErrorPage {
    let code: Int
    let message: String
    let strings: Strings

    var title: String {
        switch code {
        case 404: strings.pageTitle(strings.error.notFoundTitle)
        case 400: strings.pageTitle(strings.error.badRequestTitle)
        default: strings.pageTitle("\(code)")
        }
    }

    var heading: String {
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

    var body: HTML {
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
