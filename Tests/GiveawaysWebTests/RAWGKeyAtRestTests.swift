import Foundation
import GRDB
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import GiveawaysWeb

/// The RAWG key is a secret: whatever RAWG echoes back, it reaches no database byte, log line, page or cached
/// image.
@Suite struct RAWGKeyAtRestTests {
    static let key = "Zq9KeyAtRest7Secret"

    @Test func aKeyEchoedInEveryFieldReachesNoDatabaseByteLogLinePageOrCachedImage() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gg-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = RequestLogTests.Lines()
        let logger = {
            var logger = lines.logger
            logger.logLevel = .trace
            return logger
        }()
        let pages = try await FakeRAWG(key: Self.key).withServer { base in
            let database = try AppDatabase.open(path: folder.appendingPathComponent("db.sqlite").path)
            let repositories = AppRepositories.sqlite(database)
            let discover = RAWGDiscoverSource(
                connections: .forTests, baseURL: base.appendingPathComponent("api"), key: Self.key,
                cache: repositories.discoverCache,
                clock: { utc("2026-03-31T12:00:00Z") }, logger: logger)
            var configuration = WebConfiguration()
            configuration.rawgKey = Self.key
            configuration.rawgURL = base.appendingPathComponent("api")
            configuration.allowPrivateImages = true  // the fake RAWG serves its images on loopback
            configuration.imageCacheDirectory = folder.appendingPathComponent("images").path
            let app = buildApplication(
                configuration, repositories: repositories, connections: .forTests,
                source: StubSource(result: .success([])),
                discoverSource: discover, logger: logger, runsSyncService: false)
            let pages = Mutex<[String]>([])
            try await app.test(.router) { client in
                for uri in ["/discover", "/discover/action", "/discover/action?page=2", "/discover/games/7"] {
                    try await client.execute(uri: uri, method: .get) { response in
                        #expect(response.status == .ok, "\(uri)")
                        pages.withLock { $0.append(response.text) }
                    }
                }
                let images = Set(pages.withLock { $0 }.flatMap(Self.imagePaths))
                #expect(images.count == 5)
                for image in images {
                    try await client.execute(uri: image, method: .get) { response in
                        #expect(response.headers[.contentType] == "image/png", "\(image)")
                    }
                }
            }
            let cached = try await database.writer.read { db in
                try Data.fetchAll(db, sql: "SELECT body FROM discover_cache")
            }
            // The answers were cached (and kept what Discover shows): the check below is not of an empty file.
            #expect(cached.count == 4)
            #expect(cached.contains { String(decoding: $0, as: UTF8.self).contains("Seven") })
            // Read while the database is open: the WAL still holds the latest writes.
            var files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            #expect(
                files.map(\.lastPathComponent).sorted() == ["db.sqlite", "db.sqlite-shm", "db.sqlite-wal", "images"])
            let images = try FileManager.default.contentsOfDirectory(
                at: folder.appendingPathComponent("images"), includingPropertiesForKeys: nil)
            #expect(images.count == 4)
            files = files.filter { $0.lastPathComponent != "images" } + images
            for file in files {
                #expect(!Self.containsKey(try Data(contentsOf: file)), "\(file.lastPathComponent)")
                #expect(!Self.containsKey(Data(file.lastPathComponent.utf8)))
            }
            return pages.withLock { $0 }
        }
        #expect(pages.contains { $0.contains("Seven") && $0.contains("About") })
        for page in pages { #expect(!Self.containsKey(Data(page.utf8))) }
        let logged = lines.all.withLock { $0 }
        #expect(!logged.isEmpty)
        for line in logged { #expect(!Self.containsKey(Data(line.utf8)), "\(line)") }
    }

    /// In any letter case.
    private static func containsKey(_ data: Data) -> Bool {
        [key, key.lowercased(), key.uppercased()].contains { data.range(of: Data($0.utf8)) != nil }
    }

    /// The `/discover/image…` paths of a page's `<img>` tags, unescaped.
    private static func imagePaths(_ page: String) -> [String] {
        page.components(separatedBy: "src=\"").dropFirst().compactMap { rest in
            let path = String(rest.prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
            return path.hasPrefix("/discover/image") ? path : nil
        }
    }
}
