import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Synchronization
import Testing

@testable import GiveawaysUpstream

/// Foursquare's Places API (2025-06-17) against the fake: its wire format's gaps, paging by the `Link` header to the
/// last page, each failure typed, the fallback to OpenStreetMap, and the key kept out of URLs, logs and errors.
@Suite struct NearbyFoursquareTests {
    static let key = "FSQSECRETKEY0123456789abcdef"
    static let center = GeoPoint(latitude: 52.520008, longitude: 13.404954)!
    static let videoGames = (id: "4bf58dd8d48988d10b951735", name: "Video Games Store")
    static let arcade = (id: "4bf58dd8d48988d1e1931735", name: "Arcade")

    /// 23 places within a few hundred metres of the centre.
    static let places: [String] = (0..<23).map { index in
        FakeFoursquare.place(
            id: String(format: "5a%022x", index), name: "Store \(index)", latitude: 52.520008 + Double(index) * 0.0003,
            longitude: 13.404954, categories: [index.isMultiple(of: 2) ? videoGames : arcade])
    }

    static func withSource(
        _ fake: FakeFoursquare, key: String = key, timeout: Duration = .seconds(15),
        clock: @escaping @Sendable () -> Date = { Date() },
        _ body: @Sendable (FoursquarePlaceSource) async throws -> Void
    ) async throws {
        try await HTTPConnections.using { connections in
            try await fake.withServer { url in
                try await body(
                    FoursquarePlaceSource(
                        connections: connections, baseURL: url, key: key, userAgent: PlaceUserAgent.make(contact: nil),
                        clock: clock, timeout: timeout, gate: PlaceSearchGate(limit: 4)))
            }
        }
    }

    // MARK: - The wire format

