import GiveawaysHTTP
import GiveawaysLocalization
import Hummingbird

/// Chooses the language of each request (`?lang=`, then the `lang` cookie, then `Accept-Language`) for the pages
/// and error pages below it, says it in `Content-Language`, and remembers an explicit `?lang=` in the cookie — a
/// preference only: no profile is created, and the pages stay shared and cached.
struct LanguageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var context = context
        let language = Language(request: request)
        context.language = language
        var response = try await next(request, context)
        if response.headers[.contentType]?.hasPrefix("text/html") == true {
            response.headers[.contentLanguage] = language.rawValue
        }
        if let requested = Language.requested(by: request),
            request.cookieValue(Language.cookie) != requested.rawValue
        {
            response.setCookie(requested.cookie(request: request))
        }
        return response
    }
}
