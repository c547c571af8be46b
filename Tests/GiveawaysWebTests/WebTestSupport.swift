import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import GiveawaysWeb
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore

struct Down: Error, CustomStringConvertible {
    var description: String { "GamerPower is unreachable: connection refused" }
}

/// The three SQLite repositories over one in-memory database, with the shortcuts tests use to arrange a store.
struct TestStore {
    let database: AppDatabase
    let feed: GiveawayFeedSQLRepository
    let log: SyncLogSQLRepository
    let marks: MarkSQLRepository

    init() throws {
        database = try AppDatabase.inMemory()
        feed = GiveawayFeedSQLRepository(database: database)
        log = SyncLogSQLRepository(database: database)
        marks = MarkSQLRepository(database: database)
    }

    var repositories: AppRepositories { .sqlite(database) }

    /// What a successful sync writes: the feed and its log entry.
    @discardableResult
    func saveSync(_ giveaways: [Giveaway], at time: Date) async throws -> SyncReport {
        let report = try await feed.saveFeed(giveaways, at: time)
        try await log.recordSuccess(of: .gamerpower, report: report, at: time)
        return report
    }

    func recordSyncFailure(_ reason: String, at time: Date) async throws {
        try await log.recordFailure(of: .gamerpower, reason: reason, at: time)
    }

    func favoriteIDs(profile: ProfileID) async throws -> Set<Int> {
        Set(try await marks.marks(of: profile).ids(.favorite, of: .giveaway))
    }
}

/// The app over an in-memory store pre-filled with the sample feed, with the clock at 31 March 2026 noon.
struct WebHarness {
    let repository: TestStore
    let now = utc("2026-03-31T12:00:00Z")

    init(seed: Bool = true) async throws {
        repository = try TestStore()
        if seed {
            let feed = try GamerPowerFeedDecoder().decode(status: 200, body: Data(GamerPowerWire.sampleFeed.utf8))
            _ = try await repository.saveSync(feed.giveaways, at: utc("2026-03-31T06:00:00Z"))
        }
    }

    /// The configuration `app()` uses: the fixed clock, a fresh image folder, an unreachable GamerPower.
    var configuration: WebConfiguration {
        var configuration = WebConfiguration()
        configuration.fixedNow = now
        configuration.imageCacheDirectory =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("gg-images-\(UUID().uuidString)").path
        configuration.gamerpowerURL = URL(string: "http://127.0.0.1:9/api")!
        return configuration
    }

    func app(
        source: some GiveawaySource = StubSource(result: .failure(Down())), catalog: (any CatalogSource)? = nil,
        discover: (any DiscoverSource)? = nil, logger givenLogger: Logger? = nil,
        configuration givenConfiguration: WebConfiguration? = nil
    ) -> some ApplicationProtocol {
        let configuration = givenConfiguration ?? self.configuration
        var logger = givenLogger ?? Logger(label: "test")
        if givenLogger == nil { logger.logLevel = .critical }
        return buildApplication(
            configuration, repositories: repository.repositories, connections: .forTests, source: source,
            catalogSource: catalog,
            discoverSource: discover, logger: logger, runsSyncService: false)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The `name=value` pairs of the Set-Cookie headers.
    var cookies: [String: String] {
        var result: [String: String] = [:]
        for field in headers[values: .setCookie] {
            let pair = field.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            if pair.count == 2 { result[String(pair[0])] = String(pair[1]) }
        }
        return result
    }
}

/// A browser's profile cookie, set by the app on the first heart and sent back afterwards.
struct Browser {
    var profile: String?

    /// The profile id inside the (signed) cookie value.
    var profileID: ProfileID? { profile.flatMap { ProfileID(rawValue: String($0.prefix(32))) } }

    var cookieHeader: HTTPFields {
        profile.map { [.cookie: "gg_profile=\($0)"] } ?? [:]
    }

    /// Posts a heart form the way a browser does (same-origin Fetch Metadata) and keeps any profile cookie set.
    mutating func heart(
        _ id: Int, on: Bool, client: some TestClientProtocol, extra: HTTPFields = [:]
    ) async throws
        -> TestResponse
    {
        var headers = cookieHeader
        headers[.contentType] = "application/x-www-form-urlencoded"
        headers[.init("Sec-Fetch-Site")!] = "same-origin"
        for field in extra { headers[field.name] = field.value }
        let body = "favorite=\(on ? 1 : 0)&back=%2Ffavorites"
        let response = try await client.execute(
            uri: "/giveaways/\(id)/favorite", method: .post, headers: headers, body: ByteBuffer(string: body))
        if let profile = response.cookies["gg_profile"] { self.profile = profile }
        return response
    }

    /// Posts any form the way a browser does, keeping a profile cookie the answer sets.
    mutating func post(
        _ uri: String, _ body: String, client: some TestClientProtocol, extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = cookieHeader
        headers[.contentType] = "application/x-www-form-urlencoded"
        headers[.init("Sec-Fetch-Site")!] = "same-origin"
        for field in extra { headers[field.name] = field.value }
        let response = try await client.execute(
            uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
        if let profile = response.cookies["gg_profile"] { self.profile = profile }
        return response
    }

    func get(_ uri: String, client: some TestClientProtocol) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .get, headers: cookieHeader)
    }
}

extension HTTPConnections {
    /// One set of pools for every test of this target, left to the process's end (a test is not a composition root).
    static let forTests = HTTPConnections()
}
