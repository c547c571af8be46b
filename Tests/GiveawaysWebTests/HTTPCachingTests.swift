import CompressNIO
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import GiveawaysWeb
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite struct HTTPCachingTests {
    @Test func pagesCarryValidatorsAndAnswer304WhenUnchanged() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            for uri in ["/", "/more", "/giveaways/3101", "/favorites", "/api/v1/giveaways"] {
                let tag = try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok)
                    return try #require(response.headers[.eTag], "\(uri)")
                }
                try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: tag]) { response in
                    #expect(response.status == .notModified, "\(uri)")
                    #expect(response.body.readableBytes == 0)
                }
                try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "W/\"other\""]) { response in
                    #expect(response.status == .ok, "\(uri)")
                }
            }
        }
    }

    /// One way to answer: a page from the page cache goes through the same middleware as a freshly rendered one,
    /// so its headers (security, Vary, language, validator, length, encoding) are the same, in both encodings.
    @Test func aPageFromTheCacheIsAnsweredWithTheHeadersOfAFreshOne() async throws {
        let harness = try await WebHarness()
        let lines = RequestLogTests.Lines()
        try await harness.app(logger: lines.logger(at: .debug)).test(.router) { client in
            for encoding in ["", "gzip"] {
                for uri in ["/", "/giveaways/3101", "/?lang=de"] {
                    let headers: HTTPFields = encoding.isEmpty ? [:] : [.acceptEncoding: encoding]
                    _ = Self.cachedAnswers(lines)
                    let first = try await client.execute(uri: uri, method: .get, headers: headers) { $0 }
                    let second = try await client.execute(uri: uri, method: .get, headers: headers) { $0 }
                    let fromCache = Self.cachedAnswers(lines)
                    // `?lang=` is never answered from the cache: it sets the language cookie on the way. The page
                    // cache keeps one copy for both encodings, so in the gzip pass the first answer is kept too.
                    let expected = uri.contains("lang=") ? 0 : encoding.isEmpty ? 1 : 2
                    #expect(fromCache == expected, "\(uri) \(encoding)")
                    #expect(first.status == .ok)
                    #expect(second.body == first.body, "\(uri)")
                    var names = Set(first.headers.map(\.name))
                    names.remove(.date)
                    // A cookie's attributes come in any order.
                    names.remove(.setCookie)
                    for name in names {
                        #expect(second.headers[values: name] == first.headers[values: name], "\(uri) \(name)")
                    }
                    #expect(Set(second.headers.map(\.name)).subtracting([.date, .setCookie]) == names, "\(uri)")
                    #expect(first.headers[.contentSecurityPolicy] != nil)
                    #expect(first.headers[.contentLanguage] == (uri.contains("lang=de") ? "de" : "en"))
                    #expect(first.headers[.contentEncoding] == (encoding.isEmpty ? nil : "gzip"))
                }
            }
        }
    }

    @Test func textIsGzippedForClientsThatAcceptItAndTheBytesRoundTrip() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let plain = try await client.execute(uri: "/", method: .get) { $0.body }
            try await client.execute(uri: "/", method: .get, headers: [.acceptEncoding: "gzip, deflate, br"]) {
                response in
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.vary]?.contains("Accept-Encoding") == true)
                #expect(response.body.readableBytes * 3 < plain.readableBytes)
                var body = response.body
                let inflated = try body.decompress(with: .gzip())
                #expect(inflated == plain)
            }
            try await client.execute(uri: "/", method: .get, headers: [.acceptEncoding: "gzip;q=0"]) { response in
                #expect(response.headers[.contentEncoding] == nil)
            }
            try await client.execute(uri: "/static/app.css", method: .get, headers: [.acceptEncoding: "gzip"]) {
                response in
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.cacheControl]?.contains("immutable") == true)
            }
        }
    }

    /// Presses "Sync now" and waits until the sync at the harness's time is recorded and over.
    static func syncNow(_ client: some TestClientProtocol) async throws {
        let headers: HTTPFields = [
            .contentType: "application/x-www-form-urlencoded", .init("Sec-Fetch-Site")!: "same-origin",
        ]
        try await client.execute(
            uri: "/sync", method: .post, headers: headers, body: ByteBuffer(string: "back=%2F")
        ) { #expect($0.status == .seeOther) }
        for _ in 0..<250 {
            let status = try await client.execute(uri: "/api/v1/status", method: .get) { response in
                try JSONDecoder().decode(StatusJSON.self, from: Data(buffer: response.body))
            }
            if !status.syncing, status.sources[0].lastAttempt == "2026-03-31T12:00:00Z" { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("the sync was not recorded")
    }

    /// The pages answered from the page cache since `lines` was last emptied.
    static func cachedAnswers(_ lines: RequestLogTests.Lines) -> Int {
        lines.all.withLock { all in
            defer { all.removeAll() }
            return all.filter { $0.hasPrefix("Page from the cache") }.count
        }
    }

    static let sharedPages = ["/", "/more", "/giveaways/3101", "/?platform=steam"]

    @Test func aSyncThatChangesNothingKeepsEveryCachedPageAndItsETagButStatusShowsTheNewSync() async throws {
        let harness = try await WebHarness()  // the sample feed, synced at 06:00
        let feed = try GamerPowerFeedDecoder().decode(status: 200, body: Data(GamerPowerWire.sampleFeed.utf8))
        let source = SwitchableSource()
        source.answer(.success(feed.giveaways))
        let lines = RequestLogTests.Lines()
        try await harness.app(source: source, logger: lines.logger(at: .debug)).test(.router) { client in
            var tags: [String: String] = [:]
            for uri in Self.sharedPages {
                tags[uri] = try await client.execute(uri: uri, method: .get) { $0.headers[.eTag] }
            }
            let statusBefore = try await client.execute(uri: "/status", method: .get) { $0.text }

            // The same feed again at 12:00: the sync is recorded, and it changes nothing any page shows.
            try await Self.syncNow(client)
            _ = Self.cachedAnswers(lines)
            for uri in Self.sharedPages {
                try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: try #require(tags[uri])]) {
                    #expect($0.status == .notModified, "\(uri)")
                }
            }
            #expect(Self.cachedAnswers(lines) == Self.sharedPages.count, "every page still comes from the cache")

            // /status is never kept: it shows the new sync at once.
            let statusAfter = try await client.execute(uri: "/status", method: .get) { $0.text }
            #expect(statusAfter != statusBefore)
            #expect(statusAfter.contains("<strong>0</strong> new"), "the last sync's changes")
            #expect(Self.cachedAnswers(lines) == 0)

            // A sync that renames a giveaway drops the pages: Home answers anew with the new title.
            var renamed = feed.giveaways
            renamed[0].title = "A Renamed Giveaway"
            source.answer(.success(renamed))
            try await Self.syncNow(client)
            for _ in 0..<250 {
                let title = try await client.execute(uri: "/api/v1/giveaways/\(renamed[0].id)", method: .get) {
                    ($0.text.contains("A Renamed Giveaway"))
                }
                if title { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            _ = Self.cachedAnswers(lines)
            try await client.execute(uri: "/", method: .get, headers: [.ifNoneMatch: try #require(tags["/"])]) {
                #expect($0.status == .ok)
                #expect($0.text.contains("A Renamed Giveaway"))
            }
            #expect(Self.cachedAnswers(lines) == 0)
        }
    }

    @Test func aCatalogDetailFetchKeepsTheGiveawayPagesCached() async throws {
        let harness = try await WebHarness()
        _ = try await CatalogSQLRepository(database: harness.repository.database)
            .saveCatalog(CatalogRouteTests.games, at: harness.now)
        let stub = StubCatalog()
        stub.answerDetails(.success(CatalogGameDetail(description: "Fetched at last.")))
        let lines = RequestLogTests.Lines()
        try await harness.app(catalog: stub, logger: lines.logger(at: .debug)).test(.router) { client in
            var tags: [String: String] = [:]
            for uri in Self.sharedPages + ["/free-to-play", "/free-to-play/3"] {
                tags[uri] = try await client.execute(uri: uri, method: .get) { $0.headers[.eTag] }
            }
            try await client.execute(uri: "/free-to-play/5", method: .get) { response in
                #expect(response.text.contains("Fetched at last."))
            }
            #expect(stub.detailFetches == [3, 5])
            _ = Self.cachedAnswers(lines)
            for uri in Self.sharedPages + ["/free-to-play", "/free-to-play/3"] {
                try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: try #require(tags[uri])]) {
                    #expect($0.status == .notModified, "\(uri)")
                }
            }
            #expect(Self.cachedAnswers(lines) == Self.sharedPages.count + 2, "only game 5's page was touched")
        }
    }
}
