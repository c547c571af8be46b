import GiveawaysDomain
import GiveawaysLocalization
import GiveawaysViews
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
            // Every error comes to one message from the catalogue (English for the API, the page's language on
            // pages), with the headers it brings (a 429's Retry-After).
            let answer: AppError
            // The generated API server wraps what the handlers throw; the app's own errors inside keep their meaning.
            let inner = (error as? ServerError)?.underlyingError
            let error =
                inner.flatMap {
                    $0 is AppError || $0 is HTTPError || $0 is ProfileFull || $0 is any StoreFailure ? $0 : nil
                } ?? error
            switch error {
            case let error as AppError:
                answer = error
            case let error as any StoreFailure where error.isTemporary:
                // The store is down for now: say so and that nothing was written, never a 500 (the pages that need
                // no store keep answering from the read model).
                let isWrite = request.method != .get && request.method != .head
                context.logger.warning("database unreachable", metadata: ["path": "\(request.uri.path)"])
                answer = AppError(.serviceUnavailable) {
                    isWrite ? $0.errors.databaseUnreachable : $0.errors.databaseUnreachableRead
                }
            case let full as ProfileFull:
                // A profile limit reached in the store, whichever route wrote: a 400 that says which limit.
                answer = BadRequest(full)
            case let error as ServerError:
                answer = Self.describe(error)
                if answer.status == .internalServerError {
                    // Not the whole ServerError: its description carries the request's headers, the profile cookie
                    // among them.
                    context.logger.error(
                        "API request failed",
                        metadata: [
                            "operation": "\(error.operationID)", "error": "\(error.underlyingError)",
                            "path": "\(request.uri.path)",
                        ])
                }
            case let error as any HTTPResponseError:
                // The framework's own (no route, a body past its limit): the general message of its status.
                answer = Self.general(error.status, headers: (error as? HTTPError)?.headers ?? [:])
            default:
                context.logger.error("request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
                answer = Self.general(.internalServerError)
            }
            if request.uri.path.hasPrefix("/api/") {
                let isOtherMethod = request.method != .get && request.method != .head
                if answer.status == .notFound, isOtherMethod, SiteRoute.isAPIResource(request.uri.path) {
                    let method = request.method.rawValue
                    var response = JSONResponse.error(
                        status: .methodNotAllowed, message: Strings.en.errors.apiMethodNotAllowed(method))
                    response.headers[.allow] = "GET, HEAD"
                    return response
                }
                var response = JSONResponse.error(status: answer.status, message: answer.message)
                response.headers.append(contentsOf: answer.headers)
                return response
            }
            let strings = context.strings
            let page = ErrorPage(code: answer.status.code, message: answer.message(in: strings), strings: strings)
            var response = PageResponse.html(
                Layout(request, context, title: page.title, section: nil, content: page.body).render(),
                status: answer.status)
            if answer.status == .methodNotAllowed { response.headers[.allow] = "GET, HEAD, POST" }
            response.headers.append(contentsOf: answer.headers)
            return response
        }
    }

    /// What the generated API server could not do. A request it could not turn into an operation's input (a
    /// parameter of the wrong type) or whose `Accept` excludes JSON is the client's mistake; anything else is ours.
    static func describe(_ error: ServerError) -> AppError {
        if error.httpStatus == .notAcceptable {
            return AppError(.notAcceptable) { $0.errors.onlyJSON }
        }
        guard error.operationInput == nil, error.operationOutput == nil else {
            return general(.internalServerError)
        }
        if let id = error.requestMetadata.pathParameters["id"] {
            let shown = String(id.prefix(60))
            return BadRequest { $0.errors.badID(shown) }
        }
        return BadRequest { $0.errors.badParameterType }
    }

    /// The general message of a status, for errors that bring none of their own.
    static func general(_ status: HTTPResponse.Status, headers: HTTPFields = [:]) -> AppError {
        AppError(status, headers: headers) { strings in
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
}
