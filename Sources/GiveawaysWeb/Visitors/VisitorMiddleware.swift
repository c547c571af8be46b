import GiveawaysDomain
import GiveawaysLocalization
import GiveawaysViews
import HTTPTypes
import Hummingbird

/// Reads the browser's anonymous profile (a signed id in an HttpOnly, SameSite=Lax cookie, see `ProfileCookies`)
/// and refuses state-changing requests that come from another site or to a name this server does not answer to.
///
/// Cross-site protection rests on independent layers: browsers do not send a SameSite=Lax cookie with a cross-site
/// POST (so a forged heart could only ever land on a fresh, empty profile); every POST must name an allowed host
/// (a DNS-rebinding page is same-origin with itself, so only the `Host` gives it away); and it must show
/// same-origin Fetch Metadata (`Sec-Fetch-Site`) and an `Origin` equal to the site's scheme, host and port, which
/// every current browser sends. Pages therefore carry no per-visitor token, which keeps them identical for every
/// visitor without favorites and lets them be served from the rendered-page cache.
struct VisitorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let cookies: ProfileCookies
    let site: SiteAddress
    /// Whether a bare id (an earlier release's cookie) holds data; only then is it that visitor's profile.
    let holdsData: @Sendable (ProfileID) async throws -> Bool

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var context = context
        context.profileCookies = cookies
        if request.method != .get && request.method != .head {
            try checkSameOrigin(request, strings: context.strings)
        }
        var upgrade: ProfileID?
        switch ProfileCookies.value(in: request).map(cookies.read) {
        case .signed(let profile): context.profile = profile
        case .unsigned(let profile):
            if try await holdsData(profile) {
                context.profile = profile
                upgrade = profile
            }
        case .invalid, nil: break
        }
        var response = try await next(request, context)
        // An earlier release's bare id that holds data: from now on the browser carries it signed.
        if let upgrade,
            !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(ProfileCookies.name + "=") })
        {
            response.setCookie(cookies.cookie(for: upgrade, request: request))
        }
        return response
    }

    private static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!

    func checkSameOrigin(_ request: Request, strings: Strings) throws {
        if let authority = SiteAddress.authority(of: request), !site.allows(authority: authority) {
            throw AppError(.forbidden) { $0.errors.wrongHost }
        }
        let crossSite = AppError(.forbidden) { $0.errors.crossSite }
        if let fetchSite = request.headers[Self.fetchSite]?.lowercased() {
            guard fetchSite == "same-origin" || fetchSite == "none" else { throw crossSite }
        }
        // Neither header: not a browser (curl, scripts). CSRF needs a victim's browser, so this is allowed.
        if let origin = request.headers[.origin] {
            guard site.accepts(origin: origin, request: request) else { throw crossSite }
        }
    }
}
