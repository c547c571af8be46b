import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysHTTP
import GiveawaysTestSupport
import GiveawaysUpstream
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import GiveawaysWeb

/// `/nearby/tiles/{z}/{x}/{y}.png`: tiles through the server by the tile policy — only checked integers in range
/// (no open proxy), an honest User-Agent, kept on disk at least a week, fetched once however many ask, bounded,
/// and a small 502 when the tile server fails.
@Suite struct NearbyTileRouteTests {
    static func app(
        template: String, directory: URL, timeout: Duration = .seconds(15)
    ) async throws
        -> some ApplicationProtocol
    {
        let harness = try await WebHarness()
        var configuration = harness.configuration
        var tiles = TileSettings(
            template: template, directory: directory.path, userAgent: PlaceUserAgent.make(contact: "maps@example.org"))
        tiles.timeout = timeout
        configuration.nearbyTiles = tiles
        return harness.app(configuration: configuration)
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("gg-tiles-\(UUID().uuidString)")
    }

    @Test func aTileIsFetchedOnceWithTheUserAgentAndThenServedFromDisk() async throws {
        let server = FakeTileServer(maxAge: 30 * 86_400)
        let directory = Self.folder()
        try await server.withServer { template in
            let app = try await Self.app(template: template, directory: directory)
            try await app.test(.router) { client in
                for _ in 0..<3 {
                    try await client.execute(uri: "/nearby/tiles/3/4/2.png", method: .get) { response in
                        #expect(response.status == .ok)
                        #expect(response.headers[.contentType] == "image/png")
                        #expect(response.headers[.cacheControl]?.contains("max-age") == true)
                        #expect(Array(response.body.readableBytesView) == FakeTileServer.png)
                    }
                }
            }
        }
        #expect(server.requests.map(\.path) == ["/tiles/3/4/2.png"])
        #expect(server.requests[0].headers["user-agent"] == "GameGiveaways/1.0 (self-hosted; maps@example.org)")
        // Kept for the server's month, longer than the week the policy asks at least.
        let file = directory.appendingPathComponent("3-4-2.tile")
        let until = try #require(TileCache.keptUntil(file))
        #expect(until.timeIntervalSince(utc("2026-03-31T12:00:00Z")) > 29 * 86_400)
    }

    /// Kept tiles are free; fetches from the tile server are each client's share: 600, then ten a second. Past it a
    /// client gets a 429 (the policy forbids bulk downloads), while kept tiles and other clients go on.
    @Test func aClientPastItsShareOfTileFetchesIsToldToWait() async throws {
        let server = FakeTileServer(maxAge: 30 * 86_400)
        try await server.withServer { template in
            let app = try await Self.app(template: template, directory: Self.folder())
            try await app.test(.router) { client in
                let walker: HTTPFields = [ClientAddress.forwardedFor: "203.0.113.50"]
                // Zoom 10 has a million tiles: 600 different ones, each fetched.
                for n in 0..<600 {
                    try await client.execute(uri: "/nearby/tiles/10/\(n)/5.png", method: .get, headers: walker) {
                        #expect($0.status == .ok)
                    }
                }
                try await client.execute(uri: "/nearby/tiles/10/600/5.png", method: .get, headers: walker) {
                    #expect($0.status == .tooManyRequests)
                    #expect($0.headers[.retryAfter] == "1")
                }
                // A kept tile costs the tile server nothing: still served.
                try await client.execute(uri: "/nearby/tiles/10/0/5.png", method: .get, headers: walker) {
                    #expect($0.status == .ok)
                }
                let other: HTTPFields = [ClientAddress.forwardedFor: "203.0.113.51"]
                try await client.execute(uri: "/nearby/tiles/10/600/5.png", method: .get, headers: other) {
                    #expect($0.status == .ok)
                }
            }
        }
        #expect(server.requests.count == 601)
    }

