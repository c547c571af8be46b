import GiveawaysViews
import Hummingbird

/// The one way routes reach Hummingbird's router: a handler is registered on a kind of route, under the patterns
/// the route table gives it, and receives its route parsed once (from the line the router matched); no handler
/// reads the path or parses it again. Each feature makes one over the app's router.
struct SiteRouter {
    typealias Handler = @Sendable (Request, AppRequestContext, SiteRoute) async throws -> Response
    typealias Unmatched = @Sendable (Request, AppRequestContext) throws -> Response

    private let router: Router<AppRequestContext>
    /// The platforms `platform=` may name, read only for the lines that check it.
    private let platformSlugs: @Sendable () async throws -> Set<String>
    /// The answer for a path of the right shape that the table refuses (an id that is not a positive number).
    private let unmatched: Unmatched

    init(
        _ router: Router<AppRequestContext>, platformSlugs: @escaping @Sendable () async throws -> Set<String> = { [] },
        unmatched: @escaping Unmatched = { _, _ in throw PageRoutes.notFound }
    ) {
        self.router = router
        self.platformSlugs = platformSlugs
        self.unmatched = unmatched
    }

    /// Answers `GET` (and `HEAD`) on every path of `name`.
    func get(_ name: SiteRoute.Name, unmatched: Unmatched? = nil, use handler: @escaping Handler) {
        on(name, method: .get, unmatched: unmatched, use: handler)
    }

    /// Answers `POST` on every path of `name`.
    func post(_ name: SiteRoute.Name, unmatched: Unmatched? = nil, use handler: @escaping Handler) {
        on(name, method: .post, unmatched: unmatched, use: handler)
    }

    /// Answers `GET` (and `HEAD`) on every path of `name`, for a handler that needs no value from the route.
    func get(
        _ name: SiteRoute.Name, use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> Response
    ) {
        on(name, method: .get, unmatched: nil) { request, context, _ in try await handler(request, context) }
    }

    /// Answers `POST` on every path of `name`, for a handler that needs no value from the route.
    func post(
        _ name: SiteRoute.Name, use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> Response
    ) {
        on(name, method: .post, unmatched: nil) { request, context, _ in try await handler(request, context) }
    }

    func on(_ name: SiteRoute.Name, method: HTTPRequest.Method, unmatched: Unmatched?, use handler: @escaping Handler) {
        let unmatched = unmatched ?? self.unmatched
        for line in SiteRoute.declarations(of: name) {
            precondition(line.kind != .api, "\(line.template) is answered by the server generated from openapi.yaml")
            router.on(.init(line.template.routerPattern), method: method) {
                [platformSlugs] request, context -> Response in
                let slugs = line.readsPlatforms ? try await platformSlugs() : []
                let query = FormBody.queryParameters(of: request)
                guard let route = try line.route(path: request.uri.path, query: query, platformSlugs: slugs) else {
                    return try unmatched(request, context)
                }
                return try await handler(request, context, route)
            }
        }
    }

    /// Registers the server generated from `openapi.yaml` (`register` gets the app's router), and checks that it
    /// answers exactly the table's API lines.
    func openAPI(_ register: (Router<AppRequestContext>) throws -> Void) rethrows {
        let before = Set(router.routes.map(\.path.description))
        try register(router)
        let added = Set(router.routes.map(\.path.description)).subtracting(before)
        let declared = Set(SiteRoute.table.filter { $0.kind == .api }.map(\.template.routerPattern))
        assert(
            added == declared, "the generated API serves \(added.sorted()), the route table names \(declared.sorted())")
    }
}
