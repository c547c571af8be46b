import Foundation

/// One line of the route table: a path template, the kind of route it names, and how that route is read from and
/// written into it. Both directions sit side by side, so a route's path is never written anywhere else.
package struct RouteDeclaration: Sendable {
    /// Who answers the path.
    package enum Kind: Sendable {
        /// A handler registered through `SiteRouter`.
        case page
        /// The server generated from `openapi.yaml`: the template is one of its paths.
        case api
        /// A resource of the API outside the generated server: the document itself, and the live stream (a
        /// Server-Sent Events answer the generated server would buffer).
        case apiFile
    }

    /// Throws only `BadRequest` (closures do not spell their error type, so `route(path:query:platformSlugs:)` says it).
    package typealias Parse = @Sendable (RouteInput) throws -> SiteRoute?
    package typealias Print = @Sendable (SiteRoute) -> RouteValues?

    package let name: SiteRoute.Name
    package let template: RouteTemplate
    package let kind: Kind
    /// Whether the parser checks `platform=` against the platforms in the data, which `SiteRouter` then reads.
    package let readsPlatforms: Bool
    /// The route for a path of this template (`nil` for a parameter it refuses, such as an id that is not a
    /// positive number); bad query values throw `BadRequest`.
    package let parse: Parse
    /// The template's parameter values and the query for a route of this declaration, `nil` for any other route.
    package let print: Print

    package init(
        _ name: SiteRoute.Name, _ template: RouteTemplate, _ kind: Kind = .page, readsPlatforms: Bool = false,
        parse: @escaping Parse, print: @escaping Print
    ) {
        self.name = name
        self.template = template
        self.kind = kind
        self.readsPlatforms = readsPlatforms
        self.parse = parse
        self.print = print
    }

    /// A route without values: its one path, nothing to parse.
    package init(_ route: SiteRoute, _ template: RouteTemplate, _ kind: Kind = .page) {
        self.init(route.name, template, kind, parse: { _ in route }, print: { $0 == route ? [:] : nil })
    }

    /// The route for `path` (which must match the template) and its query.
    package func route(
        path: some StringProtocol, query: [String: String], platformSlugs: Set<String>
    ) throws(BadRequest)
        -> SiteRoute?
    {
        guard let parameters = template.match(path) else { return nil }
        do {
            return try parse(RouteInput(parameters: parameters, query: query, platformSlugs: platformSlugs))
        } catch let error as BadRequest {
            throw error
        } catch {
            preconditionFailure("a route parser threw something else than BadRequest: \(error)")
        }
    }
}

/// What a declaration's parser reads: the template's parameters (raw, as in the request), the decoded query, and
/// the platforms in the data (only for declarations that read them).
package struct RouteInput {
    package let parameters: [String: Substring]
    package let query: [String: String]
    package let platformSlugs: Set<String>

    /// A parameter's raw text.
    package subscript(_ name: String) -> String { parameters[name].map(String.init) ?? "" }

    /// A positive id, or `nil`.
    package func id(_ name: String) -> Int? { SiteRoute.id(self[name]) }
}

/// What a declaration's printer gives: the template's parameter values (percent-encoded where needed) and the
/// query. Written as a dictionary literal for the parameters alone.
package struct RouteValues: ExpressibleByDictionaryLiteral {
    package var parameters: [String: String] = [:]
    package var query: [URLQueryItem] = []

    package init(_ parameters: [String: String] = [:], query: [URLQueryItem] = []) {
        self.parameters = parameters
        self.query = query
    }

    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(uniqueKeysWithValues: elements))
    }

    /// Parameters and `page=N` past the first page.
    package init(_ parameters: [String: String], page: Int) {
        self.init(parameters, query: Self.page(page).query)
    }

    /// Only a query: `name=value` for each value that is there, in this order.
    package static func query(_ items: KeyValuePairs<String, String?>) -> RouteValues {
        RouteValues(query: items.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } })
    }

    /// `page=N` past the first page.
    package static func page(_ page: Int) -> RouteValues {
        .query(["page": page > 1 ? "\(page)" : nil])
    }
}
