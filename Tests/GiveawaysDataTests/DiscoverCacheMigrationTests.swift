import Foundation
import GRDB
import Testing

@testable import GiveawaysData

/// Earlier releases cached RAWG's answers verbatim, the key in their `next` URLs: upgrading removes them, bytes
/// and all.
@Suite struct DiscoverCacheMigrationTests {
    @Test func answersCachedByEarlierReleasesAreGoneFromTheFileAfterTheUpgrade() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-v6-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("v6.sqlite").path
        let key = "Old1Release2Key3Cached"
        let body = #"{"count": 1, "next": "https://api.rawg.io/api/genres?key=\#(key)&page=2", "results": []}"#
        // Given a file as the previous release (schema v6) wrote it, with an answer cached with the key
        do {
            let pool = try DatabasePool(path: path)
            try AppDatabase.migrator.migrate(pool, upTo: "v6: webhooks and their outbox")
            try await pool.write { db in
                try db.execute(
                    sql: "INSERT INTO discover_cache (request, body, fetched_at) VALUES (?, ?, ?)",
                    arguments: ["/genres?page_size=40", Data(body.utf8), Date()])
            }
            try pool.close()
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).range(of: Data(key.utf8)) != nil)

        // When this release opens it (and SQLite checkpoints its WAL, as it does by itself every 1,000 pages)
        let database = try AppDatabase.open(path: path)
        let cached = try await DiscoverCacheSQLRepository(database: database)
            .cachedAnswer(for: "/genres?page_size=40")
        try await database.writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }

        // Then the answer is gone, and so are its bytes (secure_delete: not left behind in a free page)
        #expect(cached == nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 3)
        for file in files {
            let bytes = try Data(contentsOf: directory.appendingPathComponent(file))
            #expect(bytes.range(of: Data(key.utf8)) == nil, "\(file) \(bytes.count)")
        }
    }
}
