import Hummingbird
import Logging

/// Turns every thrown error into a proper page: an HTML error page for the site, JSON under `/api`.
/// Unexpected errors are logged and shown as a 500 without internals.
struct ErrorPageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            let status: HTTPResponse.Status
            let message: String
            var badRequest: BadRequest?
            if let error = error as? BadRequest {
                status = .badRequest
                message = error.message
                badRequest = error
            } else if let error = error as? HTTPError {
                status = error.status
                message = error.body ?? Self.defaultMessage(status)
            } else if let error = error as? any HTTPResponseError {
                status = error.status
                message = Self.defaultMessage(status)
            } else {
                context.logger.error("request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
                status = .internalServerError
                message = Self.defaultMessage(status)
            }
            if request.uri.path.hasPrefix("/api/") {
                return JSONResponse.error(status: status, message: message)
            }
            // The API's messages stay English; a page says the general ones in its own language.
            let strings = context.strings
            let shown = badRequest?.message(in: strings) ?? Self.localized(message, status: status, strings)
            let page = ErrorPage(code: status.code, message: shown, strings: strings)
            var response = PageResponse.html(
                Layout(request, context, title: page.title, section: nil, content: page.body).render(), status: status)
            if status == .methodNotAllowed { response.headers[.allow] = "GET, HEAD, POST" }
            return response
        }
    }

    /// The general messages in the page's language; a specific one (which filter was wrong) as it was thrown.
    static func localized(_ message: String, status: HTTPResponse.Status, _ strings: Strings) -> String {
        if message == defaultMessage(status) { return defaultMessage(status, strings) }
        if message == Strings.en.error.noPage { return strings.error.noPage }
        return message
    }

    static func defaultMessage(_ status: HTTPResponse.Status, _ strings: Strings = .en) -> String {
        let text = strings.error
        return switch status.code {
        case 404: text.notFoundMessage
        case 400: text.badRequestMessage
        case 403: text.forbiddenMessage
        case 405: text.methodMessage
        case 413: text.tooLargeMessage
        default: text.serverMessage
        }
    }
}
