import Foundation

/// A free-to-play game from the FreeToGame catalog, as the list (`GET /games`) describes it, cleaned up.
public struct CatalogGame: Hashable, Sendable, Identifiable {
    public var id: Int
    public var title: String
    public var thumbnailURL: URL?
    public var shortDescription: String
    /// Where to play it (FreeToGame's redirect to the game's site).
    public var gameURL: URL?
    /// The genre as sent, trimmed; `genreKey` groups spellings that differ only in case and spaces.
    public var genre: String
    public var platforms: Set<CatalogPlatform>
    public var publisher: String
    public var developer: String
    public var releaseDate: CatalogDate?
    public var profileURL: URL?

    public init(
        id: Int, title: String, thumbnailURL: URL? = nil, shortDescription: String = "", gameURL: URL? = nil,
        genre: String = "", platforms: Set<CatalogPlatform> = [.pc], publisher: String = "", developer: String = "",
        releaseDate: CatalogDate? = nil, profileURL: URL? = nil
    ) {
        self.id = id
        self.title = title
        self.thumbnailURL = thumbnailURL
        self.shortDescription = shortDescription
        self.gameURL = gameURL
        self.genre = genre
        self.platforms = platforms
        self.publisher = publisher
        self.developer = developer
        self.releaseDate = releaseDate
        self.profileURL = profileURL
    }

    /// The genre folded for grouping: `" MMORPG"`, `"mmorpg"` and `"MMORPG "` are one genre.
    public var genreKey: String { Self.genreKey(genre) }

    public static func genreKey(_ genre: String) -> String {
        SearchQuery.fold(genre).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// Where a catalog game runs.
public enum CatalogPlatform: String, Hashable, Sendable, CaseIterable, Comparable, Codable {
    case pc
    case browser

    public var displayName: String {
        switch self {
        case .pc: "PC"
        case .browser: "Browser"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Reads FreeToGame's platform text: `"PC (Windows)"`, `"Windows"`, `"Web Browser"`, or both joined by `", "`.
    public static func parse(_ text: String) -> Set<CatalogPlatform> {
        var found: Set<CatalogPlatform> = []
        for part in text.split(separator: ",") {
            let folded = SearchQuery.fold(String(part))
            if folded.contains("browser") || folded.contains("web") { found.insert(.browser) }
            if folded.contains("windows") || folded.contains("pc") || folded.contains("mac")
                || folded.contains("linux")
            {
                found.insert(.pc)
            }
        }
        return found
    }
}

/// A release date that may be partly or wholly unknown: FreeToGame sends `2014-03-00` (day unknown) and
/// `0000-00-00` (unknown), which must never read as year 0 or crash.
public struct CatalogDate: Hashable, Sendable, Comparable, Codable {
    public let year: Int
    /// 1…12, or `nil` when unknown.
    public let month: Int?
    /// 1…31, or `nil` when unknown.
    public let day: Int?

    /// `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, with `00` for unknown parts; `nil` for anything else or year 0.
    public init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(
            separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let year = Int(parts[0]), parts[0].count == 4, (1...9999).contains(year)
        else { return nil }
        let month = parts.count > 1 ? Int(parts[1]) : 0
        let day = parts.count > 2 ? Int(parts[2]) : 0
        guard let month, let day, (0...12).contains(month), (0...31).contains(day) else { return nil }
        self.year = year
        self.month = month == 0 ? nil : month
        self.day = month == 0 || day == 0 ? nil : day
        if let known = self.month, let knownDay = self.day, knownDay > Self.daysIn(month: known, year: year) {
            return nil
        }
    }

    public init(year: Int, month: Int?, day: Int?) {
        self.year = year
        self.month = month
        self.day = month == nil ? nil : day
    }

    /// `2020-03-10`, `2014-03`, `2014`: the known part, as ISO 8601 allows.
    public var iso: String {
        var text = String(format: "%04d", year)
        if let month { text += String(format: "-%02d", month) }
        if let day { text += String(format: "-%02d", day) }
        return text
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month ?? 0, lhs.day ?? 0) < (rhs.year, rhs.month ?? 0, rhs.day ?? 0)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// What `GET /game?id=` adds to a catalog game.
public struct CatalogGameDetail: Hashable, Sendable {
    public var status: String?
    public var description: String
    /// `nil` when FreeToGame lists none (most browser games).
    public var requirements: SystemRequirements?
    public var screenshots: [URL]

    public init(
        status: String? = nil, description: String = "", requirements: SystemRequirements? = nil,
        screenshots: [URL] = []
    ) {
        self.status = status
        self.description = description
        self.requirements = requirements
        self.screenshots = screenshots
    }
}

/// Minimum system requirements, each trimmed; a value FreeToGame leaves empty is `nil`.
public struct SystemRequirements: Hashable, Sendable, Codable {
    public var os: String?
    public var processor: String?
    public var memory: String?
    public var graphics: String?
    public var storage: String?

    public init(
        os: String? = nil, processor: String? = nil, memory: String? = nil, graphics: String? = nil,
        storage: String? = nil
    ) {
        self.os = os
        self.processor = processor
        self.memory = memory
        self.graphics = graphics
        self.storage = storage
    }

    public var isEmpty: Bool { [os, processor, memory, graphics, storage].allSatisfy { $0 == nil } }
}

/// A catalog game with what the store knows beyond the upstream.
public struct StoredCatalogGame: Hashable, Sendable, Identifiable {
    public var game: CatalogGame
    /// Where the game stands in the upstream's list (its popularity order); lower is more popular.
    public var rank: Int
    public var firstSeenAt: Date
    /// When it left the catalog; `nil` while it is listed.
    public var removedAt: Date?
    public var detail: CatalogGameDetail?
    public var detailFetchedAt: Date?

    public var id: Int { game.id }
    public var isRemoved: Bool { removedAt != nil }

    public init(
        game: CatalogGame, rank: Int, firstSeenAt: Date, removedAt: Date? = nil, detail: CatalogGameDetail? = nil,
        detailFetchedAt: Date? = nil
    ) {
        self.game = game
        self.rank = rank
        self.firstSeenAt = firstSeenAt
        self.removedAt = removedAt
        self.detail = detail
        self.detailFetchedAt = detailFetchedAt
    }
}
