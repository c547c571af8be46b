import Foundation
import GiveawaysDomain

/// The Home screen's query string, validated: `?platform=SLUG&type=game|loot|beta&sort=...&q=TEXT`, plus
/// `ending=24h` (only what ends within a day and is not claimed) and `all=1` (ignore the visitor's rules).
struct HomeFilters: Sendable, Hashable {
    var query: GiveawayQuery
    /// Only live giveaways ending within 24 hours that the visitor has not claimed.
    var endingSoon: Bool
    /// Show everything, whatever the visitor's rules say.
    var showAll: Bool

    init(query: GiveawayQuery = GiveawayQuery(), endingSoon: Bool = false, showAll: Bool = false) {
        self.query = query
        self.endingSoon = endingSoon
        self.showAll = showAll
    }

    /// Parses the query parameters; an unknown value is a `BadRequest` that says what is valid.
    init(parameters: [String: String], platformSlugs: Set<String>) throws(BadRequest) {
        var query = GiveawayQuery()
        do {
            query.platform = try Platform.validatedFilter(parameters["platform"], slugsInData: platformSlugs)
        } catch {
            let slug = String(error.slug.prefix(60))
            throw BadRequest { $0.errors.unknownPlatform(slug) }
        }
        if let type = parameters["type"]?.lowercased(), !type.isEmpty, type != "all" {
            guard let filter = TypeFilter(rawValue: type) else {
                throw BadRequest { $0.errors.badType(String(type.prefix(60))) }
            }
            query.type = filter
        }
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
        self.query = query
    }

    var isFilteredBesidesEndingSoon: Bool {
        query.platform != nil || query.type != nil || !query.search.isEmpty
    }

    var isFiltered: Bool {
        query.platform != nil || query.type != nil || !query.search.isEmpty || endingSoon
    }

    /// The query items of these filters, defaults left out so links stay short and shareable.
    var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let platform = query.platform { items.append(.init(name: "platform", value: platform)) }
        if let type = query.type { items.append(.init(name: "type", value: type.rawValue)) }
        if query.sort != .date { items.append(.init(name: "sort", value: query.sort.rawValue)) }
        if !query.search.isEmpty { items.append(.init(name: "q", value: query.search)) }
        if endingSoon { items.append(.init(name: "ending", value: "24h")) }
        if showAll { items.append(.init(name: "all", value: "1")) }
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

    func with(endingSoon: Bool) -> HomeFilters {
        var copy = self
        copy.endingSoon = endingSoon
        return copy
    }

    func with(showAll: Bool) -> HomeFilters {
        var copy = self
        copy.showAll = showAll
        return copy
    }
}
