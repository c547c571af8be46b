import Foundation
import GiveawaysDomain

/// The free-to-play list's query string, validated: `?genre=SLUG&platform=pc|browser&sort=…&q=TEXT&page=N`.
package struct CatalogFilters: Sendable, Hashable {
    package typealias Sort = CatalogQuery.Sort

    /// A genre slug (`card-game`); checked against the genres in the data by the page.
    package var genre: String?
    package var platform: CatalogPlatform?
    package var sort: Sort = .popularity
    package var search = ""
    /// How many pages of games are shown (Load more).
    package var page = 1

    package init() {}

    /// Parses the query parameters; an unknown value is a `BadRequest` that says what is valid.
    package init(parameters: [String: String]) throws(BadRequest) {
        if let genre = parameters["genre"]?.trimmingCharacters(in: .whitespaces).lowercased(), !genre.isEmpty,
            genre != "all"
        {
            guard genre.count <= 60 else { throw BadRequest { $0.errors.genreTooLong } }
            self.genre = genre
        }
        if let platform = parameters["platform"]?.lowercased(), !platform.isEmpty, platform != "all" {
            guard let value = CatalogPlatform(rawValue: platform) else {
                throw BadRequest { $0.errors.badCatalogPlatform(String(platform.prefix(60))) }
            }
            self.platform = value
        }
        if let sort = parameters["sort"]?.lowercased(), !sort.isEmpty {
            guard let value = Sort(rawValue: sort) else {
                throw BadRequest { $0.errors.badCatalogSort(String(sort.prefix(60))) }
            }
            self.sort = value
        }
        search = try BadRequest.search(parameters["q"])
        page = try SiteRoute.page(parameters["page"])
    }

    package var isFiltered: Bool { genre != nil || platform != nil || !search.isEmpty }

    /// The query items, defaults left out so links stay short and shareable.
    package var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let genre { items.append(.init(name: "genre", value: genre)) }
        if let platform { items.append(.init(name: "platform", value: platform.rawValue)) }
        if sort != .popularity { items.append(.init(name: "sort", value: sort.rawValue)) }
        if !search.isEmpty { items.append(.init(name: "q", value: search)) }
        if page > 1 { items.append(.init(name: "page", value: String(page))) }
        return items
    }

    package var path: String { SiteRoute.freeToPlay(self).path }

    /// Changing a filter keeps the others and starts again at the first page.
    package func with(genre: String?) -> CatalogFilters {
        var copy = self
        copy.genre = genre
        copy.page = 1
        return copy
    }

    package func with(platform: CatalogPlatform?) -> CatalogFilters {
        var copy = self
        copy.platform = platform
        copy.page = 1
        return copy
    }

    package func with(page: Int) -> CatalogFilters {
        var copy = self
        copy.page = page
        return copy
    }

    /// The listed games these filters show, in order (before paging).
    package func apply(to catalog: CatalogSnapshot, hidden: Set<Int> = []) -> [StoredCatalogGame] {
        CatalogQuery(genre: genre, platform: platform, sort: sort, search: search)
            .apply(to: catalog.listed, hidden: hidden, words: catalog.words(of:))
    }
}

extension CatalogQuery.Sort {
    package var label: String {
        switch self {
        case .popularity: "Popularity"
        case .release: "Release date"
        case .alphabetical: "A–Z"
        }
    }
}
