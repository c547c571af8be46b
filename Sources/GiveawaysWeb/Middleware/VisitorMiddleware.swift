import GiveawaysDomain
import Hummingbird

/// Reads the browser's anonymous profile (a random id in an HttpOnly, SameSite=Lax cookie) and refuses
/// state-changing requests that come from another site.
///
/// Cross-site protection rests on two independent layers: browsers do not send a SameSite=Lax cookie with a
/// cross-site POST (so a forged heart could only ever land on a fresh, empty profile), and every POST must show
/// same-origin Fetch Metadata (`Sec-Fetch-Site`) or a matching `Origin`, which every current browser sends.
/// Pages therefore carry no per-visitor token, which keeps them identical for every visitor without favorites
/// and lets them be served from the rendered-page cache.
struct VisitorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    static let profileCookie = "gg_profile"
    private static let twoYears = 2 * 365 * 24 * 3600

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var context = context
        context.profile = request.cookies[Self.profileCookie].flatMap { ProfileID(rawValue: $0.value) }
        if request.method == .post {
            try Self.checkSameOrigin(request)
        }
        return try await next(request, context)
    }

    /// Whether the request carries a profile cookie at all (valid or not): such visitors may have marks, so
    /// their pages are never taken from the shared cache.
    static func mayHaveProfile(_ request: Request) -> Bool {
        guard let header = request.headers[.cookie] else { return false }
        return header.contains(profileCookie + "=")
    }

    /// The cookie that gives a browser its profile; set when it first hearts something.
    static func profileCookie(_ profile: ProfileID, request: Request) -> Cookie {
        let secure = request.headers[.init("X-Forwarded-Proto")!]?.lowercased() == "https"
        return Cookie(
            name: profileCookie, value: profile.rawValue, maxAge: twoYears, path: "/", secure: secure, httpOnly: true,
            sameSite: .lax)
    }

    private static let crossSite = HTTPError(.forbidden, message: "Cross-site requests cannot change your favorites.")

    static func checkSameOrigin(_ request: Request) throws {
        if let site = request.headers[.init("Sec-Fetch-Site")!]?.lowercased() {
            guard site == "same-origin" || site == "none" else { throw crossSite }
            return
        }
        guard let origin = request.headers[.origin] else {
            // Neither header: not a browser (curl, scripts). CSRF needs a victim's browser, so this is allowed.
            return
        }
        let host = (request.head.authority ?? "").lowercased()
        guard origin != "null", let url = URLComponentsLite(origin), url.hostAndPort == host else { throw crossSite }
    }
}

/// The `host[:port]` of an Origin header value such as `http://127.0.0.1:8080`.
private struct URLComponentsLite {
    let hostAndPort: String

    init?(_ origin: String) {
        guard let schemeEnd = origin.range(of: "://") else { return nil }
        let rest = origin[schemeEnd.upperBound...]
        guard !rest.isEmpty, !rest.contains("/") else { return nil }
        hostAndPort = rest.lowercased()
    }
}
