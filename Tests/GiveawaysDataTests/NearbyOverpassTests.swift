import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Synchronization
import Testing

@testable import GiveawaysUpstream

/// OpenStreetMap through Overpass (and Nominatim for names), against the fakes: the wire format's quirks, paging
/// by offset, the cache that answers stale when Overpass fails, and each failure typed.
@Suite struct NearbyOverpassTests {
    static let alexanderplatz = GeoPoint(latitude: 52.5219, longitude: 13.4132)!

    /// Ten places around Alexanderplatz, of every shape the documentation warns about.
    static let world: [FakeOverpass.Element] = [
        .node(
            1, 52.5219, 13.4132,
            [
                "shop": "video_games", "name": "Pixel Laden", "addr:street": "Alexanderplatz",
                "addr:housenumber": "1", "addr:postcode": "10178", "addr:city": "Berlin",
                "website": "https://pixel.example",
            ]),
        .node(2, 52.5220, 13.4140, ["leisure": "amusement_arcade"]),
        .way(3, 52.5230, 13.4100, ["amenity": "internet_cafe", "internet_cafe": "gaming", "name": "گیم‌نت آرش"]),
        .way(4, 52.5200, 13.4200, ["shop": "toys", "name": "おもちゃ屋", "addr:city": ""]),
        .way(5, 52.5240, 13.4000, ["shop": "games", "name": "  "], type: "relation"),
        .node(6, 52.5250, 13.4150, ["shop": "hobby", "name": "Modellbau", "website": "javascript:alert(1)"]),
        .node(7, 52.5250, 13.4150, ["shop": "comics", "name": "Same Spot Comics"]),
        .node(8, 52.5260, 13.4160, ["shop": "books", "books": "comics", "name": "Buch & Comic"]),
        .node(9, 52.5180, 13.4080, ["shop": "video_games", "name": "Retro Ecke"]),
        .node(10, 52.5170, 13.4050, [:]),
    ]

    static func source(
        _ connections: HTTPConnections, overpass: URL, nominatim: URL, cache: PlaceResultsCache = PlaceResultsCache(),
        clock: @escaping @Sendable () -> Date = { Date() }, maxAge: TimeInterval = 900,
        timeout: Duration = .seconds(15)
    ) -> OverpassPlaceSource {
        OverpassPlaceSource(
            connections: connections, interpreterURL: overpass,
            geocoder: NominatimGeocoder(
                connections: connections, baseURL: nominatim,
                userAgent: PlaceUserAgent.make(contact: "ops@example.org"),
                gate: PlaceSearchGate(limit: 4)),
            userAgent: PlaceUserAgent.make(contact: "ops@example.org"), cache: cache, clock: clock, maxAge: maxAge,
            timeout: timeout, gate: PlaceSearchGate(limit: 4))
    }

    /// Runs `body` with a fake Overpass holding `world`, a fake Nominatim, and a source over both.
    static func withSource(
        _ overpass: FakeOverpass = FakeOverpass(world), nominatim: FakeNominatim = FakeNominatim(),
        cache: PlaceResultsCache = PlaceResultsCache(), clock: @escaping @Sendable () -> Date = { Date() },
        maxAge: TimeInterval = 900, timeout: Duration = .seconds(15),
        _ body: @Sendable (OverpassPlaceSource) async throws -> Void
    ) async throws {
        try await HTTPConnections.using { connections in
            try await overpass.withServer { overpassURL in
                try await nominatim.withServer { nominatimURL in
                    try await body(
                        source(
                            connections, overpass: overpassURL, nominatim: nominatimURL, cache: cache, clock: clock,
                            maxAge: maxAge, timeout: timeout))
                }
            }
        }
    }

    // MARK: - The wire format