    @Test(arguments: [
        "/nearby/tiles/20/0/0.png", "/nearby/tiles/3/8/0.png", "/nearby/tiles/3/0/8.png", "/nearby/tiles/-1/0/0.png",
        "/nearby/tiles/3/1.5/0.png", "/nearby/tiles/3/a/0.png", "/nearby/tiles/3/0/0.jpg", "/nearby/tiles/3/0/0x.png",
        "/nearby/tiles/3/+1/0.png", "/nearby/tiles/3/0/9999999999999999999.png", "/nearby/tiles/03000/0/0.png",
    ])
    func anythingButATileInRangeIsRefusedWithoutAsking(_ uri: String) async throws {
        let server = FakeTileServer()
        try await server.withServer { template in
            let app = try await Self.app(template: template, directory: Self.folder())
            try await app.test(.router) { client in
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest)
                    #expect(String(buffer: response.body).contains("tile"))
                }
            }
        }
        #expect(server.requests.isEmpty)
    }

    @Test func theLargestZoomAndCornerAreServed() async throws {
        let server = FakeTileServer()
        try await server.withServer { template in
            let app = try await Self.app(template: template, directory: Self.folder())
            try await app.test(.router) { client in
                try await client.execute(uri: "/nearby/tiles/19/524287/524287.png", method: .get) { response in
                    #expect(response.status == .ok)
                }
                try await client.execute(uri: "/nearby/tiles/0/0/0.png", method: .get) { response in
                    #expect(response.status == .ok)
                }
            }
        }
        #expect(server.requests.map(\.path) == ["/tiles/19/524287/524287.png", "/tiles/0/0/0.png"])
    }

    @Test(arguments: [
        FakeFault.answer(status: 500, body: "broken"), FakeFault.answer(status: 200, body: "<html>not a tile</html>"),
        FakeFault.stall(seconds: 30), FakeFault.rateLimited(retryAfter: "5"),
    ])
    func aFailingTileServerIsASmall502AndNothingIsKept(fault: FakeFault) async throws {
        let server = FakeTileServer()
        server.misbehave(fault)
        let directory = Self.folder()
        let timeout: Duration = fault == .stall(seconds: 30) ? .seconds(2) : .seconds(15)
        try await server.withServer { template in
            let app = try await Self.app(template: template, directory: directory, timeout: timeout)
            try await app.test(.router) { client in
                try await client.execute(uri: "/nearby/tiles/2/1/1.png", method: .get) { response in
                    #expect(response.status == .badGateway)
                    #expect(response.body.readableBytes < 16_384)
                    #expect(!String(buffer: response.body).contains("127.0.0.1"))
                }
            }
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("2-1-1.tile").path))
    }

    @Test func concurrentRequestsForOneTileFetchItOnce() async throws {
        let fetches = Counter()
        let release = AsyncStream<Void>.makeStream()
        let flights = SingleFlight<TileCache.Key, Data?>()
        let key = TileCache.Key(z: 1, x: 0, y: 1)
        let results = try await withThrowingTaskGroup(of: Data?.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await flights.run(key) {
                        fetches.count.withLock { $0 += 1 }
                        for await _ in release.stream { break }
                        return Data(FakeTileServer.png)
                    }
                }
            }
            // Every caller has joined the one fetch before it is let go.
            while await flights.waiters(for: key) < 8 { await Task.yield() }
            release.continuation.yield()
            var results: [Data?] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(fetches.count.withLock { $0 } == 1)
        #expect(results.count == 8 && results.allSatisfy { $0 == Data(FakeTileServer.png) })
    }

    @Test func anOldTileIsFetchedAgainAndServedStaleWhenThatFails() async throws {
        let server = FakeTileServer(maxAge: 60)
        let directory = Self.folder()
        let now = Mutex(Date())
        try await server.withServer { template in
            let cache = TileCache(
                directory: directory,
                fetcher: TileFetcher(
                    connections: .forTests, template: template, userAgent: "test", maxBytes: 65_536,
                    timeout: .seconds(15), gate: PlaceSearchGate(limit: 4)),
                budgetBytes: 1_048_576, clock: { now.withLock { $0 } }, logger: Logger(label: "test"))
            let key = TileCache.Key(z: 5, x: 1, y: 2)
            _ = try await cache.response(for: key)
            now.withLock { $0 += 6 * 86_400 }
            _ = try await cache.response(for: key)
            #expect(server.requests.count == 1)
            now.withLock { $0 += 2 * 86_400 }
            server.misbehave(.answer(status: 503, body: "down"))
            let stale = try await cache.response(for: key)
            #expect(stale.status == .ok)
            #expect(server.requests.count == 2)
        }
    }

    @Test func theFolderStaysWithinItsBudget() async throws {
        let server = FakeTileServer()
        let directory = Self.folder()
        try await server.withServer { template in
            let cache = TileCache(
                directory: directory,
                fetcher: TileFetcher(
                    connections: .forTests, template: template, userAgent: "test", maxBytes: 65_536,
                    timeout: .seconds(15), gate: PlaceSearchGate(limit: 4)),
                budgetBytes: FakeTileServer.png.count * 5, clock: { Date() }, logger: Logger(label: "test"))
            for x in 0..<12 { _ = try await cache.response(for: .init(z: 4, x: x, y: 0)) }
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count <= 5 && files.count >= 1)
    }
}

/// A count shared with concurrent tasks.
final class Counter: Sendable {
    let count = Mutex(0)
}
