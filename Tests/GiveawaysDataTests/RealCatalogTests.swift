import Foundation
import GiveawaysDomain
import Testing

@testable import GiveawaysData
@testable import GiveawaysUpstream

/// The real FreeToGame captures in ../shared/fixtures/freetogame, when that folder exists.
@Suite(.enabled(if: RealCatalog.directory != nil, "../shared/fixtures/freetogame is not present"))
struct RealCatalogTests {
    @Test func everyGameOfTheRealCatalogMapsAndGenresMerge() throws {
        let directory = try #require(RealCatalog.directory)
        let body = try Data(contentsOf: directory.appendingPathComponent("games.json"))
        let raw = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
        let catalog = try FreeToGameDecoder().decodeCatalog(status: 200, body: body)
        #expect(catalog.skipped.isEmpty, "\(catalog.skipped.prefix(3))")
        #expect(catalog.games.count == raw.count)
        #expect(Set(catalog.games.map(\.id)).count == raw.count)
        #expect(catalog.games.allSatisfy { !$0.platforms.isEmpty && !$0.title.isEmpty && $0.genre == $0.genre.trimmed })
        // " MMORPG" (leading space) is one genre with "MMORPG".
        let keys = Set(catalog.games.map(\.genreKey))
        #expect(keys.contains("mmorpg") && !keys.contains(" mmorpg"))
        let rawDates = raw.compactMap { $0["release_date"] as? String }
        let unknown = rawDates.filter { $0.hasPrefix("0000") }.count
        #expect(catalog.games.filter { $0.releaseDate == nil }.count == unknown)
        #expect(catalog.games.compactMap(\.releaseDate).allSatisfy { $0.year >= 1970 })
    }

    @Test func theRealDetailDecodes() throws {
        let directory = try #require(RealCatalog.directory)
        let body = try Data(contentsOf: directory.appendingPathComponent("game-452.json"))
        let detail = try FreeToGameDecoder().decodeDetail(status: 200, body: body)
        #expect(detail.screenshots.count == 4)
        #expect(detail.requirements?.os?.isEmpty == false)
        #expect(!detail.description.contains("\r"))
    }
}

enum RealCatalog {
    static let rawgDirectory: URL? = directory.map {
        $0.deletingLastPathComponent().appendingPathComponent("rawg")
    }.flatMap { FileManager.default.fileExists(atPath: $0.appendingPathComponent("game-43.json").path) ? $0 : nil }

    static let directory: URL? = {
        var folder = URL(fileURLWithPath: #filePath)
        for _ in 0..<8 {
            folder.deleteLastPathComponent()
            let candidate = folder.appendingPathComponent("../shared/fixtures/freetogame").standardized
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("games.json").path) {
                return candidate
            }
        }
        return nil
    }()
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// The loot matcher over every real GamerPower capture and the real catalog.
@Suite(
    .enabled(
        if: RealCatalog.directory != nil && RealCaptures.directory != nil, "../shared/fixtures is not present"))
struct RealLootMatchTests {
    /// Every distinct loot title of the captures with the game it matched, for reading (and for the note).
    static func matches() throws -> [(title: String, game: String)] {
        let directory = try #require(RealCatalog.directory)
        let games = try FreeToGameDecoder().decodeCatalog(
            status: 200, body: Data(contentsOf: directory.appendingPathComponent("games.json"))
        ).games
        let matcher = LootMatcher(games: games)
        let names = Dictionary(games.map { ($0.id, $0.title) }) { first, _ in first }
        var seen: Set<String> = []
        var result: [(String, String)] = []
        for file in try RealCaptures.files() {
            for giveaway in try GamerPowerFeedDecoder().decode(status: 200, body: Data(contentsOf: file)).giveaways
            where giveaway.type == .dlc && seen.insert(giveaway.title).inserted {
                if let id = matcher.game(forGiveawayTitled: giveaway.title) {
                    result.append((giveaway.title, names[id] ?? "?"))
                }
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }

    @Test func realLootMatchesOnlyItsOwnGame() throws {
        let matches = try Self.matches()
        if ProcessInfo.processInfo.environment["GG_PRINT_LOOT_MATCHES"] != nil {
            for match in matches { print("LOOT-MATCH \(match.title) => \(match.game)") }
        }
        // Reviewed by hand (the note lists them): every one is loot for that very game. Titles that share
        // a word or a series name with a catalog game ("Blade and Soul NEO …") are not here on purpose.
        let reviewed: [String] = [
            "Arena Breakout: Infinite Koen Pack Key Giveaway => Arena Breakout: Infinite",
            "Destiny 2 Emblem Key Giveaway => Destiny 2",
            "Destiny 2: Be True Emblem Code => Destiny 2",
            "Destiny 2: Free Emblem Codes => Destiny 2",
            "Dream of Mirror Online Summer Fun DLC Pack Steam Keys => Dream of Mirror Online",
            "Genshin Impact Free Primogems Code (Updated!) => Genshin Impact",
            "KARDS Special Bundle Key Giveaway => Kards",
            "Magic: The Gathering Arena - 5 Card Sleeves => Magic: The Gathering Arena",
            "Magic: The Gathering Arena Sliver Overlord Sleeve Key Giveaway => Magic: The Gathering Arena",
            "Neverwinter Frayed Silken Cloak Key Giveaway => Neverwinter",
            "Neverwinter Xaryxian Aristrocrat's Drapery Cape Key Giveaway => Neverwinter",
            "Neverwinter: Red Harvest Part 2 Gift Pack Key Giveaway => Neverwinter",
            "SMITE 3 Day Account Booster Key Giveaway => Smite",
            "ScreenPlay CCG: Box Office Bundle Key Giveaway => Screenplay CCG",
            "Star Trek Online: Corruption Gift Pack Key Giveaway => Star Trek Online",
            "Warframe Free Promo Codes => Warframe",
            "World Of Warships Godzilla vs. Kong Supply Drop Key => World of Warships",
            "World of Tanks - Invite/Bonus Code Giveaway => World of Tanks",
            "World of Tanks: 600 Gold + Tank Invite Code => World of Tanks",
            "World of Tanks: Starter Pack Giveaway => World of Tanks",
            "World of Warships - Epic Anniversary Tachibana Pack Giveaway => World of Warships",
            "World of Warships Economic Bonuses Codes Giveaway => World of Warships",
            "World of Warships: Sabaton Collection Giveaway => World of Warships",
        ]
        #expect(matches.map { "\($0.title) => \($0.game)" } == reviewed)
        // Every match starts with the game's own title: no match rests on a shared word alone.
        for match in matches {
            #expect(
                SearchQuery.words(in: match.title).starts(with: SearchQuery.words(in: match.game)),
                "\(match.title) => \(match.game)")
        }
    }
}
