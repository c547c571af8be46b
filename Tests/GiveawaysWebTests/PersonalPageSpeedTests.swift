import CompressNIO
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

@testable import GiveawaysRendering
@testable import GiveawaysViews
@testable import GiveawaysWeb

/// Personal pages are joined from kept cards and shared parts (frames, selections, the carousel): the same bytes as
/// rendering every part afresh.
@Suite struct PersonalPageSpeedTests {
    static let pages = [
        "/", "/more", "/?platform=steam", "/?q=lantern", "/?ending=24h", "/?all=1", "/more?all=1", "/?sort=value",
        "/free-to-play", "/free-to-play?genre=mmorpg", "/favorites", "/claimed", "/not-interested",
    ]

    /// A harness whose store holds a small catalog too.
    static func harness() async throws -> WebHarness {
        let harness = try await WebHarness()
        _ = try await CatalogSQLRepository(database: harness.repository.database).saveCatalog(
            CatalogRouteTests.games, at: harness.now)
        return harness
    }

    /// Every page the three visitors see, in English and German, keyed by visitor, page and language.
    static func collect(
        _ browsers: [String: Browser], client: some TestClientProtocol, rounds: Int
    ) async throws -> [String: String] {
        var bodies: [String: String] = [:]
        for (name, browser) in browsers {
            for uri in pages {
                for language in ["en", "de"] {
                    var headers = browser.cookieHeader
                    headers[.acceptLanguage] = language
                    let key = "\(name) \(uri) \(language)"
                    for round in 0..<rounds {
                        let response = try await client.execute(uri: uri, method: .get, headers: headers) { $0 }
                        #expect(response.status == .ok, "\(name) \(uri)")
                        if round > 0 { #expect(response.body == ByteBuffer(string: bodies[key] ?? "")) }
                        bodies[key] = String(buffer: response.body)
                    }
                    // The gzip answer (joined from compressed pieces for a personal page) is the same page.
                    headers[.acceptEncoding] = "gzip"
                    for _ in 0..<rounds {
                        let response = try await client.execute(uri: uri, method: .get, headers: headers) { $0 }
                        #expect(response.headers[.contentEncoding] == "gzip", "\(key)")
                        var body = response.body
                        #expect(String(buffer: try body.decompress(with: .gzip())) == bodies[key], "\(key) gzip")
                    }
                }
            }
        }
        return bodies
    }

    @Test func personalPagesAreByteIdenticalWithAndWithoutKeptCards() async throws {
        let harness = try await Self.harness()
        let (browsers, kept) = try await harness.app(catalog: StubCatalog()).test(.router) { client in
            var browsers = ["none": Browser(), "marks": Browser(), "rules": Browser()]
            _ = try await browsers["marks"]!.heart(3101, on: true, client: client)
            _ = try await browsers["marks"]!.post("/giveaways/3102/mark", "kind=claimed&on=1", client: client)
            _ = try await browsers["marks"]!.post("/giveaways/3103/mark", "kind=not-interested&on=1", client: client)
            _ = try await browsers["rules"]!.heart(3104, on: true, client: client)
            _ = try await browsers["rules"]!.post("/settings", "store=steam&store=pc&no_loot=1", client: client)
            _ = try await browsers["rules"]!.post("/free-to-play/2/hide", "hidden=1", client: client)
            // The second round of each page is joined from the cards and parts the first one kept.
            return (browsers, try await Self.collect(browsers, client: client, rounds: 2))
        }
        var configuration = harness.configuration
        configuration.renderedCardsBudget = 0
        try await harness.app(catalog: StubCatalog(), configuration: configuration).test(.router) { client in
            let fresh = try await Self.collect(browsers, client: client, rounds: 1)
            #expect(fresh.count == kept.count)
            for (key, body) in fresh {
                #expect(kept[key] == body, "\(key)")
            }
        }
        // The visitors' pages differ from one another (the marks and rules are on them).
        #expect(kept["marks / en"] != kept["none / en"] && kept["marks / en"] != nil)
        #expect(kept["rules / en"] != kept["marks / en"])
        #expect(kept["marks / en"]?.contains("aria-pressed=\"true\"") == true)
        // The catalog shows only hidden games and notes of a visitor's marks: giveaway marks alone leave it shared.
        #expect(kept["marks /free-to-play en"] == kept["none /free-to-play en"])
        #expect(kept["rules /free-to-play en"] != kept["none /free-to-play en"])
        #expect(kept["rules /free-to-play en"]?.contains("data-game-id=\"2\"") == false)
        #expect(kept["none /free-to-play en"]?.contains("data-game-id=\"2\"") == true)
    }

    /// A visitor who marked only giveaways gets the catalog page everyone shares, from the page cache.
    @Test func theCatalogOfAVisitorWithOnlyGiveawayMarksIsTheSharedPage() async throws {
        let harness = try await Self.harness()
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            var visitor = Browser()
            _ = try await visitor.heart(3101, on: true, client: client)
            let shared = try await Browser().get("/free-to-play", client: client)
            let mine = try await visitor.get("/free-to-play", client: client)
            #expect(mine.status == .ok)
            #expect(mine.body == shared.body)
            #expect(mine.headers[.eTag] == shared.headers[.eTag], "the shared page's validator")
            _ = try await visitor.post("/free-to-play/3/hide", "hidden=1", client: client)
            let hid = try await visitor.get("/free-to-play", client: client)
            #expect(hid.body != shared.body)
            #expect(!hid.text.contains("data-game-id=\"3\""))
        }
    }

