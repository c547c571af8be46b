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
        _ = try await CatalogSQLiteRepository(database: harness.repository.database).saveCatalog(
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

    /// A personal page's gzip answer is joined from compressed pieces, not made by compressing the page: it
    /// inflates to the plain page, is about as small as the page compressed whole, and carries the page's validator.
    @Test func aPersonalPagesGzipIsJoinedFromPiecesAndInflatesToThePage() async throws {
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
                    gzipped.body.readableBytes <= compressedWhole.readableBytes * 3 / 2 + 200,
                    "\(uri): \(gzipped.body.readableBytes) bytes joined, \(compressedWhole.readableBytes) whole")
            }
        }
    }

    /// Pieces joined in any order inflate to their text: a piece compressed after one neighbour is never laid
    /// after another (it may point back into the bytes before it), long and empty pieces and stored blocks too.
    @Test func compressedPiecesJoinInAnyOrder() throws {
        let pieces = JoinedGzip(budget: 1_048_576)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let card = "<article class=\"card\"><h3>Lantern Quest</h3><p>Free on Steam until Friday.</p></article>"
        let a = PagePiece(kept: HTML(stringLiteral: card))
        let b = PagePiece(kept: HTML(stringLiteral: card.replacingOccurrences(of: "Lantern", with: "Harbor")))
        let c = PagePiece(kept: HTML(stringLiteral: "<p>Something else entirely — ünïcödé ✓</p>"))
        let long = PagePiece(
            HTML(stringLiteral: String(repeating: "<li>Ein langer Text über Spiele</li>", count: 3_000)))
        let short = PagePiece(HTML(stringLiteral: "<span>12</span>"))
        // Canonically equivalent, different bytes: Swift's `==` takes them as equal; a piece's name must not.
        let composed = PagePiece(HTML(stringLiteral: "<p>Caf\u{E9} \u{E9}t\u{E9}</p>"))
        let decomposed = PagePiece(HTML(stringLiteral: "<p>Cafe\u{301} e\u{301}te\u{301}</p>"))
        let sequences: [[PagePiece]] = [
            [a, b], [c, b], [b, a, b], [short, b, long, a], [long], [c, short, c, short], [a, a, a], [], [b],
            [short, composed, c], [short, decomposed, c], [decomposed, composed], [composed, decomposed],
        ]
        for round in 0..<2 {
            for sequence in sequences {
                var page = JoinedPage()
                page.append(contentsOf: sequence)
                var gzipped = pieces.gzip(page, generation: 1, now: now)
                let inflated = try gzipped.decompress(with: .gzip())
                #expect(
                    Array(inflated.readableBytesView) == Array(page.html.rendered.utf8),
                    "round \(round): \(sequence.count) pieces")
            }
        }
        // A piece compressed after `a` points back into it: laid after `c`, it would inflate wrong. Each neighbour
        // gets its own.
        let afterA = PieceDeflater.deflate(b.html.rendered, dictionary: a.html.rendered)
        let alone = PieceDeflater.deflate(b.html.rendered, dictionary: nil)
        #expect(afterA.bytes.count < alone.bytes.count, "the neighbour is used as the dictionary")
        // A stored block (zlib's fallback) joins like any piece.
        let text = Array("plain & stored".utf8)
        let stored = text.withUnsafeBytes { PieceDeflater.stored($0) }
        var joined = PieceDeflater.gzip([PieceDeflater.deflate("<p>", dictionary: nil), stored])
        #expect(String(buffer: try joined.decompress(with: .gzip())) == "<p>plain & stored")
    }

    @Test func aSharedPartIsMadeOncePerGenerationAndMinute() {
        let parts = SharedParts(capacity: 2)
        let made = Mutex(0)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func part(_ target: String, generation: Int = 1, at time: Date = now) -> String {
            parts.value(.init(kind: .homeFrame, target: target), generation: generation, now: time) {
                made.withLock { $0 += 1 }
                return "\(target) \(generation) \(Int(time.timeIntervalSince1970))"
            }
        }
        let first = part("/")
        #expect(part("/") == first)
        #expect(made.withLock { $0 } == 1, "the second time it is kept")
        #expect(part("/?q=x") != first)
        #expect(part("/", at: now.addingTimeInterval(60)) != first, "a new minute makes it anew")
        #expect(part("/", generation: 2, at: now.addingTimeInterval(60)).hasSuffix(" 2 1800000060"))
        _ = part("/", generation: 1, at: now.addingTimeInterval(60))
        let count = made.withLock { $0 }
        #expect(part("/", generation: 2, at: now.addingTimeInterval(60)).contains(" 2 "))
        #expect(made.withLock { $0 } == count, "an older snapshot's request does not replace the newer part")
        _ = part("/a", generation: 2, at: now.addingTimeInterval(60))
        _ = part("/b", generation: 2, at: now.addingTimeInterval(60))
        _ = part("/c", generation: 2, at: now.addingTimeInterval(60))
        #expect(made.withLock { $0 } == count + 3, "past its capacity it makes room")
        _ = part("/c", generation: 2, at: now.addingTimeInterval(60))
        #expect(made.withLock { $0 } == count + 3, "for the newest part: the oldest ones went")

        let none = SharedParts(capacity: 0)
        for _ in 0..<3 {
            _ = none.value(.init(kind: .homeFrame, target: "/"), generation: 1, now: now) {
                made.withLock { $0 += 1 }; return ""
            }
        }
        #expect(made.withLock { $0 } == count + 6, "a capacity of 0 keeps nothing")
    }

    /// The parts kept are bounded in bytes too: the filters one client can vary (a search, a sort, a type…) cost at
    /// most the budget, and a part bigger than a quarter of it is made for its request and not kept.
    @Test func sharedPartsAreBoundedInBytes() {
        let parts = SharedParts(capacity: 100, budgetBytes: 1_000)
        let made = Mutex(0)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func part(_ target: String, bytes: Int) -> String {
            parts.value(.init(kind: .homeFrame, target: target), generation: 1, now: now) {
                made.withLock { $0 += 1 }
                return String(repeating: "x", count: bytes - target.utf8.count)
            }
        }
        for name in ["/a", "/b", "/c", "/d"] { _ = part(name, bytes: 240) }
        for name in ["/a", "/b", "/c", "/d"] { _ = part(name, bytes: 240) }
        #expect(made.withLock { $0 } == 4, "four parts of 240 bytes fit a budget of 1,000")
        _ = part("/e", bytes: 240)
        _ = part("/a", bytes: 240)
        #expect(made.withLock { $0 } == 6, "a fifth pushes out the oldest")
        _ = part("/c", bytes: 240)
        _ = part("/d", bytes: 240)
        #expect(made.withLock { $0 } == 6, "and only as many as it needs")
        _ = part("/big", bytes: 300)
        _ = part("/big", bytes: 300)
        #expect(made.withLock { $0 } == 8, "a part over a quarter of the budget is never kept")
        _ = part("/e", bytes: 240)
        #expect(made.withLock { $0 } == 8, "and does not push out what was")
    }

    /// A personal page carries a validator made before rendering: a revisit with nothing changed is a 304, and a
    /// new mark, another visitor or another language is not.
    @Test func aPersonalPageRevisitedUnchangedIsA304() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var alice = Browser()
            var bob = Browser()
            _ = try await alice.heart(3101, on: true, client: client)
            _ = try await bob.heart(3102, on: true, client: client)
            func get(_ browser: Browser, _ uri: String, _ extra: HTTPFields = [:]) async throws -> TestResponse {
                var headers = browser.cookieHeader
                for field in extra { headers[field.name] = field.value }
                return try await client.execute(uri: uri, method: .get, headers: headers) { $0 }
            }
            for uri in ["/", "/more"] {
                let first = try await get(alice, uri)
                let tag = try #require(first.headers[.eTag])
                #expect(first.status == .ok)
                let again = try await get(alice, uri, [.ifNoneMatch: tag])
                #expect(again.status == .notModified, "\(uri)")
                #expect(again.body.readableBytes == 0)
                #expect(again.headers[.eTag] == tag)
                let gzipped = try await get(alice, uri, [.ifNoneMatch: tag, .acceptEncoding: "gzip"])
                #expect(gzipped.status == .notModified)
                #expect(try await get(bob, uri, [.ifNoneMatch: tag]).status == .ok, "another visitor")
                let german = try await get(alice, uri, [.ifNoneMatch: tag, .acceptLanguage: "de"])
                #expect(german.status == .ok, "another language")
            }
            let home = try #require(try await get(alice, "/").headers[.eTag])
            _ = try await alice.post("/giveaways/3103/mark", "kind=claimed&on=1", client: client)
            let changed = try await get(alice, "/", [.ifNoneMatch: home])
            #expect(changed.status == .ok, "a new mark changes the page")
            #expect(changed.headers[.eTag] != home)
        }
    }

    @Test func aCardIsRenderedOncePerStateGenerationAndMinute() {
        let fragments = KeptCards(budget: 1_048_576)
        let renders = Mutex(0)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func card(_ id: Int, favorite: Bool = false, generation: Int = 1, at time: Date = now) -> String {
            let key = KeptCards.Key(
                id: id, marks: CardMarks(isFavorite: favorite), compact: false, anchorID: nil, language: .en)
            var page = JoinedPage()
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

        let none = KeptCards(budget: 0)
        let key = KeptCards.Key(id: 1, marks: CardMarks(), compact: false, anchorID: nil, language: .en)
        for _ in 0..<3 {
            var page = JoinedPage()
            none.append(1, key: { _ in key }, to: &page, generation: 1, now: now) { _, _ in
                renders.withLock { $0 += 1 }; return "<p></p>"
            }
        }
        #expect(renders.withLock { $0 } == count + 3, "a budget of 0 keeps nothing")
    }

    /// A page keeps the bytes of the cards it was given after the fragments moved on to a new slab (over budget,
    /// a new minute): the old slab lives as long as a page holds it.
    @Test func keptCardsOutliveTheSlabBeingReplaced() {
        let fragments = KeptCards(budget: 4_096)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func text(_ id: Int) -> String {
            // Card 5 is about 20 KB: a block of its own.
            "<article>card \(id) " + String(repeating: "é", count: id == 5 ? 10_000 : id % 700) + "</article>"
        }
        func cards(_ ids: Range<Int>, at time: Date = now) -> JoinedPage {
            var page = JoinedPage()
            fragments.append(
                ids.count,
                key: {
                    KeptCards.Key(
                        id: ids.lowerBound + $0, marks: CardMarks(), compact: false, anchorID: nil, language: .en)
                },
                to: &page, generation: 1, now: time
            ) { index, _ in HTML(stringLiteral: text(ids.lowerBound + index)) }
            return page
        }
        _ = cards(0..<3)
        let held = cards(0..<3)  // kept by now: these pieces point into the first slab
        _ = cards(3..<10)
        let heldLong = cards(3..<10)  // card 5 in a block of its own
        var pages: [JoinedPage] = []
        // Many times over budget: the slab is replaced again and again.
        for start in stride(from: 3, to: 300, by: 7) { pages.append(cards(start..<start + 7)) }
        pages.append(cards(0..<3, at: now.addingTimeInterval(60)))
        #expect(held.html.rendered == (0..<3).map(text).joined())
        #expect(heldLong.html.rendered == (3..<10).map(text).joined())
        for (offset, page) in pages.dropLast().enumerated() {
            let start = 3 + offset * 7
            #expect(page.html.rendered == (start..<start + 7).map(text).joined())
        }
        // A card longer than a slab's block has a block of its own.
        let slab = CardSlab()
        let long = String(repeating: "<p>Ein sehr langer Text über ein Spiel</p>", count: 2_000)
        let small = (0..<2_000).map { slab.keep("<b>\($0)</b>") }
        let big = slab.keep(long)
        #expect(String(decoding: big, as: UTF8.self) == long)
        #expect(small.enumerated().allSatisfy { String(decoding: $1, as: UTF8.self) == "<b>\($0)</b>" })
        #expect(slab.keep("").isEmpty)
    }
}

extension String: SharedPart {
    public var keptBytes: Int { utf8.count }
}
