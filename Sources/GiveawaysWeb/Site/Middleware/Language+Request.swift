import GiveawaysHTTP
import GiveawaysLocalization
import GiveawaysViews
import Hummingbird

/// How a request says its language, and how the choice is remembered: the HTTP side of `Language`.
extension Language {
    /// The cookie that remembers the choice: named as the query parameter (`Language.parameter`).
    static let cookie = "lang"

    /// `?lang=` first, then the `lang` cookie, then `Accept-Language`, then English. Unknown values are ignored.
    init(request: Request) {
        if let value = Self.queryValue(request), let language = Language(tag: value) {
            self = language
        } else if let value = request.cookieValue(Self.cookie), let language = Language(tag: value) {
            self = language
        } else {
            self = Self.negotiate(request.headers[.acceptLanguage]) ?? .standard
        }
    }

    /// The language that `?lang=` asks for, if it names one we have.
    static func requested(by request: Request) -> Language? {
        queryValue(request).flatMap(Language.init(tag:))
    }

    private static func queryValue(_ request: Request) -> Substring? {
        // Most requests carry no query at all; skip the parse for them.
        guard request.uri.query?.contains(parameter + "=") == true else { return nil }
        return request.uri.queryParameters[Substring(parameter)]
    }

    // MARK: - Remembering the choice

    private static let oneYear = 365 * 24 * 3600

    /// The cookie that remembers a chosen language. It is not a profile: it carries nothing but `en` or `de`, and
    /// pages stay shared and cached for visitors who have it.
    func cookie(request: Request) -> Cookie {
        let secure = request.headers[.init("X-Forwarded-Proto")!]?.lowercased() == "https"
        return Cookie(
            name: Self.cookie, value: rawValue, maxAge: Self.oneYear, path: "/", secure: secure, httpOnly: true,
            sameSite: .lax)
    }

    /// The request's own address without `lang=`, for the footer's switch to come back to; Home for the answer to a
    /// form (a GET there would not find the page) and for the switch's own error page.
    static func returnPath(of request: Request) -> String {
        let path = request.uri.path
        guard request.method == .get || request.method == .head, path != SiteRoute.template(of: .language).description
        else { return "/" }
        guard let query = request.uri.query, !query.isEmpty else { return path }
        let kept = query.split(separator: "&").filter { !$0.hasPrefix(parameter + "=") && $0 != parameter }
        return kept.isEmpty ? path : path + "?" + kept.joined(separator: "&")
    }
}
