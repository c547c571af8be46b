import Foundation
import GiveawaysDomain

/// The Home screen's query string, validated: `?platform=SLUG&type=game|loot|beta&sort=...&q=TEXT`, plus
/// `ending=24h` (only what ends within a day and is not claimed), `all=1` (ignore the visitor's rules) and `page=N`
/// (the first N × `Defaults.homePageSize` results: a huge feed grows with "Load more" instead of one huge page).
package struct HomeFilters: Sendable, Hashable {
    package var query: GiveawayQuery
    /// Only live giveaways ending within 24 hours that the visitor has not claimed.
    package var endingSoon: Bool
    /// Show everything, whatever the visitor's rules say.
    package var showAll: Bool
    /// How many pages of results are shown.
    package var page: Int

    package init(query: GiveawayQuery = GiveawayQuery(), endingSoon: Bool = false, showAll: Bool = false, page: Int = 1)
    {
        self.query = query
        self.endingSoon = endingSoon
        self.showAll = showAll
        self.page = page
    }

    /// Parses the query parameters; an unknown value is a `BadRequest` that says what is valid.
    package init(parameters: [String: String], platformSlugs: Set<String>) throws(BadRequest) {
        var query = GiveawayQuery()
        query.platform = try BadRequest.platform(parameters["platform"], slugsInData: platformSlugs)
        query.type = try BadRequest.type(parameters["type"])
        if let sort = parameters["sort"]?.lowercased(), !sort.isEmpty {
            guard let order = GiveawaySort(rawValue: sort) else {
                throw BadRequest { $0.errors.badSort(String(sort.prefix(60))) }
            }
            query.sort = order
        }
        query.search = try BadRequest.search(parameters["q"])
        switch parameters["ending"]?.lowercased() {
        case nil, "": endingSoon = false
        case "24h": endingSoon = true
        case let other?: throw BadRequest { $0.errors.badEnding(String(other.prefix(60))) }
        }
        showAll = try SiteRoute.showAll(parameters["all"])
        page = try SiteRoute.page(parameters["page"])
        self.query = query
    }

    package var isFilteredBesidesEndingSoon: Bool {
        query.platform != nil || query.type != nil || !query.search.isEmpty
    }

    package var isFiltered: Bool {
        query.platform != nil || query.type != nil || !query.search.isEmpty || endingSoon
    }

    /// The query items of these filters, defaults left out so links stay short and shareable.
    package var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let platform = query.platform { items.append(.init(name: "platform", value: platform)) }
        if let type = query.type { items.append(.init(name: "type", value: type.rawValue)) }
        if query.sort != .date { items.append(.init(name: "sort", value: query.sort.rawValue)) }
        if !query.search.isEmpty { items.append(.init(name: "q", value: query.search)) }
        if endingSoon { items.append(.init(name: "ending", value: "24h")) }
        if showAll { items.append(.init(name: "all", value: "1")) }
        if page > 1 { items.append(.init(name: "page", value: String(page))) }
        return items
    }

    /// The Home URL for these filters.
    package var path: String { SiteRoute.home(self).path }

    /// Changing a filter keeps the others, and starts again from the first page.
    package func with(platform: String?) -> HomeFilters {
        var copy = self
        copy.page = 1
        copy.query.platform = platform
        return copy
    }

    package func with(type: TypeFilter?) -> HomeFilters {
        var copy = self
        copy.page = 1
        copy.query.type = type
        return copy
    }

    package func with(endingSoon: Bool) -> HomeFilters {
        var copy = self
        copy.page = 1
        copy.endingSoon = endingSoon
        return copy
    }

    package func with(showAll: Bool) -> HomeFilters {
        var copy = self
        copy.page = 1
        copy.showAll = showAll
        return copy
    }

    package func with(page: Int) -> HomeFilters {
        var copy = self
        copy.page = page
        return copy
    }
}
