import GiveawaysViews
import Hummingbird
import Logging

/// One structured line per request, like Hummingbird's request logger, but with the secrets that can ride in a
/// URL left out: a personal feed's token (`/feeds/p/…`) and a one-time link code (`/link?code=…`). The query
/// string is never logged (searches are the visitor's business too).
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        context.logger.info(
            "Request",
            metadata: [
                "hb.request.method": "\(request.method.rawValue)",
                "hb.request.path": "\(Self.loggedPath(request.uri.path))",
            ])
        return try await next(request, context)
    }

    /// `/feeds/p/`: what comes after it is a secret.
    private static let personalFeedPrefix = SiteRoute.template(of: .personalFeed).fixedPrefix

    /// The path as logged: a personal feed's token becomes `…`.
    static func loggedPath(_ path: String) -> String {
        let prefix = Self.personalFeedPrefix
        guard path.hasPrefix(prefix) else { return path }
        let file = path.dropFirst(prefix.count)
        let format = file.lastIndex(of: ".").map { String(file[$0...]) } ?? ""
        return prefix + "…" + format.prefix(8)
    }
}
