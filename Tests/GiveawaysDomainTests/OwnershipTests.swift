import Foundation
import GiveawaysTestSupport
import Testing

@testable import GiveawaysDomain

/// What a visitor owns, matched to giveaways (a Steam app id first, then the game history's normalised title, and only
/// the game itself), the lists they import, and the Steam profile they type.
@Suite struct OwnershipTests {
    func giveaway(_ id: Int, _ title: String, type: GiveawayType = .game, link: String? = nil) -> Giveaway {
        var giveaway = Giveaway.stub(id: id, title: title, type: type)
        if let link { giveaway.openGiveawayURL = link }
        return giveaway
    }

    @Test func portal2IsNotItsSoundtrackNorPortalNorItsDLC() {
        let library = OwnedLibrary(games: [OwnedGame(title: "Portal 2", steamAppID: 620, source: .steam)])
        #expect(library.owns(giveaway(1, "Portal 2 (Steam) Giveaway")) == .steam)
        #expect(library.owns(giveaway(2, "Portal 2 - Soundtrack")) == nil)
        #expect(library.owns(giveaway(3, "Portal")) == nil)
        #expect(library.owns(giveaway(4, "Portal Knights")) == nil)
        #expect(library.owns(giveaway(5, "Portal 2", type: .dlc)) == nil, "loot or an add-on is not the game")
        #expect(library.owns(giveaway(6, "Portal 2", type: .earlyAccess)) == .steam)
    }

    @Test func aSteamGiveawayMatchesByAppIDFirstWhateverItIsCalled() {
        let library = OwnedLibrary(games: [OwnedGame(title: "Half-Life 2", steamAppID: 220, source: .steam)])
        let renamed = giveaway(1, "HL2: Anniversary", link: "https://store.steampowered.com/app/220/HalfLife_2/")
        #expect(library.owns(renamed) == .steam)
        let other = giveaway(2, "Something Else", link: "https://store.steampowered.com/app/221/")
        #expect(library.owns(other) == nil)
        #expect(OwnedLibrary.steamAppID(inLink: "https://store.steampowered.com.evil.example/app/220/") == nil)
        #expect(OwnedLibrary.steamAppID(inLink: "https://store.steampowered.com/sub/220/") == nil)
    }

    @Test func aSteamRemakeOfAnOwnedGameIsNotOwnedButAListedOneIs() {
        let library = OwnedLibrary(games: [
            OwnedGame(title: "Dead Space (2008)", steamAppID: 17470, source: .steam),
            OwnedGame(title: "Prey", source: .list),
        ])
        let remake = giveaway(1, "Dead Space", link: "https://store.steampowered.com/app/1693980/Dead_Space/")
        #expect(library.owns(remake) == nil, "another app id: the 2023 remake, not the 2008 game owned")
        #expect(library.owns(giveaway(2, "Dead Space (GOG) Giveaway")) == .steam, "no app id: the title decides")
        let listed = giveaway(3, "Prey", link: "https://store.steampowered.com/app/480490/Prey/")
        #expect(library.owns(listed) == .list, "a game listed from another store is owned by title")
    }

    @Test func aGameOwnedOnSteamAndListedSaysSteam() {
        let library = OwnedLibrary(games: [
            OwnedGame(title: "Stasis", source: .list), OwnedGame(title: "STASIS", steamAppID: 380150, source: .steam),
        ])
        #expect(library.owns(giveaway(1, "Stasis (GOG) Giveaway")) == .steam)
        #expect(library.count(from: .list) == 1 && library.count(from: .steam) == 1)
        #expect(OwnedLibrary.empty.owns(giveaway(1, "Stasis")) == nil)
    }

    @Test func aPlainListIsOneTitlePerLineCommasIncluded() throws {
        let list = try OwnedGamesList(
            parsing: "\u{FEFF}Warhammer 40,000: Gladius\r\n\r\n# my GOG games\nStasis\nstasis\n  Lantern Quest  \n")
        #expect(list.games.map(\.title) == ["Warhammer 40,000: Gladius", "Stasis", "Lantern Quest"])
        #expect(list.games.allSatisfy { $0.source == .list && $0.steamAppID == nil })
    }

