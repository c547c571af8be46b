import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// The contract of `LibraryRepository`, on SQLite and PostgreSQL: a list replaced whole, per visitor; a Steam link's
/// last good read kept through failures and dropped with the link or for another profile; 30,000 games in one write.
struct LibraryContract {
    let library: any LibraryRepository
    let now = utc("2026-11-29T12:00:00Z")
    let steamID = "76561197960287930"

    func listedGamesAreReplacedWholeAndKeptPerVisitor() async throws {
        let alice = ProfileID.random()
        let bob = ProfileID.random()
        #expect(try await library.library(of: alice).isEmpty)
        try await library.replaceListedGames(
            [
                OwnedGame(title: "Stasis", source: .list), OwnedGame(title: "Portal 2", steamAppID: 620, source: .list),
                OwnedGame(title: "Stasis", source: .list),
            ], for: alice, at: now)
        let first = try await library.library(of: alice)
        #expect(first.games.map(\.title).sorted() == ["Portal 2", "Stasis"], "a repeated title is kept once")
        #expect(first.games.first { $0.title == "Portal 2" }?.steamAppID == 620)
        #expect(first.steam == nil)
        #expect(try await library.library(of: bob).isEmpty, "one visitor's list is theirs")
        try await library.replaceListedGames([OwnedGame(title: "Lantern Quest", source: .list)], for: alice, at: now)
        #expect(try await library.library(of: alice).games.map(\.title) == ["Lantern Quest"])
        try await library.replaceListedGames([], for: alice, at: now)
        #expect(try await library.library(of: alice).isEmpty)
    }

    func aSteamLinkKeepsItsLastGoodReadAndForgetsAnotherProfilesGames() async throws {
        let alice = ProfileID.random()
        try await library.replaceListedGames([OwnedGame(title: "Stasis", source: .list)], for: alice, at: now)
        try await library.linkSteam(steamID, for: alice, at: now)
        #expect(try await library.library(of: alice).steam == SteamLink(steamID: steamID))
        #expect(try await library.steamLinksDue(before: now, limit: 10).map(\.steamID) == [steamID])
        let read = now.addingTimeInterval(5)
        try await library.saveSteamGames(
            [OwnedGame(title: "Half-Life 2", steamAppID: 220, source: .steam)], of: steamID, for: alice, at: read)
        var owned = try await library.library(of: alice)
        #expect(owned.count(from: .steam) == 1 && owned.count(from: .list) == 1)
        #expect(owned.steam?.refreshedAt == read && owned.steam?.failure == nil)
        #expect(try await library.steamLinksDue(before: read, limit: 10).isEmpty, "tried just now")
        // Steam fails a day later: the games stay, and the link says why and since when.
        let later = read.addingTimeInterval(86_400)
        try await library.saveSteamFailure(.privateGames, of: steamID, for: alice, at: later)
        owned = try await library.library(of: alice)
        #expect(owned.count(from: .steam) == 1)
        #expect(
            owned.steam?.failure == .privateGames && owned.steam?.failedAt == later && owned.steam?.refreshedAt == read)
        // A read of a profile no longer linked is dropped; linking another profile drops the first one's games.
        let other = "76561198000000000"
        try await library.linkSteam(other, for: alice, at: later)
        try await library.saveSteamGames(
            [OwnedGame(title: "Late Answer", source: .steam)], of: steamID, for: alice, at: later)
        owned = try await library.library(of: alice)
        #expect(owned.count(from: .steam) == 0 && owned.steam == SteamLink(steamID: other))
        #expect(owned.count(from: .list) == 1, "the imported list stays")
        try await library.unlinkSteam(for: alice)
        owned = try await library.library(of: alice)
        #expect(owned.steam == nil && owned.games.map(\.title) == ["Stasis"])
    }

    func aCollectorsThirtyThousandGamesAreOneWrite() async throws {
        let alice = ProfileID.random()
        try await library.linkSteam(steamID, for: alice, at: now)
        let games = (1...30_000).map { (number: Int) in
            OwnedGame(title: "Game \(number) “quoted” \\ ' \"", steamAppID: number, source: .steam)
        }
        try await library.saveSteamGames(games, of: steamID, for: alice, at: now)
        let owned = try await library.library(of: alice)
        #expect(owned.games.count == 30_000 && owned.titleKeys.count == 30_000)
        #expect(owned.owns(Giveaway.stub(id: 1, title: "Game 29999 “quoted” \\ ' \"")) == .steam)
    }
}
