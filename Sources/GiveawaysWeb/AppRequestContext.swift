import GiveawaysDomain
import Hummingbird

/// The request context: Hummingbird's core storage plus the visitor, set by `VisitorMiddleware`.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The anonymous visitor behind the request; `nil` only before `VisitorMiddleware` ran.
    var visitor: Visitor?

    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// The visitor, which the middleware always sets for routed requests.
    func requireVisitor() throws -> Visitor {
        guard let visitor else { throw HTTPError(.internalServerError, message: "visitor middleware missing") }
        return visitor
    }
}

/// An anonymous browser: its profile (whose favorites it sees) and the token its forms must carry.
struct Visitor: Sendable {
    let profile: ProfileID
    /// Random per browser, kept in a cookie and echoed in every form: a cross-site page can read neither.
    let csrfToken: String
}
