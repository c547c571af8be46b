import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Synchronization
import Testing

@testable import GiveawaysUpstream

/// An in-memory `DiscoverCacheRepository`.
final class MemoryDiscoverCache: DiscoverCacheRepository {
    let entries = Mutex<[String: (Data, Date)]>([:])

    func cachedAnswer(for request: String) async throws -> (body: Data, fetchedAt: Date)? {
        entries.withLock { $0[request] }.map { (body: $0.0, fetchedAt: $0.1) }
    }

    func storeAnswer(_ body: Data, for request: String, at time: Date) async throws {
        entries.withLock { $0[request] = (body, time) }
    }

    let months = Mutex<[String: Int]>([:])

    func countRequest(at time: Date) async throws {
        months.withLock { $0[RAWGAllowance.month(of: time), default: 0] += 1 }
    }

    func requests(inMonthOf time: Date) async throws -> Int {
        months.withLock { $0[RAWGAllowance.month(of: time)] ?? 0 }
    }
}

/// RAWG's shapes, hand-written in its wire format (null platforms and metacritic, HTML descriptions, errors).
@Suite struct RAWGTests {
    static let genres = #"""
        {"count": 19, "next": "https://api.rawg.io/api/genres?key=SECRET&page=2", "previous": null,
         "results": [{"id": 4, "name": "Action", "slug": "action", "games_count": 98964,
                      "image_background": "https://media.rawg.io/media/games/b7b/a.jpg", "games": []},
                     {"id": 51, "name": "Indie", "slug": "indie", "games_count": 32668, "image_background": null}]}
        """#
    static let page = #"""
        {"count": 24972, "next": "https://api.rawg.io/api/games?genres=indie&key=SECRET&page=2", "previous": null,
         "results": [{"id": 1030, "slug": "limbo", "name": "Limbo", "released": "2010-08-04", "tba": false,
                      "background_image": "https://media.rawg.io/media/games/929/limbo.jpeg", "rating": 4.14,
                      "metacritic": 88, "platforms": [{"platform": {"id": 4, "name": "PC", "slug": "pc"}}],
                      "genres": [{"id": 51, "name": "Indie", "slug": "indie"}], "seo_title": "new key"},
                     {"id": 9, "name": "Unrated", "released": null, "background_image": null, "rating": 0,
                      "metacritic": null, "platforms": null}]}
        """#
    static let detail = #"""
        {"id": 43, "name": "Full Throttle Remastered", "released": "2017-04-17", "rating": 4.0, "metacritic": 77,
         "description": "<p>One minute you&#39;re on the road.<br />Then <script>x()</script>trouble.</p>",
         "website": "http://fullthrottle.doublefine.com/", "developers": [{"name": "Double Fine Productions"}],
         "publishers": [{"name": "Double Fine Productions"}], "platforms": [{"platform": {"name": "Linux"}}]}
        """#

    /// `/games/{id}/screenshots`: deleted ones, missing and non-web addresses are left out; at most 12.
    @Test func screenshotsKeepOnlyWebAddressesThatAreNotDeleted() throws {
        let shots = (1...15).map {
            #"{"id": \#($0), "image": "https://media.rawg.io/s/\#($0).jpg", "is_deleted": false}"#
        }
        let body = #"""
            {"count": 18, "next": null, "previous": null, "results": [
             {"id": 100, "image": "https://media.rawg.io/gone.jpg", "is_deleted": true},
             {"id": 101, "image": null}, {"id": 102, "image": "javascript:alert(1)"}, {"id": 103},
            """# + shots.joined(separator: ",") + "]}"
        let urls = try RAWGDecoder().screenshots(Data(body.utf8))
        #expect(urls.count == 12)
        #expect(urls.first?.absoluteString == "https://media.rawg.io/s/1.jpg")
        #expect(try RAWGDecoder().screenshots(Data(#"{"count": 0, "results": []}"#.utf8)).isEmpty)
        #expect(throws: RAWGError.self) { try RAWGDecoder().screenshots(Data("<html>".utf8)) }
    }

    @Test func genresPagesAndDetailsDecodeWithTheirQuirks() throws {
        let decoder = RAWGDecoder()
        let genres = try decoder.genres(Data(Self.genres.utf8))
        #expect(genres.map(\.slug) == ["action", "indie"])
        #expect(genres[1].imageURL == nil)
        let page = try decoder.page(Data(Self.page.utf8))
        #expect(page.total == 24972 && page.hasNext)
        #expect(page.games[0].platforms == ["PC"] && page.games[0].metacritic == 88)
        #expect(page.games[0].released == CatalogDate(year: 2010, month: 8, day: 4))
        #expect(page.games[1].platforms.isEmpty && page.games[1].metacritic == nil && page.games[1].rating == nil)
        let detail = try decoder.detail(Data(Self.detail.utf8))
        #expect(detail.description == "One minute you're on the road.\nThen x()trouble.")
        #expect(detail.developers == ["Double Fine Productions"])
        #expect(detail.website?.host == "fullthrottle.doublefine.com")
    }

    @Test func refusedKeysAndMissingPagesSayWhatHappenedWithoutTheKey() {
        let decoder = RAWGDecoder()
        #expect(throws: RAWGError.badStatus(401, "the API key was refused")) {
            try decoder.validated(status: 401, body: Data(#"{"error": "The key SECRET is invalid"}"#.utf8))
        }
        #expect(throws: RAWGError.notFound("Invalid page.")) {
            try decoder.validated(status: 404, body: Data(#"{"detail": "Invalid page."}"#.utf8))
        }
        #expect(throws: RAWGError.self) { try decoder.validated(status: 200, body: Data("<html>".utf8)) }
    }

    @Test func aWrongKeyIsRefusedAndNeverEchoed() async throws {
        let fake = FakeGamerPower(.json(Self.genres), requiredKey: "RIGHTKEY")
        try await fake.withServer { url in
            let wrong = RAWGDiscoverSource(
                connections: .forTests, baseURL: url, key: "WRONGKEY", cache: MemoryDiscoverCache(), clock: { Date() },
                retryDelays: [])
            do {
                _ = try await wrong.genres()
                Issue.record("expected a refusal")
            } catch {
                #expect("\(error)" == "RAWG answered HTTP 401: the API key was refused")
            }
            let right = RAWGDiscoverSource(
                connections: .forTests, baseURL: url, key: "RIGHTKEY", cache: MemoryDiscoverCache(), clock: { Date() },
                retryDelays: [])
            let genres = try await right.genres().value
            #expect(genres.count == 2)
        }
    }

    @Test func answersAreCachedForADayAndTheCacheStandsInWhenRAWGFails() async throws {
        let fake = FakeGamerPower(.json(Self.genres))
        let cache = MemoryDiscoverCache()
        let now = Mutex(Date(timeIntervalSince1970: 1_774_000_000))
        try await fake.withServer { url in
            let source = RAWGDiscoverSource(
                connections: .forTests, baseURL: url, key: "SECRETKEY", cache: cache, clock: { now.withLock { $0 } },
                retryDelays: [])
            #expect(try await source.genres().value.count == 2)
            #expect(try await source.genres().staleSince == nil)
            #expect(fake.requestCount == 1)  // the second came from the cache
            #expect(await source.requestsThisMonth(at: now.withLock { $0 }) == 1, "each request made is counted")
            #expect(fake.paths[0].contains("key=SECRETKEY"))
            #expect(cache.entries.withLock { $0.keys.allSatisfy { !$0.contains("SECRETKEY") } })
            // A day later RAWG is down: the cached answer is shown, and says so.
            now.withLock { $0 += 25 * 3600 }
            fake.setBehavior(.raw(status: 503, body: "down", contentType: "text/plain"))
            let stale = try await source.genres()
            #expect(stale.value.count == 2 && stale.staleSince != nil)
            // Nothing cached and a refused key: a clear error that never holds the key.
            fake.setBehavior(
                .raw(status: 401, body: #"{"error":"bad key SECRETKEY"}"#, contentType: "application/json"))
            do {
                _ = try await source.game(id: 43)
                Issue.record("expected an error")
            } catch {
                #expect(!"\(error)".contains("SECRETKEY"))
                #expect("\(error)".contains("refused"))
            }
            fake.setBehavior(.json(Self.page))
            let games = try await source.games(genre: "indie", page: 2)
            #expect(games.value.games.count == 2)
        }
        #expect(fake.paths.contains { $0.hasPrefix("/games?") && $0.contains("genres=indie") && $0.contains("page=2") })
    }

    @Test func nearTheMonthsAllowanceAKeptAnswerLastsFourTimesAsLong() async throws {
        let fake = FakeGamerPower(.json(Self.genres))
        let cache = MemoryDiscoverCache()
        let now = Mutex(Date(timeIntervalSince1970: 1_774_000_000))
        try await fake.withServer { url in
            let source = RAWGDiscoverSource(
                connections: .forTests, baseURL: url, key: "SECRETKEY", cache: cache, clock: { now.withLock { $0 } },
                retryDelays: [])
            _ = try await source.genres()
            // A day and a bit later the answer is old: with the month's requests low, RAWG is asked again.
            now.withLock { $0 += 25 * 3600 }
            _ = try await source.genres()
            #expect(fake.requestCount == 2)
            // At 80 % of the allowance the kept answer (now a day and a bit old) stands, fresh, for up to four days.
            let month = RAWGAllowance.month(of: now.withLock { $0 })
            cache.months.withLock { $0[month] = RAWGAllowance.monthlyRequests * 4 / 5 }
            now.withLock { $0 += 25 * 3600 }
            let kept = try await source.genres()
            #expect(kept.staleSince == nil && kept.value.count == 2)
            #expect(fake.requestCount == 2, "not asked again")
            now.withLock { $0 += 3 * 86_400 }
            _ = try await source.genres()
            #expect(fake.requestCount == 3, "past four days it is asked again")
        }
    }

    @Test func aClientsSharePaysOnlyForWhatRAWGIsAskedAndASpentOneGetsTheKeptCopyOrWaits() async throws {
        let fake = FakeGamerPower(.json(Self.page))
        let cache = MemoryDiscoverCache()
        let now = Mutex(Date(timeIntervalSince1970: 1_774_000_000))
        let left = Mutex(2)
        let share = UpstreamShare {
            left.withLock { left in
                guard left > 0 else { return Date(timeIntervalSince1970: 1_774_000_300) }
                left -= 1
                return nil
            }
        }
        try await fake.withServer { url in
            let source = RAWGDiscoverSource(
                connections: .forTests, baseURL: url, key: "SECRETKEY", cache: cache, clock: { now.withLock { $0 } },
                retryDelays: [])
            _ = try await source.games(GameQuery(search: "portal"), share: share)
            _ = try await source.games(GameQuery(search: "portal"), share: share)
            #expect(left.withLock { $0 } == 1, "a kept answer costs nothing")
            _ = try await source.games(GameQuery(search: "lantern"), share: share)
            #expect(left.withLock { $0 } == 0 && fake.requestCount == 2)
            do {
                _ = try await source.games(GameQuery(search: "harbor"), share: share)
                Issue.record("expected the share to be spent")
            } catch let spent as UpstreamShareSpent {
                #expect(spent.retryAt == Date(timeIntervalSince1970: 1_774_000_300))
            }
            #expect(fake.requestCount == 2, "a spent share asks RAWG nothing")
            // Eleven minutes on, "portal" is stale: the spent share gets the kept copy, marked stale.
            now.withLock { $0 += 11 * 60 }
            let stale = try await source.games(GameQuery(search: "portal"), share: share)
            #expect(stale.staleSince != nil && stale.value.games.count == 2)
            // The server's own look-ups (an image of a page just shown) are paid by no one.
            _ = try await source.games(GameQuery(search: "harbor"))
            #expect(fake.requestCount == 3)
        }
    }
}

/// The real RAWG answers in ../shared/fixtures/rawg, when present.
@Suite(.enabled(if: RealCatalog.rawgDirectory != nil, "../shared/fixtures/rawg is not present"))
struct RealRAWGTests {
    @Test func theRealAnswersDecode() throws {
        let directory = try #require(RealCatalog.rawgDirectory)
        func body(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }
        let decoder = RAWGDecoder()
        #expect(try decoder.genres(body("genres-page1-size2.json")).count == 2)
        let page = try decoder.page(body("games-genres-indie-page1.json"))
        #expect(!page.games.isEmpty && page.hasNext)
        let detail = try decoder.detail(body("game-43.json"))
        #expect(!detail.description.isEmpty && !detail.description.contains("<p>"))
        #expect(throws: RAWGError.notFound("Invalid page.")) {
            try decoder.validated(status: 404, body: body("error-invalid-page.json"))
        }
        #expect(throws: RAWGError.notFound("Not found.")) {
            try decoder.validated(status: 404, body: body("error-not-found.json"))
        }
    }
}
