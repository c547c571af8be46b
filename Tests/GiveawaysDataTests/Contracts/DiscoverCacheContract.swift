import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// The contract of `DiscoverCacheRepository`: answers kept by request, with the time they were fetched (which
/// `RAWGDiscoverSource` judges freshness by), the last one stored winning.
struct DiscoverCacheContract {
    let cache: any DiscoverCacheRepository

    let genres = "genres"
    let page = "games?genres=indie&page=2"
    let fetched = utc("2026-03-31T12:00:00Z")

    func anAnswerIsReadBackWithItsBytesAndFetchTime() async throws {
        #expect(try await cache.cachedAnswer(for: genres) == nil)
        // Bytes, not text: a NUL and an invalid UTF-8 byte survive.
        let body = Data([0x7B, 0x00, 0xFF, 0x7D])
        try await cache.storeAnswer(body, for: genres, at: fetched)
        let cached = try #require(try await cache.cachedAnswer(for: genres))
        #expect(cached.body == body)
        #expect(cached.fetchedAt == fetched)
        #expect(try await cache.cachedAnswer(for: page) == nil, "each request has its own answer")
        try await cache.storeAnswer(Data(), for: page, at: fetched)
        #expect(try await cache.cachedAnswer(for: page)?.body == Data())
    }

    /// RAWG's requests are counted by UTC month: the free tier's allowance is monthly.
    func requestsAreCountedByMonth() async throws {
        #expect(try await cache.requests(inMonthOf: fetched) == 0)
        for _ in 0..<3 { try await cache.countRequest(at: fetched) }
        try await cache.countRequest(at: utc("2026-04-01T00:00:00Z"))
        #expect(try await cache.requests(inMonthOf: utc("2026-03-01T00:00:00Z")) == 3)
        #expect(try await cache.requests(inMonthOf: utc("2026-04-30T23:59:59Z")) == 1)
        #expect(try await cache.requests(inMonthOf: utc("2026-02-28T23:59:59Z")) == 0)
    }

    func aNewAnswerReplacesTheOldOneAndItsFetchTime() async throws {
        try await cache.storeAnswer(Data("old".utf8), for: genres, at: fetched)
        try await cache.storeAnswer(Data("page".utf8), for: page, at: fetched)
        let later = fetched.addingTimeInterval(25 * 3600)
        try await cache.storeAnswer(Data("new".utf8), for: genres, at: later)
        let cached = try #require(try await cache.cachedAnswer(for: genres))
        #expect(cached.body == Data("new".utf8))
        #expect(cached.fetchedAt == later, "a refreshed answer is fresh again")
        let other = try #require(try await cache.cachedAnswer(for: page))
        #expect(other.body == Data("page".utf8) && other.fetchedAt == fetched)
    }
}