    @Test func aLaunchersCSVIsReadByItsTitleAndAppIDColumns() throws {
        let csv = #"""
            Platform;Name;Steam App ID;Playtime
            Steam;"Portal 2";620;12
            GOG;"Baldur's Gate; Enhanced";;0
            Epic;"He said ""hi""";;1
            Epic;;;0

            """#
        let list = try OwnedGamesList(parsing: csv)
        #expect(list.games.map(\.title) == ["Portal 2", "Baldur's Gate; Enhanced", "He said \"hi\""])
        #expect(list.games.map(\.steamAppID) == [620, nil, nil])
        #expect(list.skipped == 1, "the row without a name")
        let playnite = try OwnedGamesList(parsing: "Id,game_name,Source\n1,\"Lantern Quest\",Epic\n")
        #expect(playnite.games.map(\.title) == ["Lantern Quest"])
    }

    @Test func anUploadIsReadInTheEncodingItWasSavedIn() throws {
        let utf16 =
            [UInt8]([0xFF, 0xFE]) + Array("Pokémon\nStasis".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(OwnedGamesList.text(decoding: utf16) == "Pokémon\nStasis")
        let bigEndian = [UInt8]([0xFE, 0xFF]) + Array("Stasis".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(OwnedGamesList.text(decoding: bigEndian) == "Stasis")
        #expect(OwnedGamesList.text(decoding: [0xEF, 0xBB, 0xBF] + Array("Café".utf8)) == "Café")
        #expect(OwnedGamesList.text(decoding: [0x43, 0x61, 0x66, 0xE9]) == "Café", "Latin-1")
        let list = try OwnedGamesList(parsing: OwnedGamesList.text(decoding: utf16))
        #expect(list.games.map(\.title) == ["Pokémon", "Stasis"])
    }

    @Test func listsPastTheBoundsOrWithoutAGameAreRefused() {
        #expect(throws: OwnedGamesList.Failure.empty) { try OwnedGamesList(parsing: "\n\n# nothing\n") }
        #expect(throws: OwnedGamesList.Failure.tooLarge) {
            try OwnedGamesList(parsing: String(repeating: "a", count: OwnedGamesList.maxBytes + 1))
        }
        let many = (0...OwnedLibrary.maxGames).map { "Game \($0)" }.joined(separator: "\n")
        #expect(throws: OwnedGamesList.Failure.tooManyGames) { try OwnedGamesList(parsing: many) }
    }

    @Test func aSteamProfileIsReadFromWhatAVisitorTypes() {
        let id = "76561197960287930"
        #expect(SteamProfileInput(id) == .steamID(id))
        #expect(SteamProfileInput("https://steamcommunity.com/profiles/\(id)/") == .steamID(id))
        #expect(SteamProfileInput("steamcommunity.com/profiles/\(id)?l=german") == .steamID(id))
        #expect(SteamProfileInput("https://www.steamcommunity.com/id/gaben") == .vanity("gaben"))
        #expect(SteamProfileInput("  gabe_n-1 ") == .vanity("gabe_n-1"))
        for bad in [
            "", "https://example.org/id/gaben", "steamcommunity.com/id/", "a b", "x", "gaben.example",
            "https://steamcommunity.com/profiles/123", "<script>", String(repeating: "a", count: 40),
        ] {
            #expect(SteamProfileInput(bad) == nil, "\(bad)")
        }
    }

    @Test func aVisitorsHookLeavesOutWhatTheyOwnWhenTheirRulesSaySo() {
        let alice = ProfileID(rawValue: String(repeating: "a", count: 32))!
        let library = OwnedLibrary(games: [OwnedGame(title: "Lantern Quest", source: .list)])
        let planner = HookEventPlanner(ownedGames: [alice: library])
        func hook(_ rules: GiveawayRules) -> Hook {
            Hook(
                id: 1, url: URL(string: "https://example.org/1")!, rules: rules, events: [.new],
                createdAt: utc("2026-11-01T00:00:00Z"), profileID: alice)
        }
        let owned = Giveaway.stub(id: 1, title: "Lantern Quest (GOG) Giveaway")
        let other = Giveaway.stub(id: 2, title: "Harbor Lights")
        #expect(!planner.admits(owned, to: hook(GiveawayRules(hideOwned: true)), marks: [:]))
        #expect(planner.admits(other, to: hook(GiveawayRules(hideOwned: true)), marks: [:]))
        #expect(planner.admits(owned, to: hook(.none), marks: [:]), "only when the rule is on")
    }
}