    @Test func elementsOfEveryShapeBecomePlacesWithoutInventedValues() throws {
        let body = Data(
            #"""
            {"version":0.6,"generator":"Overpass API","elements":[
             {"type":"node","id":1,"lat":52.52,"lon":13.40,"tags":{"shop":"video_games","name":"Pixel","addr:street":"",
              "addr:city":"Berlin"}},
             {"type":"way","id":2,"center":{"lat":52.53,"lon":13.41},"tags":{"leisure":"amusement_arcade"}},
             {"type":"relation","id":3,"center":{"lat":52.54,"lon":13.42},"tags":{"shop":"toys","name":"おもちゃ屋"}},
             {"type":"node","id":4,"lat":52.52,"lon":13.40},
             {"type":"way","id":5,"tags":{"shop":"toys"}},
             {"type":"area","id":6,"lat":1,"lon":1},
             {"type":"node","id":7,"lat":"52","lon":13}
            ]}
            """#.utf8)
        let places = try OverpassDecoder().places(body)
        #expect(places.map(\.id) == ["osm:node/1", "osm:way/2", "osm:relation/3", "osm:node/4"])
        #expect(places[0].address == "Berlin" && places[0].categories == [.videoGames])
        #expect(places[1].name == nil && places[1].categoryNames == ["Arcade"] && places[1].address == nil)
        #expect(places[2].name == "おもちゃ屋" && places[2].point == GeoPoint(latitude: 52.54, longitude: 13.42))
        #expect(places[3].categories.isEmpty && places[3].rating == nil && places[3].isOpen == nil)
        #expect(places[2].sourceURL.absoluteString == "https://www.openstreetmap.org/relation/3")
    }

    @Test func aRuntimeErrorRemarkIsAFailureNotAnEmptyArea() {
        let body = Data(#"{"elements":[],"remark":"runtime error: Query timed out in \"query\""}"#.utf8)
        #expect(throws: PlaceSourceError.self) { try OverpassDecoder().places(body) }
        #expect(throws: PlaceSourceError.self) { try OverpassDecoder().places(Data("<html>busy</html>".utf8)) }
    }

    // MARK: - Searching

    @Test func pagingReachesEveryPlaceOfTheAreaExactlyOnceNearestFirst() async throws {
        let overpass = FakeOverpass(Self.world)
        try await Self.withSource(overpass) { source in
            var seen: [String] = []
            var query = PlaceQuery(area: .around(Self.alexanderplatz, radius: 2_000), limit: 3)
            var pages = 0
            repeat {
                let page = try await source.search(query)
                #expect(page.source == .openStreetMap && page.staleSince == nil)
                #expect(page.places.count <= 3)
                seen += page.places.map(\.id)
                query.cursor = page.next
                pages += 1
            } while query.cursor != nil && pages < 10
            #expect(seen.count == Self.world.count && Set(seen).count == seen.count)
            #expect(seen.first == "osm:node/1")
            // One Overpass query for the whole area: the later pages come from the cache.
            #expect(overpass.requests.count == 1)
            #expect(overpass.requests[0].headers["user-agent"] == "GameGiveaways/1.0 (self-hosted; ops@example.org)")
            #expect(overpass.queries[0].contains(#"nwr["shop"="video_games"]("#))
            #expect(overpass.queries[0].contains("out center tags"))
        }
    }

    @Test func categoriesTextAndNamesFilterTheAreaHere() async throws {
        try await Self.withSource { source in
            let center = Self.alexanderplatz
            let comics = try await source.search(.init(area: .around(center, radius: 2_000), categories: [.comics]))
            #expect(Set(comics.places.map(\.id)) == ["osm:node/7", "osm:node/8"])
            // Shared coordinates: both places, each once.
            #expect(comics.places.filter { $0.point == GeoPoint(latitude: 52.5250, longitude: 13.4150) }.count == 1)
            let spot = try await source.search(.init(area: .around(center, radius: 2_000), text: "o"))
            #expect(spot.places.filter { $0.point == GeoPoint(latitude: 52.5250, longitude: 13.4150) }.count == 2)
            let gaming = try await source.search(.init(area: .around(center, radius: 2_000), categories: [.gamingCafe]))
            #expect(gaming.places.map(\.name) == ["گیم‌نت آرش"])
            let text = try await source.search(.init(area: .around(center, radius: 2_000), text: "retro"))
            #expect(text.places.map(\.id) == ["osm:node/9"])
            let website = try await source.search(.init(area: .around(center, radius: 2_000), text: "modellbau"))
            #expect(website.places.first?.website == nil)
        }
    }

    @Test func aTypedPlaceIsFoundThroughNominatimOnceAndItsBoxSearched() async throws {
        let overpass = FakeOverpass(Self.world)
        let nominatim = FakeNominatim()
        try await Self.withSource(overpass, nominatim: nominatim) { source in
            let first = try await source.search(.init(area: .named("Berlin")))
            _ = try await source.search(.init(area: .named(" berlin ")))
            #expect(first.places.count == Self.world.count)
            #expect(first.area == GeoArea(south: 52.47, west: 13.30, north: 52.57, east: 13.48))
            #expect(nominatim.requests.count == 1)
            #expect(nominatim.requests[0].query["format"] == "jsonv2")
            #expect(overpass.queries[0].contains("(52.47,13.3,52.57,13.48)"))
            await #expect(throws: PlaceSourceError.unknownPlace) {
                try await source.search(.init(area: .named("Atlantis")))
            }
        }
    }

    @Test func aHugeBoxIsSearchedAroundItsCentreOnly() async throws {
        let overpass = FakeOverpass(Self.world)
        try await Self.withSource(overpass) { source in
            let europe = GeoArea(south: 35, west: -10, north: 70, east: 40)!
            let page = try await source.search(.init(area: .box(europe)))
            let asked = try #require(page.area)
            #expect(asked.north - asked.south < 1 && asked.contains(europe.center))
        }
    }

    /// A typed search over a wide area (a search widened past the view) asks Overpass by name, and by the kinds the
    /// text names: a city's every shop would be a heavy answer, and its cap could cut off the one typed. A view's
    /// area is asked for all its places once, whatever is typed.
    @Test func aTypedSearchOverAWideAreaAsksOverpassByName() async throws {
        let overpass = FakeOverpass(Self.world)
        try await Self.withSource(overpass) { source in
            let small = try await source.search(.init(area: .around(Self.alexanderplatz, radius: 2_000), text: "retro"))
            #expect(small.places.map(\.id) == ["osm:node/9"])
            let wide = try await source.search(.init(area: .around(Self.alexanderplatz, radius: 25_000), text: "Retro"))
            #expect(wide.places.map(\.id) == ["osm:node/9"])
            let arcades = try await source.search(
                .init(area: .around(Self.alexanderplatz, radius: 25_000), text: "arcade"))
            #expect(arcades.places.map(\.id) == ["osm:node/2"])
            // The same name again (any case) is answered from the cache.
            _ = try await source.search(.init(area: .around(Self.alexanderplatz, radius: 25_000), text: "RETRO"))
            let queries = overpass.queries
            #expect(queries.count == 3)
            #expect(!queries[0].contains("->.k"))
            #expect(queries[1].contains(#")->.k;(nwr.k["name"~"R(e|è|é|ê|ë|ē|ė|ę|ě|È|É|Ê|Ë|Ē|Ė|Ę|Ě)tr(o|"#))
            #expect(queries[1].contains(#"",i];);out center tags 500;"#))
            #expect(queries[2].contains(#",i];nwr.k["leisure"="amusement_arcade"];);"#))
        }
    }

    @Test func aTypedNameIsMatchedLiterallyAtOverpassWithOrWithoutAccents() {
        #expect(OverpassQuery.pattern("x.y*(z)") == #"x\\.(y|ý|ÿ|Ý|Ÿ)\\*\\((z|ź|ż|ž|Ź|Ż|Ž)\\)"#)
        #expect(OverpassQuery.pattern(#"12 "B""#) == #"12 \"B\""#)
        #expect(OverpassQuery.pattern("Groß\n") == "Gr(o|ò|ó|ô|õ|ö|ø|ō|ő|Ò|Ó|Ô|Õ|Ö|Ø|Ō|Ő)ß ")
        // An accent typed stands for its plain letter too (as the search here ignores accents).
        #expect(OverpassQuery.pattern("Ü") == "(U|ù|ú|û|ü|ū|ů|ű|ų|Ù|Ú|Û|Ü|Ū|Ů|Ű|Ų)")
    }

    // MARK: - Failures

    @Test(arguments: [
        (FakeFault.rateLimited(retryAfter: "30"), PlaceSourceError.rateLimited(retryAfter: 30)),
        (FakeFault.answer(status: 504, body: "gateway timeout"), PlaceSourceError.unavailable(status: 504)),
        (FakeFault.answer(status: 500, body: "{}"), PlaceSourceError.unavailable(status: 500)),
        (FakeOverpass.runtimeError, nil),
        (FakeFault.malformedJSON, nil),
        (FakeFault.stall(seconds: 30), PlaceSourceError.timedOut),
    ])
    func eachFailureIsTyped(fault: FakeFault, expected: PlaceSourceError?) async throws {
        let overpass = FakeOverpass(Self.world)
        overpass.misbehave(fault)
        // Only the stall needs a short deadline; the others get a loaded machine's worth of time.
        let timeout: Duration = fault == .stall(seconds: 30) ? .seconds(2) : .seconds(15)
        try await Self.withSource(overpass, timeout: timeout) { source in
            do throws(PlaceSourceError) {
                _ = try await source.search(.init(area: .around(Self.alexanderplatz, radius: 1_000)))
                Issue.record("a failing Overpass gave places")
            } catch {
                if let expected {
                    #expect(error == expected)
                } else if case .malformed = error {
                } else {
                    Issue.record("expected malformed, got \(error)")
                }
            }
        }
    }

    @Test func aFailedSearchAnswersTheAreasLastPlacesMarkedStale() async throws {
        let overpass = FakeOverpass(Self.world)
        let now = Mutex(Date(timeIntervalSince1970: 1_000_000))
        try await Self.withSource(overpass, clock: { now.withLock { $0 } }, maxAge: 60) { source in
            let query = PlaceQuery(area: .around(Self.alexanderplatz, radius: 2_000), limit: 50)
            let fresh = try await source.search(query)
            now.withLock { $0 += 3_600 }
            overpass.misbehave(FakeOverpass.runtimeError)
            let stale = try await source.search(query)
            #expect(stale.places == fresh.places)
            #expect(stale.staleSince == Date(timeIntervalSince1970: 1_000_000))
            #expect(overpass.requests.count == 2)
            await #expect(throws: PlaceSourceError.self) {
                try await source.search(.init(area: .around(GeoPoint(latitude: 48.1, longitude: 11.5)!, radius: 500)))
            }
        }
    }

    @Test func aCursorThisSourceNeverMadeIsRefused() async throws {
        try await Self.withSource { source in
            for text in ["c3I6MTA", "osm.-1", "osm.99999", "osm."] {
                await #expect(throws: PlaceSourceError.unavailable(status: 400)) {
                    try await source.search(
                        .init(area: .around(Self.alexanderplatz, radius: 500), cursor: PlaceCursor(rawValue: text)))
                }
            }
        }
    }

    @Test func theResultsCacheStaysWithinItsEntriesAndBytes() {
        let cache = PlaceResultsCache(maxEntries: 3, maxBytes: 1_000)
        let date = Date()
        for index in 0..<10 {
            let area = GeoArea(around: GeoPoint(latitude: 50, longitude: Double(index))!, radius: 1_000)
            cache.store([], for: area, bytes: 300, at: date)
            #expect(cache.usage.entries <= 3 && cache.usage.bytes <= 1_000)
        }
        let newest = GeoArea(around: GeoPoint(latitude: 50, longitude: 9)!, radius: 1_000)
        #expect(cache.places(for: newest) != nil)
        cache.store([], for: newest, bytes: 5_000, at: date)
        #expect(cache.usage.bytes <= 1_000)
    }
}

/// The server-wide gate on upstream searches: never more at once than its limit, every caller served.
@Suite struct PlaceSearchGateTests {
    final class Order: Sendable {
        let list = Mutex<[Int]>([])
    }

    final class Load: Sendable {
        let state = Mutex((running: 0, most: 0, entered: 0))
    }

    /// Lets one waiter through per `open()`, whoever came first.
    actor Turnstile {
        private var permits = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func pass() async {
            if permits > 0 {
                permits -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func open() {
            if waiting.isEmpty { permits += 1 } else { waiting.removeFirst().resume() }
        }
    }

    @Test func noMoreSearchesRunAtOnceThanTheLimit() async throws {
        let gate = PlaceSearchGate(limit: 2)
        let load = Load()
        let turnstile = Turnstile()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    try await gate.run {
                        load.state.withLock {
                            $0.running += 1
                            $0.entered += 1
                            $0.most = max($0.most, $0.running)
                        }
                        await turnstile.pass()
                        load.state.withLock { $0.running -= 1 }
                    }
                }
            }
            // Two are in; let one out each time the next has come in, until all six have run.
            for expected in 2...6 {
                while load.state.withLock({ $0.entered }) < expected { await Task.yield() }
                await turnstile.open()
            }
            await turnstile.open()
            try await group.waitForAll()
        }
        #expect(load.state.withLock { $0.most } == 2 && load.state.withLock { $0.entered } == 6)
    }

    @Test func pastItsQueueTheGateRefusesAtOnceAndServesTheRestInOrder() async throws {
        let gate = PlaceSearchGate(limit: 1, maximumWaiting: 2)
        let turnstile = Turnstile()
        let order = Order()
        try await withThrowingTaskGroup(of: Void.self) { group in
            // One runs (held at the turnstile), then two wait: the queue is full.
            group.addTask { try await gate.run { await turnstile.pass() } }
            while await gate.usage.running < 1 { await Task.yield() }
            for n in 1...2 {
                group.addTask { try await gate.run { order.list.withLock { $0.append(n) } } }
                while await gate.usage.waiting < n { await Task.yield() }
            }
            // The next is refused without waiting, told when to come back; nothing of it ran.
            do {
                _ = try await gate.run { order.list.withLock { $0.append(99) } }
                Issue.record("a search past the queue was let in")
            } catch let error as PlaceSourceError {
                #expect(error == .busy(retryAfter: PlaceSearchGate.busyRetryAfter))
                #expect(error.retryAfter == PlaceSearchGate.busyRetryAfter)
            }
            // Once the running one leaves, the waiting ones are served in their order, and the gate takes more.
            await turnstile.open()
            try await group.waitForAll()
        }
        try await gate.run { order.list.withLock { $0.append(3) } }
        #expect(order.list.withLock { $0 } == [1, 2, 3])
        let usage = await gate.usage
        #expect(usage.running == 0 && usage.waiting == 0)
    }
}
