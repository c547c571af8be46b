import Foundation
import GiveawaysDomain

/// The Home screen's query string, validated: `?platform=SLUG&type=game|loot|beta&sort=...&q=TEXT`.
struct HomeFilters: Sendable, Hashable {
    var query: GiveawayQuery

    init(query: GiveawayQuery = GiveawayQuery()) {
        self.query = query
    }

    /// Parses the query parameters; an unknown value is a `BadRequest` that says what is valid.
    init(parameters: [String: String], platformSlugs: Set<String>) throws(BadRequest) {
        var query = GiveawayQuery()
        do {
            query.platform = try Platform.validatedFilter(parameters["platform"], slugsInData: platformSlugs)
        } catch {
            throw BadRequest(message: error.description)
        }
        if let type = parameters["type"]?.lowercased(), !type.isEmpty, type != "all" {
            guard let filter = TypeFilter(rawValue: type) else {
                throw BadRequest(message: "The type must be game, loot or beta, not “\(type.prefix(60))”.")
            }
            query.type = filter
        }
        if let sort = parameters["sort"]?.lowercased(), !sort.isEmpty {
            guard let order = GiveawaySort(rawValue: sort) else {
                throw BadRequest(
                    message: "The sort must be date, value, popularity or ending, not “\(sort.prefix(60))”.")
            }
            query.sort = order
        }
        query.search = try BadRequest.search(parameters["q"])
        self.query = query
    }

    var isFiltered: Bool {
        query.platform != nil || query.type != nil || !query.search.isEmpty
    }

    /// The query items of these filters, defaults left out so links stay short and shareable.
    var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let platform = query.platform { items.append(.init(name: "platform", value: platform)) }
        if let type = query.type { items.append(.init(name: "type", value: type.rawValue)) }
        if query.sort != .date { items.append(.init(name: "sort", value: query.sort.rawValue)) }
        if !query.search.isEmpty { items.append(.init(name: "q", value: query.search)) }
        return items
    }

    /// The Home URL for these filters.
    var path: String { SiteRoute.home(self).path }

    /// Changing a filter keeps the others.
    func with(platform: String?) -> HomeFilters {
        var copy = self
        copy.query.platform = platform
        return copy
    }

    func with(type: TypeFilter?) -> HomeFilters {
        var copy = self
        copy.query.type = type
        return copy
    }
}
