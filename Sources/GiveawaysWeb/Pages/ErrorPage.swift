import Hummingbird

/// The page for 400, 403, 404 and 5xx answers.
struct ErrorPage {
    let status: HTTPResponse.Status
    let message: String

    var title: String {
        switch status.code {
        case 404: "Page not found · GameGiveaways"
        case 400: "Bad request · GameGiveaways"
        default: "\(status.code) · GameGiveaways"
        }
    }

    var heading: String {
        switch status.code {
        case 404: "We couldn't find that"
        case 400: "That filter doesn't exist"
        case 403: "Not allowed"
        case 500...: "Something went wrong"
        default: status.reasonPhrase
        }
    }

    var body: HTML {
        """
        <section class="error-page">
          <p class="error-page__code">\(status.code)</p>
          <h1>\(heading)</h1>
          <p>\(message)</p>
          <p><a class="button" href="/">Back to all giveaways</a></p>
        </section>
        """
    }
}
