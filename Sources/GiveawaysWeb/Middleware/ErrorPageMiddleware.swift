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
            if let error = error as? BadRequest {
                status = .badRequest
                message = error.message
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
            let page = ErrorPage(code: status.code, message: message)
            var response = PageResponse.html(
                Layout(title: page.title, section: nil, content: page.body).render(), status: status)
            if status == .methodNotAllowed { response.headers[.allow] = "GET, HEAD, POST" }
            return response
        }
    }

    static func defaultMessage(_ status: HTTPResponse.Status) -> String {
        switch status.code {
        case 404: "There is no page at this address. The giveaway may have been removed, or the link is mistyped."
        case 400: "The request could not be understood."
        case 403: "This request is not allowed."
        case 405: "This address does not accept that kind of request."
        case 413: "The request is too large."
        default: "Something went wrong on our side. Please try again in a moment."
        }
    }
}
