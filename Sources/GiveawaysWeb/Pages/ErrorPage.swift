/// The page for 400, 403, 404, 405 and 5xx answers.
struct ErrorPage {
    let code: Int
    let message: String

    var title: String {
        switch code {
        case 404: "Page not found · GameGiveaways"
        case 400: "Bad request · GameGiveaways"
        default: "\(code) · GameGiveaways"
        }
    }

    var heading: String {
        switch code {
        case 404: "We couldn't find that"
        case 400: "That filter doesn't exist"
        case 403: "Not allowed"
        case 405: "Not allowed here"
        case 502: "The game database did not answer"
        case 500...: "Something went wrong"
        default: "That didn't work"
        }
    }

    var body: HTML {
        """
        <section class="error-page">
          <p class="error-page__code">\(code)</p>
          <h1>\(heading)</h1>
          <p>\(message)</p>
          <p><a class="button" href="\(SiteRoute.home(HomeFilters()).path)">Back to all giveaways</a></p>
        </section>
        """
    }
}
