import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import GiveawaysWeb

/// RAWG whose genre, list game (id 7 on page 1) and game page carry the image URLs given.
private struct ImageDiscover: DiscoverSource {
    let image: URL

    func genres() async throws -> DiscoverAnswer<[DiscoverGenre]> {
        DiscoverAnswer(value: [DiscoverGenre(id: 4, name: "Action", slug: "action", imageURL: image)])
    }

    func games(genre: String, page: Int, share: UpstreamShare?) async throws -> DiscoverAnswer<DiscoverPage> {
        let games = page == 1 ? [DiscoverGame(id: 7, name: "Seven", imageURL: image)] : []
        return DiscoverAnswer(value: DiscoverPage(games: games, total: games.count, hasNext: false))
    }

    func games(_ query: GameQuery, share: UpstreamShare?) async throws -> DiscoverAnswer<DiscoverPage> {
        let games = query.page == 1 ? [DiscoverGame(id: 7, name: "Seven", imageURL: image)] : []
        return DiscoverAnswer(value: DiscoverPage(games: games, total: games.count, hasNext: false))
    }

    func game(id: Int, share: UpstreamShare?) async throws -> DiscoverAnswer<DiscoverGameDetail> {
        DiscoverAnswer(value: DiscoverGameDetail(game: DiscoverGame(id: id, name: "Seven", imageURL: image)))
    }
}

/// The image proxy is no open proxy: it fetches only URLs from upstream answers, only from an upstream's exact
/// origin, never from a private address unless told to, follows no redirect, and caps size and time. A second
/// fake host, on another port of the same loopback address, plays the target an attacker would aim at.
@Suite struct ImageProxyTests {
    /// The app with stored giveaways whose thumbnails are `thumbnails` (ids 1, 2, …), over the image host
    /// `upstream` as GamerPower's origin.
    private func app(
        upstream: URL, thumbnails: [String], discover: (any DiscoverSource)? = nil, allowPrivate: Bool = true,
        timeout: Duration = .seconds(8)
    ) async throws -> some ApplicationProtocol {
        let store = try TestStore()
        let giveaways = thumbnails.enumerated().map { index, thumbnail in
            var giveaway = Giveaway.stub(id: index + 1)
            giveaway.thumbnailURL = thumbnail
            return giveaway
        }
        try await store.saveSync(giveaways, at: utc("2026-03-31T00:00:00Z"))
        var configuration = WebConfiguration()
        configuration.gamerpowerURL = upstream.appendingPathComponent("api")
        configuration.allowPrivateImages = allowPrivate
        configuration.imageTimeout = timeout
        configuration.imageCacheDirectory =
            FileManager.default.temporaryDirectory.appendingPathComponent("gg-proxy-\(UUID().uuidString)").path
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return buildApplication(
            configuration, repositories: store.repositories, connections: .forTests,
            source: StubSource(result: .success([])),
            discoverSource: discover, logger: logger, runsSyncService: false)
    }

    private static func isPlaceholder(_ response: TestResponse) -> Bool {
        response.headers[.contentType] == "image/svg+xml"
    }

    @Test func anImageFromTheUpstreamOriginIsServedAndCached() async throws {
        let host = FakeImageHost()
        try await host.withServer { upstream in
            let app = try await app(upstream: upstream, thumbnails: ["\(upstream)/img/a.png"])
            try await app.test(.router) { client in
                for _ in 0..<2 {
                    try await client.execute(uri: "/images/1/thumbnail", method: .get) { response in
                        #expect(response.headers[.contentType] == "image/png")
                    }
                }
            }
            #expect(host.paths == ["/img/a.png"])
        }
    }

    @Test func anotherPortOfTheUpstreamHostIsNeverAsked() async throws {
        let host = FakeImageHost()
        let target = FakeImageHost()
        try await host.withServer { upstream in
            try await target.withServer { other in
                // Same host (127.0.0.1), other port: the old host-only check let it through.
                let app = try await app(upstream: upstream, thumbnails: ["\(other)/img/a.png"])
                try await app.test(.router) { client in
                    try await client.execute(uri: "/images/1/thumbnail", method: .get) { response in
                        #expect(Self.isPlaceholder(response))
                    }
                }
                #expect(target.paths.isEmpty)
            }
        }
    }