    /// A personal page's gzip answer inflates to the plain page, is the page compressed whole, carries the page's
    /// validator, and is kept under it: asked for again unchanged, the same bytes without compressing again.
    @Test func aPersonalPagesGzipInflatesToThePageAndIsKeptByItsValidator() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var visitor = Browser()
            _ = try await visitor.heart(3101, on: true, client: client)
            var headers = visitor.cookieHeader
            for uri in ["/", "/more", "/favorites"] {
                headers[.acceptEncoding] = nil
                let plain = try await client.execute(uri: uri, method: .get, headers: headers) { $0 }
                headers[.acceptEncoding] = "gzip, deflate"
                let gzipped = try await client.execute(uri: uri, method: .get, headers: headers) { $0 }
                #expect(gzipped.status == .ok)
                #expect(gzipped.headers[.contentEncoding] == "gzip")
                #expect(gzipped.headers[.eTag] == plain.headers[.eTag])
                #expect(gzipped.headers[.vary] == plain.headers[.vary])
                var body = gzipped.body
                #expect(try body.decompress(with: .gzip()) == plain.body, "\(uri)")
                let again = try await client.execute(uri: uri, method: .get, headers: headers) { $0 }
                #expect(again.body == gzipped.body, "asked again unchanged: the copy kept under its validator")
                #expect(again.headers[.eTag] == gzipped.headers[.eTag])
                var whole = plain.body
                let compressedWhole = try whole.compress(with: .gzip())
                #expect(
                    gzipped.body.readableBytes <= compressedWhole.readableBytes + 32,
                    "\(uri): \(gzipped.body.readableBytes) bytes sent, \(compressedWhole.readableBytes) whole")
            }
        }
    }

    /// A page joined from pieces is their bytes in order, as one text and as one buffer: empty pieces add nothing,
    /// canonically equivalent texts keep their own bytes.
    @Test func aJoinedPageIsItsPiecesInOrder() {
        let composed = HTML(stringLiteral: "<p>Caf\u{E9}</p>")
        let decomposed = HTML(stringLiteral: "<p>Cafe\u{301}</p>")
        let long = HTML(stringLiteral: String(repeating: "<li>Ein langer Text über Spiele</li>", count: 3_000))
        var page = HTMLPieces("<main>")
        page.append(contentsOf: [composed, .empty, decomposed])
        var other = HTMLPieces()
        other.append(long)
        other.append(.empty)
        page.append(contentsOf: other)
        page.append("</main>")
        let expected =
            Array("<main>".utf8) + Array(composed.rendered.utf8) + Array(decomposed.rendered.utf8)
            + Array(long.rendered.utf8) + Array("</main>".utf8)
        #expect(page.pieces.count == 5)
        #expect(page.byteCount == expected.count)
        #expect(Array(page.html.rendered.utf8) == expected)
        #expect(Array(page.buffer.readableBytesView) == expected)
        #expect(HTMLPieces().html.rendered.isEmpty)
    }

    @Test func aCardIsRenderedOncePerStateGenerationAndMinute() {
        let fragments = CardCache(budget: 1_048_576)
        let renders = Mutex(0)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func card(_ id: Int, favorite: Bool = false, generation: Int = 1, at time: Date = now) -> String {
            let key = CardCache.Key(
                id: id, marks: CardMarks(isFavorite: favorite), compact: false, anchorID: nil, language: .en)
            var page = HTMLPieces()
            fragments.append(1, key: { _ in key }, to: &page, generation: generation, now: time) { _, _ in
                renders.withLock { $0 += 1 }
                let text = "<article>\(id) \(favorite) \(generation) \(Int(time.timeIntervalSince1970))</article>"
                return HTML(stringLiteral: text)
            }
            return page.html.rendered
        }
        let first = card(1)
        #expect(card(1) == first)
        #expect(renders.withLock { $0 } == 1, "the second time it is kept")
        _ = card(1, favorite: true)
        _ = card(2)
        #expect(renders.withLock { $0 } == 3, "another state or card is rendered")
        #expect(card(1, at: now.addingTimeInterval(60)) != first, "a new minute renders anew")
        #expect(card(1, generation: 2, at: now.addingTimeInterval(60)).contains(" 2 "), "so does a new snapshot")
        // A request still on the older snapshot renders for itself and does not replace the newer cards.
        _ = card(1, generation: 1, at: now.addingTimeInterval(60))
        let count = renders.withLock { $0 }
        _ = card(1, generation: 2, at: now.addingTimeInterval(60))
        #expect(renders.withLock { $0 } == count)

        let none = CardCache(budget: 0)
        let key = CardCache.Key(id: 1, marks: CardMarks(), compact: false, anchorID: nil, language: .en)
        for _ in 0..<3 {
            var page = HTMLPieces()
            none.append(1, key: { _ in key }, to: &page, generation: 1, now: now) { _, _ in
                renders.withLock { $0 += 1 }; return "<p></p>"
            }
        }
        #expect(renders.withLock { $0 } == count + 3, "a budget of 0 keeps nothing")
    }

    /// Cards are kept within a byte budget; past it the card kept longest ago and not used since makes room, so a
    /// card every page shows stays while the rest come and go, and the pages made meanwhile keep their bytes.
    @Test func keptCardsPushOutTheUnusedOnesNotEverything() {
        let fragments = CardCache(budget: 4_096)
        let renders = Mutex([Int: Int]())
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func text(_ id: Int) -> String {
            "<article>card \(id) " + String(repeating: "é", count: id % 50) + "</article>"
        }
        func cards(_ ids: [Int], at time: Date = now) -> HTMLPieces {
            var page = HTMLPieces()
            fragments.append(
                ids.count,
                key: { CardCache.Key(id: ids[$0], marks: CardMarks(), compact: false, anchorID: nil, language: .en) },
                to: &page, generation: 1, now: time
            ) { index, _ in
                renders.withLock { $0[ids[index], default: 0] += 1 }
                return HTML(stringLiteral: text(ids[index]))
            }
            return page
        }
        var pages: [(ids: [Int], page: HTMLPieces)] = []
        // Many times over budget (each card about 150 bytes counted): card 0 is on every page.
        for id in 1..<300 { pages.append(([0, id], cards([0, id]))) }
        for (ids, page) in pages { #expect(page.html.rendered == ids.map(text).joined()) }
        let counts = renders.withLock { $0 }
        #expect(counts[0] == 1, "the card every page shows stays kept")
        #expect((1..<300).allSatisfy { counts[$0] == 1 }, "each other card made once")
        _ = cards([1])
        #expect(renders.withLock { $0[1] } == 2, "the first of the others was pushed out")
        _ = cards([299])
        #expect(renders.withLock { $0[299] } == 1, "the newest is still kept")
    }
}
