import Foundation

/// Where a visitor's owned game came from: their Steam library (read with the operator's Steam Web API key) or a list
/// they imported (any store: one title per line, or a launcher's CSV export).
public enum OwnedSource: String, Hashable, Sendable, CaseIterable, Codable {
    case steam
    case list
}

/// One game a visitor owns. A Steam game carries its app id; a listed one may (a CSV with an app id column).
public struct OwnedGame: Hashable, Sendable, Codable {
    /// At most `OwnedLibrary.maxTitleLength` characters.
    public var title: String
    public var steamAppID: Int?
    public var source: OwnedSource

    public init(title: String, steamAppID: Int? = nil, source: OwnedSource) {
        self.title = String(title.prefix(OwnedLibrary.maxTitleLength))
        self.steamAppID = steamAppID.flatMap { $0 > 0 ? $0 : nil }
        self.source = source
    }
}

/// The visitor's link to their Steam library: which profile, when it was last read, and why the last try failed.
public struct SteamLink: Hashable, Sendable {
    /// The SteamID64 (17 digits), never shown to anyone but the visitor and never sent anywhere but Steam.
    public var steamID: String
    /// When the owned games were last read; `nil` before the first good read.
    public var refreshedAt: Date?
    /// Why the last read failed, when it did (the games of the last good read stay).
    public var failure: SteamLibraryFailure?
    public var failedAt: Date?

    public init(steamID: String, refreshedAt: Date? = nil, failure: SteamLibraryFailure? = nil, failedAt: Date? = nil) {
        self.steamID = steamID
        self.refreshedAt = refreshedAt
        self.failure = failure
        self.failedAt = failedAt
    }
}

/// Why Steam gave no library. Each says what the visitor (or the operator) can do.
public enum SteamLibraryFailure: String, Error, Hashable, Sendable, CaseIterable {
    /// The profile's "Game details" are not public (or the profile does not exist: Steam answers both alike).
    case privateGames = "private"
    /// No Steam profile has that custom URL name.
    case noSuchName = "no_such_name"
    /// Steam refused the operator's key (403).
    case refusedKey = "refused_key"
    /// Steam asked to slow down (429).
    case throttled
    /// Steam did not answer, or answered something else.
    case unavailable
}

/// Everything a visitor owns, indexed for matching giveaways: by Steam app id, and by the normalised title the game
/// history uses (`GameTitle.normalized`). A giveaway matches only as the game itself (a game or early access, never
/// loot or an add-on), so a DLC or soundtrack giveaway of an owned game is not "in your library", nor is a sequel.
public struct OwnedLibrary: Hashable, Sendable {
    /// At most this many games per visitor (a collector's Steam library is tens of thousands).
    public static let maxGames = 50_000
    public static let maxTitleLength = 300

    public let games: [OwnedGame]
    public let steam: SteamLink?
    private let byAppID: [Int: OwnedSource]
    private let byTitle: [String: OwnedSource]
    /// The titles of the imported lists alone: a Steam giveaway whose app id the Steam library lacks may still be
    /// a game listed from another store, but not a Steam game of the same name (a remake: "Dead Space (2008)").
    private let listedTitles: Set<String>
    /// A hash of the games and the link, worked out once: a personal page's validator hashes the library on every
    /// request, and a collector's holds 30,000 games.
    private let digest: Int

    /// The hash of the games and the link (what a cache of derived facts keys them by).
    public var contentDigest: Int { digest }

    public init(games: [OwnedGame], steam: SteamLink? = nil) {
        self.games = games
        self.steam = steam
        var byAppID: [Int: OwnedSource] = [:]
        var byTitle: [String: OwnedSource] = [:]
        var listedTitles = Set<String>()
        // Steam first: a game owned on Steam and listed too says "Steam".
        for game in games.sorted(by: { $0.source == .steam && $1.source != .steam }) {
            if let id = game.steamAppID, byAppID[id] == nil { byAppID[id] = game.source }
            let key = GameTitle.normalized(game.title)
            if !key.isEmpty, byTitle[key] == nil { byTitle[key] = game.source }
            if !key.isEmpty, game.source == .list { listedTitles.insert(key) }
        }
        self.listedTitles = listedTitles
        self.byAppID = byAppID
        self.byTitle = byTitle
        var hasher = Hasher()
        hasher.combine(games)
        hasher.combine(steam)
        digest = hasher.finalize()
    }

    public static func == (lhs: OwnedLibrary, rhs: OwnedLibrary) -> Bool {
        lhs.digest == rhs.digest && lhs.games == rhs.games && lhs.steam == rhs.steam
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    public static let empty = OwnedLibrary(games: [])

    public var isEmpty: Bool { games.isEmpty }

    /// The games from one source.
    public func count(from source: OwnedSource) -> Int { games.count { $0.source == source } }

    /// Where the visitor owns `giveaway`'s game, or `nil`: a Steam giveaway by its app id first, then any giveaway by
    /// its normalised title; only a giveaway of the game itself.
    public func owns(_ giveaway: Giveaway) -> OwnedSource? {
        owns(giveaway, titleKey: GameTitle.normalized(giveaway.title))
    }

    /// The same, with the giveaway's normalised title already known (the game history keeps it per giveaway).
    public func owns(_ giveaway: Giveaway, titleKey: String) -> OwnedSource? {
        guard !games.isEmpty, giveaway.type.isWholeGame, !titleKey.isEmpty else { return nil }
        if !byAppID.isEmpty, let id = Self.steamAppID(of: giveaway) {
            // A Steam giveaway: its app id decides for the Steam library; a title only for what was listed.
            if let source = byAppID[id] { return source }
            return listedTitles.contains(titleKey) ? .list : nil
        }
        return byTitle[titleKey]
    }

    /// Where the visitor owns the game called `title` (a RAWG game, an imported line), by normalised title.
    public func ownsGame(titled title: String) -> OwnedSource? {
        let key = GameTitle.normalized(title)
        return key.isEmpty ? nil : byTitle[key]
    }

    /// The normalised titles owned (what the event planner and feeds compare with).
    public var titleKeys: Set<String> { Set(byTitle.keys) }

    /// The Steam app id in a giveaway's store links (`store.steampowered.com/app/<id>/…`), if any.
    public static func steamAppID(of giveaway: Giveaway) -> Int? {
        let links =
            [giveaway.openGiveawayURL, giveaway.openGiveaway].compactMap { $0 } + giveaway.sources.compactMap(\.url)
        for link in links where link.contains("/app/") {
            if let id = steamAppID(inLink: link) { return id }
        }
        return nil
    }

    /// `220` for `https://store.steampowered.com/app/220/HalfLife_2/`; `nil` for any other link.
    public static func steamAppID(inLink link: String) -> Int? {
        guard let url = URL(string: link), let host = url.host?.lowercased(),
            host == "store.steampowered.com" || host == "steamcommunity.com"
        else { return nil }
        let parts = url.path.split(separator: "/")
        guard parts.count >= 2, parts[0] == "app", parts[1].count <= 10, let id = Int(parts[1]), id > 0 else {
            return nil
        }
        return id
    }
}
