import Foundation
import GiveawaysAPI
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysViews
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime

/// The JSON API under `/api/v1`: the server generated from `openapi.yaml` calls these handlers, which read the read
/// model only. The document itself is served at `/api/openapi.yaml` and explained to people at `/api`.
struct APIRoutes: APIProtocol {
    let readModel: ReadModel
    let marks: any MarkRepository
    /// The public origin and allowed names, for the curl lines of `/api`.
    let site: SiteAddress
    let clock: @Sendable () -> Date
    /// Nearby's sources; `nil` answers 503 (not set up).
    var nearby: NearbyServices? = nil
    /// RAWG (Games); `nil` without a key answers 503.
    var games: (any DiscoverSource)? = nil
    /// What visitors own; `nil` answers every visitor an empty library.
    var library: (any LibraryRepository)? = nil

    func register(on router: Router<AppRequestContext>) {
        // Compact JSON with sorted keys and plain slashes, as the API wrote it before the spec existed.
        let configuration = Configuration(jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes])
        let routes = SiteRouter(router)
        do {
            try routes.openAPI {
                try registerHandlers(on: $0.group().add(middleware: APIRequestScope()), configuration: configuration)
            }
        } catch {
            preconditionFailure("the API's handlers could not be registered: \(error)")
        }
        routes.get(.apiDocument, use: document)
        routes.get(.apiReference, use: reference)
    }

    // MARK: - /api/v1

    /// `GET /api/v1/giveaways` — the filtered list, with Home's filters (and their 400s).
    func listGiveaways(_ input: Operations.ListGiveaways.Input) async throws -> Operations.ListGiveaways.Output {
        let snapshot = try await readModel.snapshot()
        let query = input.query
        let parameters = [
            "platform": query.platform, "type": query._type, "sort": query.sort, "q": query.q,
            "ending": query.ending,
        ].compactMapValues { $0 }
        var filters: HomeFilters
        do {
            filters = try HomeFilters(parameters: parameters, platformSlugs: snapshot.platformSlugs)
            filters.query.includeExpired = try Self.flag(query.includeExpired)
        } catch {
            return .badRequest(.init(body: .json(Self.error(error.message, status: 400))))
        }
        let now = clock()
        let items: [Giveaway]
        if query.status == .upcoming {
            items = snapshot.upcoming(at: now, filters: filters)
        } else {
            // The API has no visitor: `ending=24h` is everything ending within a day.
            items = HomeSelection(filters: filters, snapshot: snapshot, visitor: .anonymous, now: now).giveaways
        }
        return .ok(
            .init(
                headers: .init(cacheControl: Self.cacheControl),
                body: .json(items.map { GiveawayJSON(giveaway: $0, now: now, isDemo: snapshot.isDemoData) })))
    }

    /// `GET /api/v1/giveaways/{id}` — one giveaway with its history, also after it left the feed.
    func getGiveaway(_ input: Operations.GetGiveaway.Input) async throws -> Operations.GetGiveaway.Output {
        let snapshot = try await readModel.snapshot()
        guard let id = Int(exactly: input.path.id), let stored = snapshot.stored[id] else {
            return .notFound(.init(body: .json(Self.error("No giveaway with that id.", status: 404))))
        }
        return .ok(
            .init(
                headers: .init(cacheControl: Self.cacheControl),
                body: .json(GiveawayDetailJSON(stored: stored, now: clock()))))
    }

    /// `GET /api/v1/platforms` — every platform with its live giveaway count.
    func listPlatforms(_ input: Operations.ListPlatforms.Input) async throws -> Operations.ListPlatforms.Output {
        let platforms = try await readModel.snapshot().platformCounts(at: clock()).map {
            Components.Schemas.PlatformCount(
                slug: $0.platform.slug, name: $0.platform.displayName, known: $0.platform.isKnown, count: $0.count)
        }
        return .ok(.init(headers: .init(cacheControl: Self.cacheControl), body: .json(platforms)))
    }

    /// `GET /api/v1/status` — each source's sync health, plus the giveaway feed's summary at the top level.
    func getStatus(_ input: Operations.GetStatus.Input) async throws -> Operations.GetStatus.Output {
        let snapshot = try await readModel.snapshot()
        return .ok(
            .init(
                headers: .init(cacheControl: Self.cacheControl),
                body: .json(StatusJSON(health: readModel.health(snapshot)))))
    }

    /// `GET /api/v1/free-to-play?genre=&platform=&sort=&q=` — the catalog with the Free-to-play page's filters (and
    /// its 400s), without the visitor's hidden games.
    func listCatalogGames(_ input: Operations.ListCatalogGames.Input) async throws -> Operations.ListCatalogGames.Output
    {
        let snapshot = try await readModel.snapshot()
        let given = input.query
        let parameters = [
            "genre": given.genre, "platform": given.platform?.rawValue, "sort": given.sort?.rawValue, "q": given.q,
        ].compactMapValues { $0 }
        // A genre the catalog does not hold lists nothing (the page says which genres there are; the list is data).
        let filters: CatalogFilters
        do throws(BadRequest) {
            filters = try CatalogFilters(parameters: parameters)
        } catch {
            return .badRequest(.init(body: .json(Self.error(error.message, status: 400))))
        }
        var hidden = Set<Int>()
        if let profile = APIRequest.current?.profile {
            hidden = Set(try await marks.marks(of: profile).ids(.hidden, of: .game))
        }
        let games = filters.apply(to: snapshot.catalog, hidden: hidden).map {
            CatalogCardJSON($0, url: SiteRoute.catalogGame(id: $0.id).path)
        }
        return .ok(.init(headers: .init(cacheControl: Self.cacheControl), body: .json(games)))
    }

    /// `GET /api/v1/me/library` — the games the browser's own visitor owns, and their Steam link; nobody else's.
    func getMyLibrary(_ input: Operations.GetMyLibrary.Input) async throws -> Operations.GetMyLibrary.Output {
        var owned = OwnedLibrary.empty
        if let library, let profile = APIRequest.current?.profile { owned = try await library.library(of: profile) }
        // One visitor's answer: kept by no shared cache.
        return .ok(.init(headers: .init(cacheControl: "private"), body: .json(LibraryJSON(owned))))
    }

    /// `GET /api/v1/free-to-play/suggestions?q=` — up to 5 game titles for the search box, without hidden games.
    func suggestCatalogTitles(
        _ input: Operations.SuggestCatalogTitles.Input
    ) async throws -> Operations.SuggestCatalogTitles.Output {
        let query: String
        do {
            query = try BadRequest.search(input.query.q)
        } catch {
            return .badRequest(.init(body: .json(Self.error(error.message, status: 400))))
        }
        var titles: [Components.Schemas.CatalogSuggestion] = []
        if !query.isEmpty {
            let catalog = try await readModel.snapshot().catalog
            var visitor = VisitorMarks.none
            if let profile = APIRequest.current?.profile { visitor = try await marks.marks(of: profile) }
            var filters = CatalogFilters()
            filters.search = query
            titles = filters.apply(to: catalog, hidden: Set(visitor.ids(.hidden, of: .game))).prefix(5).map {
                .init(id: Int64($0.id), title: $0.game.title)
            }
        }
        return .ok(.init(headers: .init(cacheControl: Self.cacheControl), body: .json(titles)))
    }

    // MARK: - The document

    /// `GET /api/openapi.yaml` — the OpenAPI document the server was generated from, its lists of sources from the
    /// registry (`APIDocument`).
    @Sendable func document(request: Request, context: AppRequestContext) async throws -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/yaml; charset=utf-8", .cacheControl: Self.cacheControl],
            body: .init(byteBuffer: ByteBuffer(bytes: APIDocument.yaml)))
    }

    /// `GET /api` — the API explained to people, with an example request and answer per endpoint.
    @Sendable func reference(request: Request, context: AppRequestContext) async throws -> Response {
        let page = APIPage(model: .init(origin: site.linkBase(for: request).origin))
        // Reference for developers, in English like the API itself; the shell around it speaks the page's language.
        return PageResponse.html(
            Layout(
                request, context, title: "JSON API · GameGiveaways", section: nil,
                content: "<div lang=\"en\">\(page.render())</div>",
                description: "The GameGiveaways JSON API: endpoints, parameters, examples and the OpenAPI document."
            ).render())
    }

    // MARK: - Helpers

    static let cacheControl = "no-cache"

    static func error(_ message: String, status: Int) -> Components.Schemas._Error {
        .init(error: message, status: status)
    }

    /// `include_expired`: `true`/`1` lists ended giveaways too; `false`/`0`/empty do not; anything else is refused.
    static func flag(_ text: String?) throws(BadRequest) -> Bool {
        switch text?.lowercased() {
        case nil, "", "0", "false": return false
        case "1", "true": return true
        case let other?:
            throw BadRequest { $0.errors.badIncludeExpired(String(other.prefix(60))) }
        }
    }

    /// Binds what the generated handlers may know of the request (`APIRequest`) for the request's duration.
    struct APIRequestScope: RouterMiddleware {
        typealias Context = AppRequestContext

        func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            let scope = APIRequest(
                profile: context.profile, nearbySearches: context.nearbySearches, rawgShare: context.rawgShare)
            return try await APIRequest.$current.withValue(scope) { try await next(request, context) }
        }
    }
}

/// What the API's generated handlers know of the request they answer, which they are not handed: the visitor's
/// profile (from `VisitorMiddleware`), the client's share of Nearby's searches (`NearbyLimitMiddleware`) and of
/// RAWG's allowance (`RAWGShareMiddleware`). Pages
/// read both from the request's context; only these handlers need the task-local, and it holds one immutable
/// reference (a task-local holding an optional closure crashed the optimised build on Nearby: issue 41; CI runs
/// every route against the release build, `scripts/release-routes`).
final class APIRequest: Sendable {
    let profile: ProfileID?
    let nearbySearches: NearbySearchShare?
    /// The client's share of RAWG's allowance (`RAWGShareMiddleware`).
    let rawgShare: UpstreamShare?

    init(profile: ProfileID?, nearbySearches: NearbySearchShare?, rawgShare: UpstreamShare? = nil) {
        self.profile = profile
        self.nearbySearches = nearbySearches
        self.rawgShare = rawgShare
    }

    @TaskLocal static var current: APIRequest?
}
