import Foundation

extension SiteRoute {
    /// The table's lines for each kind of route (one, or one per file or list), for printing.
    private static let declarations: [Name: [RouteDeclaration]] = Dictionary(grouping: table, by: \.name)

    /// The lines answered by the API rather than by pages.
    private static let apiTemplates = table.filter { $0.kind != .page }.map(\.template)

    /// The table's lines for `name`.
    package static func declarations(of name: Name) -> [RouteDeclaration] {
        declarations[name] ?? []
    }

    /// The path template of `name`, for the kinds that have one path.
    package static func template(of name: Name) -> RouteTemplate {
        declarations(of: name)[0].template
    }

    // MARK: - Printing

    /// Home without filters: linked from most pages, printed once.
    package static let homePath = SiteRoute.home(HomeFilters()).path

    /// The path (and query) of this route, percent-encoded.
    package var path: String {
        for declaration in Self.declarations(of: name) {
            if let values = declaration.print(self) {
                return Self.withQuery(declaration.template.path(values.parameters), values.query)
            }
        }
        preconditionFailure("the route table has no line that prints \(self)")
    }

    private static func withQuery(_ path: String, _ items: [URLQueryItem]) -> String {
        guard !items.isEmpty else { return path }
        var components = URLComponents()
        components.queryItems = items
        // `+` means a space in a query string; a literal plus must be encoded.
        let query = components.percentEncodedQuery ?? ""
        guard query.utf8.contains(UInt8(ascii: "+")) else { return path + "?" + query }
        return path + "?" + query.replacingOccurrences(of: "+", with: "%2B")
    }

    /// `path` if it stays on this site (a path, not `//host` or `\\host`, no control characters); else `nil`.
    package static func safeReturnPath(_ path: String?) -> String? {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"),
            path.count < 600, !path.unicodeScalars.contains(where: { $0.value < 0x20 })
        else { return nil }
        return path
    }

    // MARK: - Parsing

    /// The route for a request path and its (decoded) query parameters, read with the table alone (the server's
    /// router picks the line itself; see `SiteRouter`); `nil` when no route has this path, or an id is not a
    /// positive number. Bad filter values throw `BadRequest`.
    package init?(path: String, query: [String: String] = [:], platformSlugs: Set<String> = []) throws(BadRequest) {
        // Fixed text before a parameter, as the router's trie decides: `/free-to-play/hidden` is not a game.
        let matching = Self.table.filter { $0.template.match(path) != nil }
        guard
            let line = matching.reduce(
                nil as RouteDeclaration?,
                { best, next in
                    guard let best else { return next }
                    return next.template.precedes(best.template) ? next : best
                }),
            let route = try line.route(path: path, query: query, platformSlugs: platformSlugs)
        else { return nil }
        self = route
    }

    /// Whether a path names a resource of the JSON API (an id that is not a number included): such a path answers
    /// other methods than GET and HEAD with 405, not 404.
    package static func isAPIResource(_ path: String) -> Bool {
        apiTemplates.contains { $0.match(path) != nil }
    }
}
