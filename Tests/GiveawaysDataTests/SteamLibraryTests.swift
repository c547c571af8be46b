import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import Testing

/// Steam's Web API as the library reads it, against a local fake that answers as Steam does: public, private, empty
/// and huge libraries, games without a name, custom names found or not, a refused key, throttling and errors.
@Suite struct SteamLibraryTests {
    static let alice = "76561197960287930"
    static let hidden = "76561197960287931"
    static let empty = "76561197960287932"
    static let collector = "76561197960287933"

    let fake = FakeSteamWebAPI(
        key: "STEAMSECRET", names: ["gaben": alice],
        libraries: [
            alice: [(220, "Half-Life 2"), (620, "Portal 2"), (999_999, nil)],
            empty: [],
            collector: (1...30_000).map { (appID: $0, name: "Game \($0)") },
        ])

    func client(_ url: URL, key: String = "STEAMSECRET") -> SteamWebAPIClient {
        SteamWebAPIClient(connections: .forTests, baseURL: url, key: key, retryDelays: [])
    }

    @Test func aPublicLibraryIsReadWithNamesAndFreeGamesPlayed() async throws {
        try await fake.withServer { url in
            let steam = client(url)
            #expect(try await steam.steamID(for: .vanity("gaben")) == Self.alice)
            #expect(try await steam.steamID(for: .steamID(Self.alice)) == Self.alice)
            let games = try await steam.ownedGames(of: Self.alice)
            #expect(games.map(\.title) == ["Half-Life 2", "Portal 2", "Steam app 999999"])
            #expect(games.map(\.steamAppID) == [220, 620, 999_999] && games.allSatisfy { $0.source == .steam })
        }
        let asked = try #require(fake.requests.last)
        #expect(asked.contains("include_appinfo=1") && asked.contains("include_played_free_games=1"))
        #expect(asked.contains("steamid=\(Self.alice)"))
    }

    @Test func privateEmptyAndUnknownSaySoClearly() async throws {
        try await fake.withServer { url in
            let steam = client(url)
            await #expect(throws: SteamLibraryFailure.privateGames) { try await steam.ownedGames(of: Self.hidden) }
            let none = try await steam.ownedGames(of: Self.empty)
            #expect(none.isEmpty)
            await #expect(throws: SteamLibraryFailure.noSuchName) { try await steam.steamID(for: .vanity("nobody")) }
        }
    }

    @Test func aCollectorsThirtyThousandGamesAreRead() async throws {
        try await fake.withServer { url in
            let games = try await client(url).ownedGames(of: Self.collector)
            #expect(games.count == 30_000 && games.last?.title == "Game 30000")
        }
    }

    @Test func aRefusedKeyThrottlingAndErrorsAreFailuresThatCarryNoText() async throws {
        try await fake.withServer { url in
            await #expect(throws: SteamLibraryFailure.refusedKey) {
                try await client(url, key: "WRONG").ownedGames(of: Self.alice)
            }
            for (status, failure) in [(429, SteamLibraryFailure.throttled), (500, .unavailable), (403, .refusedKey)] {
                fake.fail(with: status)
                await #expect(throws: failure) { try await client(url).ownedGames(of: Self.alice) }
            }
            fake.fail(with: nil)
        }
    }

    @Test func answersOfTheWrongShapeAreUnavailableNotTrusted() {
        for body in ["", "[]", #"{"response":[]}"#, #"{"other":{}}"#, "<html>"] {
            #expect(throws: SteamLibraryFailure.unavailable) { try SteamDecoder.ownedGames(Data(body.utf8)) }
            #expect(throws: SteamLibraryFailure.unavailable) { try SteamDecoder.steamID(Data(body.utf8)) }
        }
        let odd =
            #"{"response":{"game_count":3,"games":[{"appid":"10","name":" Spaced "},{"name":"no id"},7,{"appid":-1}]}}"#
        let games = (try? SteamDecoder.ownedGames(Data(odd.utf8))) ?? []
        #expect(games.map(\.title) == ["Spaced"] && games.first?.steamAppID == 10)
        #expect(
            throws: SteamLibraryFailure.unavailable,
            "a SteamID that is not one"
        ) { try SteamDecoder.steamID(Data(#"{"response":{"steamid":"123","success":1}}"#.utf8)) }
    }
}
