import Foundation
import GiveawaysDomain
import Testing

@testable import GiveawaysData

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
