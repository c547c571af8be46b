import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// The contract of `ProfileRepository`.
struct ProfileContract {
    let profiles: any ProfileRepository
    let marks: any MarkRepository

    let alice = ProfileID(rawValue: String(repeating: "a", count: 32))!
    let bob = ProfileID(rawValue: String(repeating: "b", count: 32))!
    let now = utc("2026-03-31T12:00:00Z")

    func rulesAreKeptPerProfile() async throws {
        #expect(try await profiles.settings(of: alice) == .none)
        let rules = GiveawayRules(
            platforms: ["steam"], types: [.game], minimumWorth: Worth(cents: 500), noLoot: true,
            blockedKeywords: ["skin", "Café"], hideKeySites: true, hideClaimed: true)
        try await profiles.saveRules(rules, for: alice, at: now)
        #expect(try await profiles.settings(of: alice).rules == rules)
        #expect(try await profiles.settings(of: bob).rules == .none)
        try await profiles.saveRules(.none, for: alice, at: now)
        #expect(try await profiles.settings(of: alice).rules == .none)
    }

    func aVisitEndsAfterThirtyQuietMinutes() async throws {
        // A profile id that holds nothing (a made-up cookie) records nothing.
        #expect(try await profiles.recordVisit(of: bob, at: now) == .none)
        #expect(try await profiles.recordVisit(of: bob, at: now.addingTimeInterval(3600)) == .none)
        try await marks.setMark(.favorite, on: .giveaway(1), profile: alice, text: nil, at: now)
        let first = try await profiles.recordVisit(of: alice, at: now)
        #expect(first.previousVisitEndedAt == nil, "a first visit has nothing before it")
        #expect(first.lastSeenAt == now)
        // Views within the same visit keep the same "previous visit".
        let later = now.addingTimeInterval(20 * 60)
        #expect(try await profiles.recordVisit(of: alice, at: later).previousVisitEndedAt == nil)
        let evenLater = later.addingTimeInterval(25 * 60)
        #expect(try await profiles.recordVisit(of: alice, at: evenLater).previousVisitEndedAt == nil)
        // More than 30 minutes after the last view: a new visit, and the previous one ended at that view.
        let nextDay = evenLater.addingTimeInterval(86_400)
        let next = try await profiles.recordVisit(of: alice, at: nextDay)
        #expect(next.previousVisitEndedAt == evenLater)
        #expect(
            try await profiles.recordVisit(of: alice, at: nextDay.addingTimeInterval(120)).previousVisitEndedAt
                == evenLater)
        #expect(try await profiles.settings(of: bob).previousVisitEndedAt == nil)
    }

    func theLastNearbyAreaIsKeptPerProfileBesideItsSettings() async throws {
        #expect(try await profiles.settings(of: alice).nearbyArea == nil, "no area until one is searched")
        let rules = GiveawayRules(platforms: ["steam"])
        try await profiles.saveRules(rules, for: alice, at: now)
        let munich = NearbyArea(center: GeoPoint(text: "48.137154,11.576124")!, zoom: 13)!
        try await profiles.saveNearbyArea(munich, for: alice, at: now)
        let settings = try await profiles.settings(of: alice)
        #expect(settings.nearbyArea == munich, "every digit of the centre and the zoom come back")
        #expect(settings.rules == rules, "the rules stay")
        // The next search replaces it; another profile's is its own.
        let tokyo = NearbyArea(center: GeoPoint(text: "35.6895,139.6917")!, zoom: 16)!
        try await profiles.saveNearbyArea(tokyo, for: alice, at: now)
        let southWest = NearbyArea(center: GeoPoint(text: "-33.8688,-151.2093")!, zoom: 3)!
        try await profiles.saveNearbyArea(southWest, for: bob, at: now)
        #expect(try await profiles.settings(of: alice).nearbyArea == tokyo)
        #expect(try await profiles.settings(of: bob).nearbyArea == southWest)
        // A page view answers it too (the page reads it from the visit), and keeps it.
        let visit = try await profiles.recordVisit(of: alice, at: now.addingTimeInterval(3600))
        #expect(visit.nearbyArea == tokyo)
        #expect(try await profiles.settings(of: alice).nearbyArea == tokyo)
    }

    func aNewFeedTokenRevokesTheOldOne() async throws {
        let first = try await profiles.renewFeedToken(for: alice, at: now)
        #expect(try await profiles.profile(forFeedToken: first) == alice)
        #expect(try await profiles.settings(of: alice).feedToken == first)
        let second = try await profiles.renewFeedToken(for: alice, at: now)
        #expect(second != first)
        #expect(try await profiles.profile(forFeedToken: first) == nil)
        #expect(try await profiles.profile(forFeedToken: second) == alice)
        #expect(try await profiles.profile(forFeedToken: ProfileToken.random()) == nil)
        #expect(first.rawValue != alice.rawValue, "the token reveals nothing of the profile id")
    }

    func linkCodesWorkOnceForTenMinutes() async throws {
        let code = try await profiles.createLinkCode(for: alice, at: now)
        #expect(code.rawValue.count == 16)
        #expect(try await profiles.redeemLinkCode(code, at: now.addingTimeInterval(9 * 60)) == .success(alice))
        #expect(try await profiles.redeemLinkCode(code, at: now.addingTimeInterval(9 * 60)) == .failure(.used))

        let late = try await profiles.createLinkCode(for: alice, at: now)
        #expect(try await profiles.redeemLinkCode(late, at: now.addingTimeInterval(10 * 60)) == .failure(.expired))
        #expect(try await profiles.redeemLinkCode(LinkCode.random(), at: now) == .failure(.unknown))
        // Typed codes are read loosely: case, spaces and dashes do not matter.
        let typed = try await profiles.createLinkCode(for: bob, at: now)
        let loose = try #require(LinkCode(typed: " " + typed.grouped.lowercased() + " "))
        #expect(try await profiles.redeemLinkCode(loose, at: now) == .success(bob))
    }

    func anImportMergesMarksAndReplacesRules() async throws {
        let early = utc("2026-01-01T00:00:00Z")
        try await marks.setMark(.favorite, on: .giveaway(1), profile: bob, text: nil, at: now)
        try await marks.setMark(.note, on: .game(9), profile: bob, text: "old", at: now)
        let export = ProfileExport(
            marks: [
                Mark(subject: .giveaway(1), kind: .favorite, createdAt: early, updatedAt: early),
                Mark(subject: .giveaway(2), kind: .claimed, createdAt: early, updatedAt: early),
                Mark(subject: .game(9), kind: .note, text: "imported", createdAt: early, updatedAt: early),
            ],
            rules: GiveawayRules(noLoot: true))
        try await profiles.importProfile(export, into: bob, at: now)
        let after = try await marks.marks(of: bob)
        #expect(after.mark(.favorite, on: .giveaway(1))?.createdAt == now, "a mark already there keeps its times")
        #expect(after.mark(.claimed, on: .giveaway(2))?.createdAt == early, "an imported mark keeps its times")
        #expect(after.mark(.note, on: .game(9))?.text == "imported")
        #expect(after.all.count == 3)
        #expect(try await profiles.settings(of: bob).rules == GiveawayRules(noLoot: true))
        // Importing the same file again changes nothing.
        try await profiles.importProfile(export, into: bob, at: now)
        #expect(try await marks.marks(of: bob).all.count == 3)
    }
}

