import Foundation
import Synchronization

/// Every giveaway of one game, from every source and every year kept: a game is its normalised title
/// (`GameTitle`), so "Lantern Quest" on Epic in 2024 and "Lantern Quest (GOG) Giveaway" in 2026 are one game.
public struct GameHistory: Sendable {
    /// One giveaway of a game: which, on which store, from when.
    public struct Entry: Hashable, Sendable {
        public let giveawayID: Int
        /// The store it was free on, as people read it ("Epic Games Store", "GOG"); the first platform GamerPower
        /// names for a giveaway of another kind.
        public let store: String
        /// When it was free from: its start, or when it was first seen.
        public let from: Date
    }

    private let byGame: [String: [Entry]]
    private let gameOf: [Int: String]

    /// The history of every game among `stored` (merged giveaways: one entry per giveaway). `titles` keeps the
    /// normalised titles of the last history built with it: only titles it has not seen are normalised again.
    public init(_ stored: [StoredGiveaway], titles: NormalizedTitles? = nil) {
        var byGame: [String: [Entry]] = [:]
        var gameOf: [Int: String] = [:]
        let keys =
            titles?.keys(of: stored.map(\.giveaway.title)) ?? stored.map { GameTitle.normalized($0.giveaway.title) }
        for (item, key) in zip(stored, keys) {
            guard !key.isEmpty else { continue }
            gameOf[item.id] = key
            byGame[key, default: []].append(
                Entry(
                    giveawayID: item.id, store: Self.storeName(of: item.giveaway),
                    from: item.giveaway.startsAt ?? item.history.firstSeenAt))
        }
        self.byGame = byGame.mapValues { $0.sorted { ($0.from, $0.giveawayID) < ($1.from, $1.giveawayID) } }
        self.gameOf = gameOf
    }

    /// The other giveaways of the game `id` is a giveaway of, oldest first.
    public func others(of id: Int) -> [Entry] {
        guard let key = gameOf[id] else { return [] }
        return (byGame[key] ?? []).filter { $0.giveawayID != id }
    }

    /// Every giveaway of the game `id` is one of (itself included), oldest first.
    public func all(of id: Int) -> [Entry] {
        guard let key = gameOf[id] else { return [] }
        return byGame[key] ?? []
    }

    /// Every giveaway of the game called `title` (a RAWG game's name), oldest first. The match is the normalised
    /// title alone: "Portal" is never "Portal 2" or "Portal Knights", and a name with no letters or digits matches
    /// nothing.
    public func all(ofGameTitled title: String) -> [Entry] {
        let key = GameTitle.normalized(title)
        guard !key.isEmpty else { return [] }
        return byGame[key] ?? []
    }

    /// The game `id` is a giveaway of (its normalised title), if it has one.
    public func game(of id: Int) -> String? { gameOf[id] }

    /// The games of the giveaways the visitor marked claimed.
    public func games(claimedIn marks: VisitorMarks) -> Set<String> {
        Set(marks.ids(.claimed, of: .giveaway).compactMap { gameOf[$0] })
    }

    /// The platforms that name a store, in the order one is chosen: the storefronts read first-hand, GamerPower's
    /// other storefronts, then the stores' devices (Android, iOS).
    static let storeSlugs: [String] = {
        let storefronts = FirstHandStore.allCases.filter { !$0.isMobile }.flatMap { $0.platformSlugs.sorted() }
        let devices = FirstHandStore.allCases.filter(\.isMobile).flatMap { $0.platformSlugs.sorted() }
        var seen: Set<String> = []
        return (storefronts + ["ubisoft", "itchio", "battlenet", "origin"] + devices).filter {
            seen.insert($0).inserted
        }
    }()

    /// The store of a giveaway: the first of its platforms that is a store rather than a system.
    static func storeName(of giveaway: Giveaway) -> String {
        for slug in storeSlugs {
            if let platform = giveaway.platforms.first(where: { $0.slug == slug }) { return platform.displayName }
        }
        return giveaway.platforms.first?.displayName ?? ""
    }
}

/// The normalised titles (`GameTitle`) of the last feed a `GameHistory` was built from, kept for the next: a reload
/// brings a few new titles among years of old ones, and only those are normalised. It holds the titles of one feed
/// at a time (those of the last call), so it never grows beyond what is stored.
public final class NormalizedTitles: Sendable {
    private let kept = Mutex<[String: String]>([:])

    public init() {}

    /// The normalised form of each title, in order.
    public func keys(of titles: [String]) -> [String] {
        let previous = kept.withLock { $0 }
        var next: [String: String] = [:]
        next.reserveCapacity(titles.count)
        let keys = titles.map { title in
            if let key = next[title] ?? previous[title] {
                next[title] = key
                return key
            }
            let key = GameTitle.normalized(title)
            next[title] = key
            return key
        }
        kept.withLock { $0 = next }
        return keys
    }
}
