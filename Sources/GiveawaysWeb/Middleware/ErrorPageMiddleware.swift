import Hummingbird
import Logging
import OpenAPIRuntime

/// Turns every thrown error into a proper page: an HTML error page for the site, JSON under `/api/`.
/// Unexpected errors are logged and shown as a 500 without internals. API paths answer methods they do not take
/// with 405 and `Allow: GET, HEAD`, not 404.
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
            var status: HTTPResponse.Status
            var message: String
            // The generated API server wraps what the handlers throw; the app's own errors inside keep their meaning.
            let inner = (error as? ServerError)?.underlyingError
            let error = inner.flatMap { $0 is BadRequest || $0 is HTTPError ? $0 : nil } ?? error
            if let error = error as? ServerError {
                (status, message) = Self.describe(error)
                if status == .internalServerError {
                    context.logger.error(
                        "API request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
                }
            } else if let error = error as? BadRequest {
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
                let isOtherMethod = request.method != .get && request.method != .head
                if status == .notFound, isOtherMethod, SiteRoute.isAPIResource(request.uri.path) {
                    status = .methodNotAllowed
                    message = "\(request.method) is not allowed here: this address takes GET and HEAD."
                }
                var response = JSONResponse.error(status: status, message: message)
                if status == .methodNotAllowed { response.headers[.allow] = "GET, HEAD" }
                return response
            }
            let page = ErrorPage(code: status.code, message: message)
            var response = PageResponse.html(
                Layout(title: page.title, section: nil, content: page.body).render(), status: status)
            if status == .methodNotAllowed { response.headers[.allow] = "GET, HEAD, POST" }
            return response
        }
    }

    /// What the generated API server could not do. A request it could not turn into an operation's input (a
    /// parameter of the wrong type) or whose `Accept` excludes JSON is the client's mistake; anything else is ours.
    static func describe(_ error: ServerError) -> (HTTPResponse.Status, String) {
        if error.httpStatus == .notAcceptable {
            return (
                .notAcceptable, "This address answers with application/json only; the request's Accept excludes it."
            )
        }
        guard error.operationInput == nil, error.operationOutput == nil else {
            return (.internalServerError, defaultMessage(.internalServerError))
        }
        if let id = error.requestMetadata.pathParameters["id"] {
            return (.badRequest, "The id must be a positive whole number, not “\(id.prefix(60))”.")
        }
        return (.badRequest, "A parameter does not have the type that /api/openapi.yaml gives it.")
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
