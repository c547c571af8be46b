import Foundation
import GiveawaysDomain
import Synchronization

/// Keeps each visitor's library (`OwnedLibrary`, indexed) in memory between page views: a collector's 30,000 games are
/// read and indexed once, not on every personal page. Every write made through it drops the visitor's copy first,
/// and a read that raced a write does not keep what it read (the entry's version). When another process may write
/// the store too (`shared`: another instance, the CLI's `library import`), its write is seen within `sharedMaxAge`. Bounded: past `budget` games kept
/// in all, everything is dropped and read again as needed.
final class LibraryCache: LibraryRepository {
    private struct Entry {
        var library: OwnedLibrary?
        var readAt: Date = .distantPast
        var version = 0
    }

    private let store: any LibraryRepository
    private let budget: Int
    private let shared: Bool
    static let sharedMaxAge: TimeInterval = 30
    private let state = Mutex<(entries: [ProfileID: Entry], weight: Int, epoch: Int)>(([:], 0, 0))

    init(store: any LibraryRepository, shared: Bool = false, budget: Int = 500_000) {
        self.store = store
        self.shared = shared
        self.budget = budget
    }

    func library(of profile: ProfileID) async throws -> OwnedLibrary {
        let now = Date()
        let (kept, version, epoch) = state.withLock { state -> (OwnedLibrary?, Int, Int) in
            let entry = state.entries[profile]
            let fresh = entry.map { !shared || now.timeIntervalSince($0.readAt) < Self.sharedMaxAge } ?? false
            return (fresh ? entry?.library : nil, entry?.version ?? 0, state.epoch)
        }
        if let kept { return kept }
        let library = try await store.library(of: profile)
        state.withLock { state in
            guard state.epoch == epoch, (state.entries[profile]?.version ?? 0) == version else { return }
            let weight = 1 + library.games.count
            if state.weight + weight > budget {
                state.entries.removeAll(keepingCapacity: true)
                state.weight = 0
                state.epoch += 1
            }
            if let old = state.entries[profile]?.library { state.weight -= 1 + old.games.count }
            state.entries[profile] = Entry(library: library, readAt: now, version: version)
            state.weight += weight
        }
        return library
    }

    /// Drops `profile`'s copy and moves its version on, before and after a write (a read in between keeps nothing).
    private func forget(_ profile: ProfileID) {
        state.withLock { state in
            var entry = state.entries[profile] ?? Entry()
            if let old = entry.library { state.weight -= 1 + old.games.count }
            entry.library = nil
            entry.version += 1
            state.entries[profile] = entry
        }
    }

    private func writing(_ profile: ProfileID, _ write: () async throws -> Void) async throws {
        forget(profile)
        defer { forget(profile) }
        try await write()
    }

    func replaceListedGames(_ games: [OwnedGame], for profile: ProfileID, at time: Date) async throws {
        try await writing(profile) { try await store.replaceListedGames(games, for: profile, at: time) }
    }

    func linkSteam(_ steamID: String, for profile: ProfileID, at time: Date) async throws {
        try await writing(profile) { try await store.linkSteam(steamID, for: profile, at: time) }
    }

    func saveSteamGames(_ games: [OwnedGame], of steamID: String, for profile: ProfileID, at time: Date) async throws {
        try await writing(profile) { try await store.saveSteamGames(games, of: steamID, for: profile, at: time) }
    }

    func saveSteamFailure(
        _ failure: SteamLibraryFailure, of steamID: String, for profile: ProfileID, at time: Date
    ) async throws {
        try await writing(profile) { try await store.saveSteamFailure(failure, of: steamID, for: profile, at: time) }
    }

    func unlinkSteam(for profile: ProfileID) async throws {
        try await writing(profile) { try await store.unlinkSteam(for: profile) }
    }

    func steamLinksDue(before: Date, limit: Int) async throws -> [(profile: ProfileID, steamID: String)] {
        try await store.steamLinksDue(before: before, limit: limit)
    }
}
