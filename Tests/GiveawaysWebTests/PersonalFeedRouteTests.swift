import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysWeb
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `/feeds/p/{token}.atom|.json|.ics`: a profile's own feeds.
@Suite struct PersonalFeedRouteTests {
    @Test func personalFeedsFollowTheProfilesRulesAndMarks() async throws {
        let harness = try await WebHarness(seed: false)
        try await HistoryStore.fill(harness.repository)
        let profiles = ProfileSQLRepository(database: harness.repository.database)
        let profile = ProfileID.random()
        try await profiles.saveRules(
            GiveawayRules(platforms: ["steam", "epic-games-store"], hideClaimed: true), for: profile, at: harness.now)
        try await harness.repository.marks.setMark(
            .claimed, on: .giveaway(5), profile: profile, text: nil, at: harness.now)
        let token = try await profiles.renewFeedToken(for: profile, at: harness.now)
        try await harness.app().test(.router) { client in
            let atom = try await client.execute(uri: "/feeds/p/\(token.rawValue).atom", method: .get)
            #expect(atom.status == .ok)
            #expect(atom.headers[.cacheControl] == "private, no-cache")
            // 5 is claimed and hidden; 2 (Steam) and 3 (Epic) pass the store rule.
            #expect(FeedRouteTests.entryIDs(atom.text).map { $0.split(separator: "/").last } == ["2", "3"])
            let json = try await client.execute(uri: "/feeds/p/\(token.rawValue).json", method: .get)
            #expect(json.headers[.contentType] == "application/feed+json")
            #expect(json.text.contains("\"feed_url\":\"http://localhost/feeds/p/\(token.rawValue).json\""))
            let ics = try await client.execute(uri: "/feeds/p/\(token.rawValue).ics", method: .get)
            #expect(ics.text.contains("UID:giveaway-3@"))
            #expect(!ics.text.contains("UID:giveaway-5@"))
        }
        // Un-claiming brings it back, also for a reader that asks "changed since?" with a date only: a personal
        // feed has no Last-Modified (a removed mark leaves no time behind), so a date never gets a 304.
        try await harness.repository.marks.removeMark(.claimed, on: .giveaway(5), profile: profile)
        try await harness.app().test(.router) { client in
            let atom = try await client.execute(
                uri: "/feeds/p/\(token.rawValue).atom", method: .get,
                headers: [.ifModifiedSince: "Fri, 01 Jan 2100 00:00:00 GMT"])
            #expect(atom.status == .ok)
            #expect(atom.headers[.lastModified] == nil)
            #expect(FeedRouteTests.entryIDs(atom.text).map { $0.split(separator: "/").last } == ["5", "2", "3"])
            let etag = try #require(atom.headers[.eTag])
            let again = try await client.execute(
                uri: "/feeds/p/\(token.rawValue).atom", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
        }
    }

    @Test func unknownMalformedAndRevokedTokensAreAPlain404() async throws {
        let harness = try await WebHarness(seed: false)
        try await HistoryStore.fill(harness.repository)
        let profiles = ProfileSQLRepository(database: harness.repository.database)
        let profile = ProfileID.random()
        let old = try await profiles.renewFeedToken(for: profile, at: harness.now)
        let new = try await profiles.renewFeedToken(for: profile, at: harness.now)
        try await harness.app().test(.router) { client in
            #expect(try await client.execute(uri: "/feeds/p/\(new.rawValue).atom", method: .get).status == .ok)
            for uri in [
                "/feeds/p/\(old.rawValue).atom", "/feeds/p/\(ProfileToken.random().rawValue).json",
                "/feeds/p/nothex.ics", "/feeds/p/\(new.rawValue).rss", "/feeds/p/\(new.rawValue)",
                "/feeds/p/\(new.rawValue.uppercased()).atom", "/feeds/p/%3Cscript%3E.atom",
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri)")
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8", "\(uri)")
                #expect(response.text == "There is no feed at this address.\n", "\(uri)")
            }
        }
    }
}
