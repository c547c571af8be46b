import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysWeb

/// With the real FreeToGame capture (when ../shared/fixtures is beside the clone): every game is reachable through
/// the paged list, and the genres are derived from the data and merged.
@Suite(.enabled(if: RealCatalogFile.url != nil, "../shared/fixtures/freetogame/games.json is not present"))
struct RealCatalogPagingTests {
    @Test func everyRealGameIsReachableAndGenresMerge() async throws {
        let url = try #require(RealCatalogFile.url)
        let games = try FreeToGameDecoder().decodeCatalog(status: 200, body: Data(contentsOf: url)).games
        let harness = try await WebHarness()
        _ = try await CatalogSQLRepository(database: harness.repository.database).saveCatalog(games, at: harness.now)
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            var page = 1
            var seen: [Int] = []
            var text = ""
            repeat {
                text = try await client.execute(uri: "/free-to-play?page=\(page)", method: .get) { $0.text }
                seen = CatalogRouteTests.gameIDs(text)
                page += 1
            } while text.contains("data-load-more") && page < 50
            #expect(seen.count == games.count)
            #expect(Set(seen) == Set(games.map(\.id)))
            // One chip per folded genre: " MMORPG" is not a chip of its own.
            let chips = text.components(separatedBy: "class=\"pill\" href=\"/free-to-play?genre=").dropFirst()
                .map { String($0.prefix { $0 != "\"" }) }
            #expect(Set(chips).count == chips.count)
            #expect(chips.contains("mmorpg"))
            #expect(Set(chips).count == Set(games.map(\.genreKey)).count)
        }
    }
}

enum RealCatalogFile {
    static let url: URL? = {
        var folder = URL(fileURLWithPath: #filePath)
        for _ in 0..<8 {
            folder.deleteLastPathComponent()
            let candidate = folder.appendingPathComponent("../shared/fixtures/freetogame/games.json").standardized
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }()
}
