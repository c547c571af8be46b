import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData
@testable import GiveawaysUpstream

/// Which events a sync writes into the outbox: once each, only matching ones, none for a new hook's first look.
@Suite struct HookOutboxTests {
    let receiver = URL(string: "http://127.0.0.1:9/hook")!

    @Test func theSameFeedSyncedThreeTimesRaisesOneNewPerMatchingGiveaway() async throws {
        let store = try HookStore()
        try await store.sync([.stub(id: 1)])
        store.clock.advance(60)
        _ = try await store.addHook(
            receiver, rules: GiveawayRules(platforms: ["steam"], minimumWorth: Worth(cents: 500)))
        let feed: [Giveaway] = [
            .stub(id: 1), .stub(id: 2, platforms: "PC, Steam"), .stub(id: 3, platforms: "Epic Games Store"),
            .stub(id: 4, worth: Worth(cents: 100)),
        ]
        for _ in 0..<3 {
            store.clock.advance(600)
            try await store.sync(feed)
        }
        // 1 was there before the hook; 3 is not on Steam; 4 is worth too little.
        #expect(try await store.outbox() == [OutboxRow(giveawayId: 2, event: "new", state: "pending", attempts: 0)])
    }

    @Test func theFirstSyncIntoAnEmptyStoreIsABaselineNotAFlood() async throws {
        let store = try HookStore()
        let hook = try await store.addHook(receiver)
        #expect(hook.baselineAt == nil)
        store.clock.advance(60)
        try await store.sync((1...50).map { Giveaway.stub(id: $0) })
        #expect(try await store.outbox().isEmpty)
        store.clock.advance(60)
        try await store.sync((1...51).map { Giveaway.stub(id: $0) })
        #expect(try await store.outbox().map(\.giveawayId) == [51])
    }

    @Test func demoDataIsNotAFeedToCompareAgainst() async throws {
        let store = try HookStore()
        _ = try await store.feed.seedDemoDataIfEmpty(DemoGiveaways.make(now: store.clock.now), at: store.clock.now)
        #expect(try await store.addHook(receiver).baselineAt == nil)
    }

    @Test func aMovedEndDateRaisesChangedOncePerMove() async throws {
        let store = try HookStore()
        let first = utc("2026-03-20T00:00:00Z")
        try await store.sync([.stub(id: 7, endsAt: first)])
        _ = try await store.addHook(receiver, events: [.changed])
        store.clock.advance(60)
        try await store.sync([.stub(id: 7, endsAt: first.addingTimeInterval(86_400))])
        store.clock.advance(60)
        try await store.sync([.stub(id: 7, endsAt: first.addingTimeInterval(86_400))])
        #expect(try await store.outbox().map(\.event) == ["changed"])
        store.clock.advance(60)
        try await store.sync([.stub(id: 7, endsAt: first.addingTimeInterval(2 * 86_400))])
        #expect(try await store.outbox().map(\.event) == ["changed", "changed"])
    }

    @Test func endingIsRaisedOnceWhenAGiveawayEntersTheLast24Hours() async throws {
        let store = try HookStore()
        let ends = store.clock.now.addingTimeInterval(30 * 3600)
        try await store.sync([.stub(id: 5, endsAt: ends), .stub(id: 6, endsAt: nil)])
        _ = try await store.addHook(receiver, events: [.ending])
        store.clock.advance(60)
        try await store.sync([.stub(id: 5, endsAt: ends), .stub(id: 6, endsAt: nil)])
        #expect(try await store.outbox().isEmpty)
        // Between syncs: the delivery service's tick raises it.
        store.clock.advance(7 * 3600)
        #expect(try await store.hooks.raiseEndingSoon(at: store.clock.now) == 1)
        #expect(try await store.hooks.raiseEndingSoon(at: store.clock.now) == 0)
        store.clock.advance(600)
        try await store.sync([.stub(id: 5, endsAt: ends), .stub(id: 6, endsAt: nil)])
        #expect(try await store.outbox().map(\.giveawayId) == [5])
    }

