import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream

/// The free-to-play catalog: decode + upsert of a whole `/games` answer into a real SQLite file (WAL), into an
/// empty store and again into a store that holds it (a routine daily sync), and a catalog search.
enum CatalogBench {
    static func run(catalog: Data, into table: inout Table) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-cbench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let time = Date(timeIntervalSince1970: 1_774_915_200)
        var cold: [Duration] = []
        var warm: [Duration] = []
        var count = 0
        for round in 0..<21 {
            let repository = CatalogSQLRepository(
                database: try AppDatabase.open(path: directory.appendingPathComponent("c\(round).sqlite").path))
            let (report, first) = try await Clock.measure {
                let decoded = try FreeToGameDecoder().decodeCatalog(status: 200, body: catalog)
                return try await repository.saveCatalog(decoded.games, at: time)
            }
            count = report.total
            cold.append(first)
            let (_, again) = try await Clock.measure {
                let decoded = try FreeToGameDecoder().decodeCatalog(status: 200, body: catalog)
                return try await repository.saveCatalog(decoded.games, at: time.addingTimeInterval(86_400))
            }
            warm.append(again)
        }
        table.add(
            "catalog: decode + upsert of \(count) games into an empty store, median (p95)",
            "\(Clock.format(Clock.percentile(cold, 0.5))) (\(Clock.format(Clock.percentile(cold, 0.95))))")
        table.add(
            "catalog: the same again into a store that holds it, median (p95)",
            "\(Clock.format(Clock.percentile(warm, 0.5))) (\(Clock.format(Clock.percentile(warm, 0.95))))")
        let games = try FreeToGameDecoder().decodeCatalog(status: 200, body: catalog).games.enumerated().map {
            StoredCatalogGame(game: $0.element, rank: $0.offset, firstSeenAt: time)
        }
        var searches: [Duration] = []
        for query in ["war", "mmorpg", "shooter online", "card", "zzz nothing", "blizzard", "strategy browser"] {
            for _ in 0..<50 {
                searches.append(Clock.measure { _ = CatalogQuery(search: query).apply(to: games) }.1)
            }
        }
        table.add(
            "catalog: search over \(games.count) games (words computed per search, as the CLI does), p99",
            Clock.format(Clock.percentile(searches, 0.99)))
    }
}
