import Foundation
import GiveawaysDomain

/// The History page's query string, validated: `?platform=SLUG&type=game|loot|beta&month=YYYY-MM&page=N`.
package struct HistoryFilters: Sendable, Hashable {
    /// A platform slug, or `nil` for every platform.
    package var platform: String?
    package var type: TypeFilter?
    /// Only giveaways that ended (left the feed or expired) in this month, UTC.
    package var month: Month?
    /// The first N pages are shown.
    package var page = 1

    package init(platform: String? = nil, type: TypeFilter? = nil, month: Month? = nil, page: Int = 1) {
        self.platform = platform
        self.type = type
        self.month = month
        self.page = page
    }

    /// Parses the query parameters; an unknown value is a `BadRequest` that says what is valid.
    package init(parameters: [String: String], platformSlugs: Set<String>) throws(BadRequest) {
        platform = try BadRequest.platform(parameters["platform"], slugsInData: platformSlugs)
        self.type = try BadRequest.type(parameters["type"])
        if let text = parameters["month"], !text.isEmpty {
            guard let month = Month(text) else {
                throw BadRequest { $0.errors.badMonth(String(text.prefix(60))) }
            }
            self.month = month
        }
        page = try SiteRoute.page(parameters["page"])
    }

    package var isFiltered: Bool { platform != nil || type != nil || month != nil }

    /// The query items, defaults left out.
    package var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let platform { items.append(.init(name: "platform", value: platform)) }
        if let type { items.append(.init(name: "type", value: type.rawValue)) }
        if let month { items.append(.init(name: "month", value: month.description)) }
        if page > 1 { items.append(.init(name: "page", value: "\(page)")) }
        return items
    }

    /// The same filters at another page.
    package func with(page: Int) -> HistoryFilters {
        var copy = self
        copy.page = page
        return copy
    }

    /// Whether a giveaway that ended at `endedAt` passes these filters.
    package func matches(_ giveaway: Giveaway, endedAt: Date) -> Bool {
        if let platform, !giveaway.isOn(platformSlug: platform) { return false }
        if let type, !type.matches(giveaway.type) { return false }
        if let month, Month(containing: endedAt) != month { return false }
        return true
    }
}

/// A calendar month in UTC, written `2026-03`.
package struct Month: Hashable, Sendable, Comparable, CustomStringConvertible {
    package let year: Int
    package let month: Int

    package static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Reads `YYYY-MM` (years 2000–2100); anything else is `nil`.
    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }),
            let year = Int(parts[0]), let month = Int(parts[1]), (2000...2100).contains(year), (1...12).contains(month)
        else { return nil }
        self.year = year
        self.month = month
    }

    package init(containing date: Date) {
        let parts = Self.utc.dateComponents([.year, .month], from: date)
        year = parts.year ?? 1970
        month = parts.month ?? 1
    }

    package var description: String { "\(year)-\(month < 10 ? "0" : "")\(month)" }

    /// "March 2026".
    package var displayName: String {
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(names[month - 1]) \(year)"
    }

    package static func < (lhs: Month, rhs: Month) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }
}
