import Foundation
import Hummingbird

/// The languages the pages are written in. The JSON API, the feeds' machine fields, the CLI and the logs stay
/// English; everything a person reads on a page comes from the language's `Strings`.
enum Language: String, CaseIterable, Hashable, Sendable {
    case en, de

    /// The fallback when nothing the browser says matches.
    static let standard = Language.en

    /// Every text of the pages in this language.
    var strings: Strings {
        switch self {
        case .en: .en
        case .de: .de
        }
    }

    /// A `lang` value from a query string or cookie (`de`, `DE`, `de-AT`); `nil` for anything else.
    init?(tag: some StringProtocol) {
        let primary = tag.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let language = Language(rawValue: primary.lowercased()) else { return nil }
        self = language
    }

    // MARK: - Choosing the language of a request

    /// The query parameter that overrides everything else, and is remembered in the cookie of the same name.
    static let parameter = "lang"
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

    /// The best of our languages for an `Accept-Language` header (`de-AT,de;q=0.9,en;q=0.5`): highest q-value
    /// first, the earlier entry on a tie; `*` means any (English); `q=0` means "not this". A malformed entry is
    /// skipped, never fatal.
    static func negotiate(_ header: String?) -> Language? {
        guard let header, !header.isEmpty else { return nil }
        var best: (language: Language, quality: Double)?
        // A header with hundreds of entries is junk; the first few decide.
        for entry in header.split(separator: ",").prefix(20) {
            let parts = entry.split(separator: ";")
            guard let tag = parts.first?.trimmingCharacters(in: .whitespaces), !tag.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingCharacters(in: .whitespaces)
                guard pair.hasPrefix("q=") || pair.hasPrefix("Q=") else { continue }
                guard let value = Double(pair.dropFirst(2)), (0...1).contains(value) else {
                    quality = 0
                    break
                }
                quality = value
            }
            let language = tag == "*" ? Language.standard : Language(tag: tag)
            guard let language, quality > 0 else { continue }
            if quality > (best?.quality ?? 0) { best = (language, quality) }
        }
        return best?.language
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