extension GiveawayFeedContract {
    func everyMoveOfTheEndDateIsRecorded() async throws {
        let day1 = utc("2026-03-01T00:00:00Z")
        let day2 = utc("2026-03-02T00:00:00Z")
        let day3 = utc("2026-03-03T00:00:00Z")
        let end = utc("2026-03-10T00:00:00Z")
        let extended = utc("2026-03-12T00:00:00Z")
        _ = try await feed.saveFeed([.stub(id: 1, endsAt: end), .stub(id: 2)], at: day1)
        let moved = try await feed.saveFeed([.stub(id: 1, endsAt: extended), .stub(id: 2, endsAt: end)], at: day2)
        #expect(moved.endDateChanged == [1, 2])
        #expect(moved.updated == [1, 2])
        let same = try await feed.saveFeed(
            [.stub(id: 1, endsAt: extended, users: 5), .stub(id: 2, endsAt: end)], at: day3)
        #expect(same.endDateChanged.isEmpty, "only a real move counts")
        let one = try #require(try await feed.storedGiveaway(id: 1))
        #expect(one.history.endDateChanges == [EndDateChange(changedAt: day2, from: end, to: extended)])
        let two = try #require(try await feed.allStoredGiveaways().first { $0.id == 2 })
        #expect(two.history.endDateChanges == [EndDateChange(changedAt: day2, from: nil, to: end)])
    }
}
