import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import GiveawaysWeb
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A PostgreSQL cluster of this test's own (`scripts/postgres-test-cluster`), so that stopping it leaves the
/// cluster the other PostgreSQL tests share alone.
struct OwnPostgresCluster {
    let url: String
    let directory: String

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/postgres-test-cluster").path

    static func start() async throws -> OwnPostgresCluster {
        let exports = try await run(["start"])
        func value(_ name: String) throws -> String {
            let line = try #require(exports.split(separator: "\n").first { $0.hasPrefix("export \(name)=") })
            return String(line.dropFirst("export \(name)=".count)).trimmingCharacters(
                in: CharacterSet(charactersIn: "'"))
        }
        return OwnPostgresCluster(
            url: try value("GIVEAWAYS_TEST_POSTGRES"), directory: try value("GIVEAWAYS_TEST_POSTGRES_DIR"))
    }

    func pause() async throws { try await Self.run(["pause", directory]) }
    func resume() async throws { try await Self.run(["resume", directory]) }
    func stop() async throws { try await Self.run(["stop", directory]) }

    /// `runBlocking` on a thread of its own: the wait for `initdb` must not hold a thread of the concurrency pool
    /// that the other tests run on.
    @discardableResult
    private static func run(_ arguments: [String]) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try runBlocking(arguments) }) }
        }
    }

    /// Runs the script through the shell with `popen`, whose `pclose` reaps it: Foundation's `Process` waits here
    /// for ever for a child that has already exited (seen with the server the script leaves running).
    private static func runBlocking(_ arguments: [String]) throws -> String {
        let command = ([script] + arguments).map { "'\($0)'" }.joined(separator: " ") + " 2>/dev/null"
        let pipe = try #require(popen(command, "r"))
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, pipe)
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        let status = pclose(pipe)
        try #require(status == 0, "postgres-test-cluster \(arguments) failed")
        return String(decoding: output, as: UTF8.self)
    }
}

/// PostgreSQL stopped under a running app, then started again: pages from the read model answer, a heart answers
/// 503 with a clear message (never a 500 or a hang), `/healthz` says degraded, and the app recovers by itself.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipped))
struct PostgresOutageTests {
    @Test func aStoppedDatabaseAnswers503ToWritesKeepsServingPagesAndRecovers() async throws {
        let cluster = try await OwnPostgresCluster.start()
        do {
            try await outage(cluster)
        } catch {
            try? await cluster.stop()
            throw error
        }
        try await cluster.stop()
    }

    private func outage(_ cluster: OwnPostgresCluster) async throws {
        let database = try await PostgresDatabase.open(
            PostgresURL(cluster.url), connectionWait: .seconds(1), logger: PostgresTestServer.quiet)
        let repositories = AppRepositories.postgres(database)
        let feed = try GamerPowerFeedDecoder().decode(status: 200, body: Data(GamerPowerWire.sampleFeed.utf8))
        let report = try await repositories.feed.saveFeed(feed.giveaways, at: utc("2026-03-31T06:00:00Z"))
        try await repositories.syncLog.recordSuccess(of: .gamerpower, report: report, at: utc("2026-03-31T06:00:00Z"))
        let password = try #require(URLComponents(string: cluster.url)?.password)
        let configuration = try await WebHarness(seed: false).configuration
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let app = buildApplication(
            configuration, repositories: repositories, connections: .forTests,
            source: StubSource(result: .failure(Down())), logger: logger, runsSyncService: false)

        try await app.test(.router) { client in
            var alice = Browser()
            #expect(try await alice.heart(3101, on: true, client: client).status == .seeOther)
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.text == #"{"database":{"kind":"postgresql","reachable":true},"status":"ok"}"#)
            }

            try await cluster.pause()
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
            }
            let heart = try await alice.heart(3102, on: true, client: client)
            #expect(heart.status == .serviceUnavailable)
            #expect(heart.text.contains("The database is not reachable — nothing was saved. Try again."))
            let german = try await alice.heart(3102, on: true, client: client, extra: [.acceptLanguage: "de"])
            #expect(german.status == .serviceUnavailable)
            #expect(german.text.contains("Die Datenbank ist nicht erreichbar — nichts wurde gespeichert."))
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text == #"{"database":{"kind":"postgresql","reachable":false},"status":"degraded"}"#)
                #expect(!response.text.contains(password) && !response.text.contains("127.0.0.1"))
            }

            try await cluster.resume()
            // The pool connects again by itself; no restart of the app.
            var recovered = false
            for _ in 0..<60 where !recovered {
                let response = try await client.execute(uri: "/healthz", method: .get)
                recovered = response.text.contains(#""status":"ok""#)
                if !recovered { try await Task.sleep(for: .milliseconds(250)) }
            }
            #expect(recovered)
            #expect(try await alice.heart(3102, on: true, client: client).status == .seeOther)
            let marks = try await repositories.marks.marks(of: try #require(alice.profileID))
            #expect(Set(marks.ids(.favorite, of: .giveaway)) == [3101, 3102])
        }
        await database.close()
    }
}
