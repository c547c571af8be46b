import GiveawaysDomain
import Hummingbird

/// Gives every browser an anonymous profile and a CSRF token (random ids in HttpOnly, SameSite=Lax cookies),
/// and rejects state-changing requests that come from another site.
struct VisitorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    static let profileCookie = "gg_profile"
    static let csrfCookie = "gg_csrf"
    private static let twoYears = 2 * 365 * 24 * 3600

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let existingProfile = request.cookies[Self.profileCookie].flatMap { ProfileID(rawValue: $0.value) }
        let existingToken = request.cookies[Self.csrfCookie].flatMap { ProfileID(rawValue: $0.value)?.rawValue }
        let visitor = Visitor(
            profile: existingProfile ?? .random(), csrfToken: existingToken ?? ProfileID.random().rawValue)
        var context = context
        context.visitor = visitor

        if request.method == .post {
            try Self.checkSameSite(request)
        }
        var response = try await next(request, context)
        let secure = request.headers[.init("X-Forwarded-Proto")!]?.lowercased() == "https"
        if existingProfile == nil {
            response.setCookie(Self.cookie(Self.profileCookie, visitor.profile.rawValue, secure: secure))
        }
        if existingToken == nil {
            response.setCookie(Self.cookie(Self.csrfCookie, visitor.csrfToken, secure: secure))
        }
        return response
    }

    private static func cookie(_ name: String, _ value: String, secure: Bool) -> Cookie {
        Cookie(name: name, value: value, maxAge: twoYears, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// Browsers say where a request comes from (`Sec-Fetch-Site`, `Origin`); anything cross-site is refused.
    private static func checkSameSite(_ request: Request) throws {
        if let site = request.headers[.init("Sec-Fetch-Site")!], !["same-origin", "none"].contains(site.lowercased()) {
            throw HTTPError(.forbidden, message: "Cross-site requests cannot change your favorites.")
        }
        if let origin = request.headers[.origin], origin != "null" {
            let host = request.head.authority ?? ""
            let originHost = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first
            guard let originHost, originHost.lowercased() == host.lowercased() else {
                throw HTTPError(.forbidden, message: "Cross-site requests cannot change your favorites.")
            }
        } else if request.headers[.origin] == "null" {
            throw HTTPError(.forbidden, message: "Cross-site requests cannot change your favorites.")
        }
    }

    /// Checks the token a form sent against the visitor's cookie.
    static func verify(token: String?, for visitor: Visitor) throws {
        guard let token, token == visitor.csrfToken else {
            throw HTTPError(.forbidden, message: "This form has expired. Reload the page and try again.")
        }
    }
}