    @Test func placesWithGapsDecodeWithoutInventedValues() throws {
        let body = Data(
            #"""
            {"results":[
             {"fsq_place_id":"4b0588d1f964a520d4d922e3","name":"گیم‌نت آرش","latitude":35.7,"longitude":51.4,
              "categories":[],"location":{"address":"","locality":"","country":"IR"},"chains":[{"id":"x"}]},
             {"fsq_place_id":"4b0588d1f964a520d4d922e4","name":"ゲームセンター","latitude":35.7,"longitude":51.4,
              "categories":[{"fsq_category_id":"4bf58dd8d48988d1e1931735","name":"Arcade"},{"name":"Other"}],
              "location":{"address":"Shibuya 1","locality":"Токио","postcode":"150"},"rating":8.4,
              "hours":{"open_now":false},"website":"https://arcade.example"},
             {"fsq_place_id":"4b0588d1f964a520d4d922e5","name":"","latitude":35.7,"longitude":51.4},
             {"fsq_place_id":"4b0588d1f964a520d4d922e6","name":"No coordinates"},
             {"fsq_place_id":"4b0588d1f964a520d4d922e7","name":"Formatted","latitude":1,"longitude":2,
              "location":{"formatted_address":"Torstraße 1, 10119 Berlin"},"rating":"high"}
            ],"context":{"geo_bounds":{"circle":{"center":{"latitude":35.7,"longitude":51.4},"radius":22000}}}}
            """#.utf8)
        let (places, area) = try FoursquareDecoder().page(body)
        #expect(places.count == 4)
        #expect(places[0].name == "گیم‌نت آرش" && places[0].address == nil && places[0].categories.isEmpty)
        #expect(places[0].rating == nil && places[0].isOpen == nil)
        #expect(places[1].name == "ゲームセンター" && places[1].categories == [.arcade])
        #expect(places[1].categoryNames == ["Arcade", "Other"] && places[1].address == "Shibuya 1, 150 Токио")
        #expect(places[1].rating == 8.4 && places[1].isOpen == false)
        #expect(places[0].point == places[1].point && places[0].id != places[1].id)
        #expect(places[2].name == nil)
        #expect(places[3].address == "Torstraße 1, 10119 Berlin" && places[3].rating == nil)
        #expect(places[1].sourceURL.absoluteString == "https://foursquare.com/v/4b0588d1f964a520d4d922e4")
        #expect(area?.contains(GeoPoint(latitude: 35.7, longitude: 51.4)!) == true)
        #expect(throws: PlaceSourceError.self) { try FoursquareDecoder().page(Data(#"{"results": 3}"#.utf8)) }
    }

    @Test func theLinkHeadersCursorIsKeptOpaqueAndOnlyForRelNext() {
        let next = FoursquareLink.nextCursor(
            #"<https://places-api.foursquare.com/places/search?cursor=c3I6MTA%3D&ll=52.52%2C13.405&limit=50>; rel="next""#
        )
        #expect(next.flatMap(FoursquareLink.upstreamCursor) == "c3I6MTA=")
        #expect(FoursquareLink.nextCursor(nil) == nil)
        #expect(FoursquareLink.nextCursor(#"<https://x.example/places/search?cursor=abc>; rel="prev""#) == nil)
        #expect(FoursquareLink.upstreamCursor(PlaceCursor(rawValue: "osm.20")!) == nil)
    }

    // MARK: - Searching and paging

    @Test func pagingFollowsTheLinkToTheLastPageReachingEveryPlaceOnce() async throws {
        let fake = FakeFoursquare(key: Self.key, places: Self.places)
        try await Self.withSource(fake) { source in
            var query = PlaceQuery(area: .around(Self.center, radius: 5_000), limit: 10)
            var seen: [String] = []
            var pages = 0
            repeat {
                let page = try await source.search(query)
                #expect(page.source == .foursquare)
                seen += page.places.map(\.id)
                query.cursor = page.next
                pages += 1
            } while query.cursor != nil && pages < 10
            #expect(pages == 3 && seen.count == 23 && Set(seen).count == 23)
            let requests = fake.requests
            #expect(requests.count == 3)
            #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer \(Self.key)" })
            #expect(requests.allSatisfy { $0.headers["x-places-api-version"] == "2025-06-17" })
            #expect(requests[0].query["ll"] == "52.520008,13.404954" && requests[0].query["radius"] == "5000")
            #expect(requests[0].query["cursor"] == nil && requests[2].query["cursor"] != nil)
            #expect(requests[0].query["fsq_category_ids"]?.split(separator: ",").count == PlaceCategory.allCases.count)
            #expect(requests.allSatisfy { !$0.path.contains(Self.key) && !$0.query.values.contains(Self.key) })
        }
    }

    @Test func boxesNamesTextAndCategoriesBecomeFoursquaresParameters() async throws {
        let fake = FakeFoursquare(key: Self.key, places: Self.places)
        try await Self.withSource(fake) { source in
            let box = GeoArea(south: 52.5, west: 13.3, north: 52.6, east: 13.5)!
            let inBox = try await source.search(.init(area: .box(box), categories: [.arcade], limit: 50))
            #expect(inBox.places.count == 11 && inBox.places.allSatisfy { $0.categories == [.arcade] })
            #expect(inBox.area == box)
            let named = try await source.search(.init(area: .named("Berlin"), text: "Store 2", limit: 50))
            #expect(Set(named.places.map(\.name)) == ["Store 2", "Store 20", "Store 21", "Store 22"])
            let requests = fake.requests
            #expect(requests[0].query["ne"] == "52.6,13.5" && requests[0].query["sw"] == "52.5,13.3")
            #expect(requests[0].query["fsq_category_ids"] == Self.arcade.id)
            #expect(requests[1].query["near"] == "Berlin" && requests[1].query["query"] == "Store 2")
            await #expect(throws: PlaceSourceError.unavailable(status: 400)) {
                try await source.search(.init(area: .named("Berlin"), cursor: PlaceCursor(rawValue: "osm.10")))
            }
        }
    }

    @Test func aPageIsKeptOnlyAFewMinutesInMemory() async throws {
        let fake = FakeFoursquare(key: Self.key, places: Self.places)
        let now = Mutex(Date(timeIntervalSince1970: 0))
        try await Self.withSource(fake, clock: { now.withLock { $0 } }) { source in
            let query = PlaceQuery(area: .around(Self.center, radius: 5_000))
            _ = try await source.search(query)
            _ = try await source.search(query)
            #expect(fake.requests.count == 1)
            now.withLock { $0 += 181 }
            _ = try await source.search(query)
            #expect(fake.requests.count == 2)
        }
    }

    // MARK: - Failures

    @Test(arguments: [
        (FakeFault.answer(status: 401, body: #"{"message":"Invalid request token."}"#), PlaceSourceError.refusedKey),
        (FakeFault.answer(status: 402, body: #"{"message":"Payment required."}"#), PlaceSourceError.refusedKey),
        (FakeFault.answer(status: 403, body: #"{"message":"Forbidden."}"#), PlaceSourceError.refusedKey),
        (FakeFault.rateLimited(retryAfter: "12"), PlaceSourceError.rateLimited(retryAfter: 12)),
        (FakeFault.rateLimited(retryAfter: nil), PlaceSourceError.rateLimited(retryAfter: nil)),
        (FakeFault.answer(status: 503, body: "<html>down</html>"), PlaceSourceError.unavailable(status: 503)),
        (FakeFault.stall(seconds: 30), PlaceSourceError.timedOut),
    ])
    func eachFailureIsTyped(fault: FakeFault, expected: PlaceSourceError) async throws {
        let fake = FakeFoursquare(key: Self.key, places: Self.places)
        fake.misbehave(fault)
        // Only the stall needs a short deadline; the others get a loaded machine's worth of time.
        let timeout: Duration = fault == .stall(seconds: 30) ? .seconds(2) : .seconds(15)
        try await Self.withSource(fake, timeout: timeout) { source in
            await #expect(throws: expected) { try await source.search(.init(area: .around(Self.center, radius: 500))) }
        }
    }

    @Test func aWrongKeyOrMalformedJSONIsTyped() async throws {
        let fake = FakeFoursquare(key: Self.key, places: Self.places)
        try await Self.withSource(fake, key: "WRONG") { source in
            await #expect(throws: PlaceSourceError.refusedKey) {
                try await source.search(.init(area: .around(Self.center, radius: 500)))
            }
        }
        fake.misbehave(.malformedJSON)
        try await Self.withSource(fake) { source in
            do throws(PlaceSourceError) {
                _ = try await source.search(.init(area: .around(Self.center, radius: 500)))
                Issue.record("malformed JSON gave places")
            } catch {
                guard case .malformed = error else { return #expect(Bool(false), "got \(error)") }
            }
        }
    }

    // MARK: - The fallback, and the key

    @Test func openStreetMapAnswersWhenFoursquareFailsAndTheKeyLeaksNowhere() async throws {
        let fake = FakeFoursquare(key: Self.key, places: Self.places)
        // Error bodies that echo the key, as a misconfigured proxy might.
        fake.misbehave(
            nil,
            script: [
                .answer(status: 401, body: #"{"message":"Invalid request token \#(Self.key)"}"#),
                .answer(status: 500, body: "upstream said \(Self.key)"),
            ])
        let overpass = FakeOverpass(NearbyOverpassTests.world)
        let logs = CapturedLogs()
        try await HTTPConnections.using { connections in
            try await fake.withServer { fsqURL in
                try await overpass.withServer { overpassURL in
                    let osm = NearbyOverpassTests.source(
                        connections, overpass: overpassURL, nominatim: URL(string: "http://127.0.0.1:9")!)
                    let fsq = FoursquarePlaceSource(
                        connections: connections, baseURL: fsqURL, key: Self.key, userAgent: "test",
                        gate: PlaceSearchGate(limit: 4))
                    let source = FallbackPlaceSource(primary: fsq, fallback: osm, logger: logs.logger)
                    let around = PlaceQuery(area: .around(NearbyOverpassTests.alexanderplatz, radius: 2_000), limit: 4)
                    let refused = try await source.search(around)
                    #expect(refused.source == .openStreetMap && refused.places.count == 4)
                    let failed = try await source.search(.init(area: .around(Self.center, radius: 2_000)))
                    #expect(failed.source == .openStreetMap)
                    let fine = try await source.search(.init(area: .around(Self.center, radius: 2_000)))
                    #expect(fine.source == .foursquare && fine.next != nil)
                    // OpenStreetMap's next page goes to OpenStreetMap, whatever Foursquare does.
                    fake.misbehave(.answer(status: 500, body: "{}"))
                    let second = try await source.search(PlaceQuery(area: around.area, cursor: refused.next, limit: 4))
                    #expect(second.source == .openStreetMap && second.places.first?.id != refused.places.first?.id)
                    // Foursquare's next page cannot continue elsewhere: its failure is the answer.
                    await #expect(throws: PlaceSourceError.unavailable(status: 500)) {
                        try await source.search(.init(area: .around(Self.center, radius: 2_000), cursor: fine.next))
                    }
                    #expect(fine.next.map { !$0.rawValue.contains(Self.key) } == true)
                }
            }
        }
        #expect(logs.text.contains("foursquare failed"))
        #expect(!logs.text.contains(Self.key))
    }

    @Test func aRefusedKeyIsWhatIsSaidWhenBothSourcesFail() async throws {
        let fake = FakeFoursquare(key: Self.key)
        let overpass = FakeOverpass()
        overpass.misbehave(.answer(status: 504, body: "busy"))
        try await HTTPConnections.using { connections in
            try await fake.withServer { fsqURL in
                try await overpass.withServer { overpassURL in
                    let osm = NearbyOverpassTests.source(
                        connections, overpass: overpassURL, nominatim: URL(string: "http://127.0.0.1:9")!)
                    let fsq = FoursquarePlaceSource(
                        connections: connections, baseURL: fsqURL, key: "WRONG", userAgent: "t",
                        gate: PlaceSearchGate(limit: 4))
                    let source = FallbackPlaceSource(primary: fsq, fallback: osm)
                    do throws(PlaceSourceError) {
                        _ = try await source.search(.init(area: .around(Self.center, radius: 500)))
                        Issue.record("no source answered, yet places came")
                    } catch {
                        #expect(error == .refusedKey)
                        #expect(!"\(error)".contains("WRONG"))
                    }
                }
            }
        }
    }

    @Test func whenBothSourcesFailTheIdsFoursquareListedInTheAreaAreWhatIsLeft() async throws {
        let fake = FakeFoursquare(key: Self.key, places: Self.places)
        let overpass = FakeOverpass()
        overpass.misbehave(.answer(status: 504, body: "busy"))
        try await HTTPConnections.using { connections in
            try await fake.withServer { fsqURL in
                try await overpass.withServer { overpassURL in
                    let osm = NearbyOverpassTests.source(
                        connections, overpass: overpassURL, nominatim: URL(string: "http://127.0.0.1:9")!)
                    // No page kept for back-and-forth: every search asks Foursquare.
                    let fsq = FoursquarePlaceSource(
                        connections: connections, baseURL: fsqURL, key: Self.key, userAgent: "t", cacheLifetime: 0,
                        gate: PlaceSearchGate(limit: 4))
                    let source = FallbackPlaceSource(primary: fsq, fallback: osm)
                    let here = PlaceQuery(area: .around(Self.center, radius: 2_000), limit: 5)
                    let first = try await source.search(here)
                    let second = try await source.search(PlaceQuery(area: here.area, cursor: first.next, limit: 5))
                    #expect(first.source == .foursquare && second.places.count == 5)

                    fake.misbehave(.answer(status: 500, body: "{}"))
                    // An area Foursquare never listed has nothing to show: the fallback's failure, as before.
                    let elsewhere = PlaceQuery(
                        area: .around(GeoPoint(latitude: 48.137, longitude: 11.575)!, radius: 900))
                    var plain: PlaceSourceError?
                    do throws(PlaceSourceError) { _ = try await source.search(elsewhere) } catch { plain = error }
                    let fallbackFailure = try #require(plain)
                    if case .onlyIDsKept = fallbackFailure { Issue.record("ids of an area never listed") }
                    // The listed area: the ids of both pages in their order, nothing else, with that failure.
                    do throws(PlaceSourceError) {
                        _ = try await source.search(here)
                        Issue.record("both sources failed, yet places came")
                    } catch {
                        guard case .onlyIDsKept(let seen, let reason) = error else {
                            Issue.record("expected the ids kept, got \(error)")
                            return
                        }
                        #expect(seen.ids == (first.places + second.places).map(\.id))
                        #expect(seen.ids.allSatisfy { $0.hasPrefix("fsq:") } && seen.source == .foursquare)
                        #expect(reason == fallbackFailure && error.reason == fallbackFailure)
                    }
                    // Foursquare alone says why it failed, with the same ids.
                    do throws(PlaceSourceError) { _ = try await fsq.search(here) } catch {
                        #expect(error.reason == .unavailable(status: 500))
                        if case .onlyIDsKept(let seen, _) = error { #expect(seen.ids.count == 10) }
                    }
                    // Another query text or kind in the same area is another list: nothing kept for it.
                    let other = PlaceQuery(area: here.area, text: "retro", limit: 5)
                    do throws(PlaceSourceError) { _ = try await fsq.search(other) } catch {
                        #expect(error == .unavailable(status: 500))
                    }
                    // A next page's failure leaves what is on show: the plain failure.
                    do throws(PlaceSourceError) {
                        _ = try await fsq.search(PlaceQuery(area: here.area, cursor: first.next, limit: 5))
                    } catch {
                        #expect(error == .unavailable(status: 500))
                    }
                    // A new first page replaces the area's ids.
                    fake.misbehave(nil)
                    let again = try await fsq.search(PlaceQuery(area: here.area, limit: 3))
                    fake.misbehave(.answer(status: 500, body: "{}"))
                    do throws(PlaceSourceError) { _ = try await fsq.search(here) } catch {
                        guard case .onlyIDsKept(let seen, _) = error else {
                            Issue.record("\(error)")
                            return
                        }
                        #expect(seen.ids == again.places.map(\.id))
                    }
                    // A refused key is what the operator must fix: said as it is, even where ids were kept.
                    fake.misbehave(.answer(status: 401, body: "{\"message\":\"Unauthorized\"}"))
                    do throws(PlaceSourceError) {
                        _ = try await source.search(PlaceQuery(area: here.area, limit: 3))
                        Issue.record("both sources failed, yet places came")
                    } catch {
                        #expect(error == .refusedKey)
                    }
                }
            }
        }
    }
}