    @Test func aVisitorsHookFollowsTheirRulesAndMarks() async throws {
        let store = try HookStore()
        let ends = store.clock.now.addingTimeInterval(40 * 3600)
        try await store.sync([.stub(id: 1, endsAt: ends), .stub(id: 2, endsAt: ends), .stub(id: 3, endsAt: ends)])
        let visitor = ProfileID.random()
        let profiles = ProfileSQLRepository(database: store.database)
        let marks = MarkSQLRepository(database: store.database)
        try await profiles.saveRules(
            GiveawayRules(noLoot: true, hideNotInterested: true), for: visitor, at: store.clock.now)
        try await marks.setMark(.claimed, on: .giveaway(1), profile: visitor, text: nil, at: store.clock.now)
        try await marks.setMark(.notInterested, on: .giveaway(2), profile: visitor, text: nil, at: store.clock.now)
        _ = try await store.hooks.addHook(
            Hook(url: receiver, events: [.ending, .new], createdAt: store.clock.now, profileID: visitor))
        // 1 is claimed ("ends soon" is no news), 2 is not interested (hidden by the rules), 3 passes; the new loot 4
        // is left out by "no loot", the new game 5 passes.
        store.clock.advance(20 * 3600)
        try await store.sync([
            .stub(id: 1, endsAt: ends), .stub(id: 2, endsAt: ends), .stub(id: 3, endsAt: ends),
            .stub(id: 4, type: .dlc), .stub(id: 5),
        ])
        let rows = try await store.outbox()
        #expect(Set(rows.map { "\($0.giveawayId) \($0.event)" }) == ["3 ending", "5 new"])
        // The rules are read at every use: once loot is welcome, new loot is announced.
        try await profiles.saveRules(.none, for: visitor, at: store.clock.now)
        store.clock.advance(60)
        try await store.sync([.stub(id: 3, endsAt: ends), .stub(id: 5), .stub(id: 6, type: .dlc)])
        #expect(try await store.outbox().contains { $0.giveawayId == 6 && $0.event == "new" })
    }

    @Test func aFailedSyncRaisesNothing() async throws {
        struct Down: Error {}
        struct FailingSource: GiveawaySource {
            func fetchGiveaways() async throws -> [Giveaway] { throw Down() }
        }
        let store = try HookStore()
        try await store.sync([.stub(id: 1)])
        _ = try await store.addHook(receiver)
        let log = SyncLogSQLRepository(database: store.database)
        await #expect(throws: Down.self) {
            try await SyncGiveawaysUseCase(source: FailingSource(), feed: store.feed, log: log).execute(
                now: store.clock.now)
        }
        #expect(try await store.outbox().isEmpty)
    }

    @Test func theDeliveryLogForgetsOldAttemptsButTheOutboxRemembersEvents() async throws {
        let store = try HookStore()
        try await store.sync([.stub(id: 1)])
        let hook = try await store.addHook(receiver)
        store.clock.advance(60)
        try await store.sync([.stub(id: 1), .stub(id: 2)])
        let claimed = try await store.hooks.claimDue(now: store.clock.now, lease: 60, limit: 10)
        try await store.hooks.recordOutcome(of: claimed[0], status: 204, error: nil, at: store.clock.now)
        #expect(try await store.hooks.deliveries(hook: hook.id).count == 1)
        store.clock.advance(HookDeliveryWorker.logRetention + 1)
        try await store.worker().pruneLog()
        #expect(try await store.hooks.deliveries(hook: hook.id).isEmpty)
        try await store.sync([.stub(id: 1), .stub(id: 2)])
        #expect(try await store.outbox().map(\.state) == ["delivered"])
    }

    @Test func aURLIsShownWithoutItsPath() {
        let hook = Hook(
            url: URL(string: "https://discord.com/api/webhooks/123/SECRETTOKENabcd")!, createdAt: Date())
        #expect(hook.redactedURL == "https://discord.com/…abcd")
        #expect(!hook.redactedURL.contains("SECRET"))
    }
}