    @Test func aRedirectIsNotFollowedToAnotherHostOrLoopback() async throws {
        let host = FakeImageHost()
        let target = FakeImageHost()
        try await host.withServer { upstream in
            try await target.withServer { other in
                let port = other.port ?? 0
                let destinations = [
                    "\(other)/img/a.png", "http://localhost:\(port)/img/a.png", "http://2130706433:\(port)/img/a.png",
                    "http://[::ffff:127.0.0.1]:\(port)/img/a.png", "\(upstream)/img/a.png",
                ]
                let thumbnails = destinations.map {
                    "\(upstream)/redirect?to=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
                }
                let app = try await app(upstream: upstream, thumbnails: thumbnails)
                try await app.test(.router) { client in
                    for id in 1...thumbnails.count {
                        try await client.execute(uri: "/images/\(id)/thumbnail", method: .get) { response in
                            #expect(Self.isPlaceholder(response))
                        }
                    }
                }
                #expect(target.paths.isEmpty)
                // Not even a redirect to the allowed origin itself: the image host answers what it was asked.
                #expect(host.paths.allSatisfy { $0.hasPrefix("/redirect") })
            }
        }
    }

    @Test func withoutTheOptInALoopbackUpstreamIsRefusedAfterResolution() async throws {
        let host = FakeImageHost()
        try await host.withServer { upstream in
            let port = upstream.port ?? 0
            // The upstream named by address and by name: both resolve to loopback.
            for base in [upstream, URL(string: "http://localhost:\(port)")!] {
                let app = try await app(upstream: base, thumbnails: ["\(base)/img/a.png"], allowPrivate: false)
                try await app.test(.router) { client in
                    try await client.execute(uri: "/images/1/thumbnail", method: .get) { response in
                        #expect(Self.isPlaceholder(response))
                    }
                }
            }
            #expect(host.paths.isEmpty)
        }
    }

    @Test func oversizedAndNeverEndingImagesGiveThePlaceholder() async throws {
        let host = FakeImageHost()
        try await host.withServer { upstream in
            let app = try await app(
                upstream: upstream, thumbnails: ["\(upstream)/huge.png", "\(upstream)/slow.png"],
                timeout: .milliseconds(500))
            try await app.test(.router) { client in
                for id in [1, 2] {
                    try await client.execute(uri: "/images/\(id)/thumbnail", method: .get) { response in
                        #expect(Self.isPlaceholder(response))
                    }
                }
            }
            #expect(host.paths == ["/huge.png", "/slow.png"])
        }
    }

    @Test func discoverFetchesOnlyTheImagesRAWGGaveNeverAURLFromTheRequest() async throws {
        let host = FakeImageHost()
        try await host.withServer { upstream in
            let image = URL(string: "\(upstream)/img/rawg.png")!
            let app = try await app(upstream: upstream, thumbnails: [], discover: ImageDiscover(image: image))
            try await app.test(.router) { client in
                let forged = image.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                for uri in [
                    "/discover/image?src=\(forged)", "/discover/image?genre=strategy",
                    "/discover/image?genre=action&page=1&game=8", "/discover/image",
                ] {
                    try await client.execute(uri: uri, method: .get) { response in
                        #expect(Self.isPlaceholder(response), "\(uri)")
                    }
                }
                #expect(host.paths.isEmpty)
                try await client.execute(uri: "/discover/action", method: .get) { response in
                    #expect(response.text.contains("src=\"/discover/image?genre=action&amp;page=1&amp;game=7\""))
                }
                for uri in [
                    "/discover/image?genre=action", "/discover/image?genre=action&page=1&game=7",
                    "/discover/image?game=7",
                ] {
                    try await client.execute(uri: uri, method: .get) { response in
                        #expect(response.headers[.contentType] == "image/png", "\(uri)")
                    }
                }
            }
            #expect(host.paths == ["/img/rawg.png"])
        }
    }
}
