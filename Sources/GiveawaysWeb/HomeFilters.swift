import Foundation
import GiveawaysDomain
import Hummingbird

/// The Home screen's query string, validated: `?platform=SLUG&type=game|loot|beta&sort=...&q=TEXT`.
struct HomeFilters: Sendable, Equatable {
    var query: GiveawayQuery
    /// 1-based page of results; a live feed (70–130 giveaways) fits on the first.
    var page = 1

    static let maxSearchLength = 200
    static let pageSize = 120

    init(query: GiveawayQuery = GiveawayQuery()) {
        self.query = query
    }

    /// Parses the query parameters; an unknown value is a 400 that says what is valid.
    init(parameters: [String: String], platformSlugs: Set<String>) throws {
        var query = GiveawayQuery()
        if let platform = parameters["platform"]?.lowercased(), !platform.isEmpty, platform != "all" {
            guard platformSlugs.contains(platform) || Platform.known(slug: platform) != nil else {
                throw HTTPError(
                    .badRequest,
                    message: "There is no platform called “\(platform.prefix(60))”. Pick one of: "
                        + Platform.catalog.map(\.displayName).joined(separator: ", ") + ".")
            }
            query.platform = platform
        }
        if let type = parameters["type"]?.lowercased(), !type.isEmpty, type != "all" {
            guard let filter = TypeFilter(rawValue: type) else {
                throw HTTPError(
                    .badRequest, message: "The type must be game, loot or beta, not “\(type.prefix(60))”.")
            }
            query.type = filter
        }
        if let sort = parameters["sort"]?.lowercased(), !sort.isEmpty {
            guard let order = GiveawaySort(rawValue: sort) else {
                throw HTTPError(
                    .badRequest,
                    message: "The sort must be date, value, popularity or ending, not “\(sort.prefix(60))”.")
            }
            query.sort = order
        }
        if let search = parameters["q"] {
            guard search.count <= Self.maxSearchLength else {
                throw HTTPError(.badRequest, message: "Searches are limited to \(Self.maxSearchLength) characters.")
            }
            query.search = search.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if let text = parameters["page"], !text.isEmpty {
            guard let page = Int(text), (1...10_000).contains(page) else {
                throw HTTPError(.badRequest, message: "The page must be a number from 1 to 10000.")
            }
            self.page = page
        }
        self.query = query
    }

    /// The first value of each query parameter, percent-decoded.
    static func parameters(of request: Request) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in request.uri.queryParameters where result[String(key)] == nil {
            result[String(key)] = String(value)
        }
        return result
    }

    var isFiltered: Bool {
        query.platform != nil || query.type != nil || !query.search.isEmpty
    }

    /// The Home URL for these filters, leaving defaults out so links stay short and shareable.
    var path: String {
        var items: [URLQueryItem] = []
        if let platform = query.platform { items.append(.init(name: "platform", value: platform)) }
        if let type = query.type { items.append(.init(name: "type", value: type.rawValue)) }
        if query.sort != .date { items.append(.init(name: "sort", value: query.sort.rawValue)) }
        if !query.search.isEmpty { items.append(.init(name: "q", value: query.search)) }
        if page > 1 { items.append(.init(name: "page", value: String(page))) }
        guard !items.isEmpty else { return "/" }
        var components = URLComponents()
        components.queryItems = items
        let encoded = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        return "/?" + encoded
    }

    /// Changing a filter goes back to the first page.
    func with(platform: String?) -> HomeFilters {
        var copy = self
        copy.query.platform = platform
        copy.page = 1
        return copy
    }

    func with(type: TypeFilter?) -> HomeFilters {
        var copy = self
        copy.query.type = type
        copy.page = 1
        return copy
    }

    func with(page: Int) -> HomeFilters {
        var copy = self
        copy.page = page
        return copy
    }
}
