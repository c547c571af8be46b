import GiveawaysDomain
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
            var badRequest: BadRequest?
            // Headers an error brings (a 429's Retry-After), kept on whichever page answers it.
            var extraHeaders: HTTPFields = [:]
            // The generated API server wraps what the handlers throw; the app's own errors inside keep their meaning.
            let inner = (error as? ServerError)?.underlyingError
            var error = inner.flatMap { $0 is BadRequest || $0 is HTTPError ? $0 : nil } ?? error
            // A profile limit reached in the store, whichever route wrote: a 400 that says which limit.
            if let full = error as? ProfileFull { error = BadRequest(full) }
            if let error = error as? ServerError {
                (status, message) = Self.describe(error)
                if status == .internalServerError {
                    // Not the whole ServerError: its description carries the request's headers, the profile cookie
                    // among them.
                    context.logger.error(
                        "API request failed",
                        metadata: [
                            "operation": "\(error.operationID)", "error": "\(error.underlyingError)",
                            "path": "\(request.uri.path)",
                        ])
                }
            } else if let error = error as? BadRequest {
                status = .badRequest
                message = error.message
                badRequest = error
            } else if let error = error as? HTTPError {
                status = error.status
                message = error.body ?? Self.defaultMessage(status)
                extraHeaders = error.headers
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
                response.headers.append(contentsOf: extraHeaders)
                return response
            }
            // The API's messages stay English; a page says the general ones in its own language.
            let strings = context.strings
            let shown = badRequest?.message(in: strings) ?? Self.localized(message, status: status, strings)
            let page = ErrorPage(code: status.code, message: shown, strings: strings)
            var response = PageResponse.html(
                Layout(request, context, title: page.title, section: nil, content: page.body).render(), status: status)
            if status == .methodNotAllowed { response.headers[.allow] = "GET, HEAD, POST" }
            response.headers.append(contentsOf: extraHeaders)
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
