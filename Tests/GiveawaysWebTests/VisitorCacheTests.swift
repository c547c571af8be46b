import Foundation
import GiveawaysData
import GiveawaysDomain
import Synchronization
import Testing

@testable import GiveawaysWeb

/// The visitors' marks and settings kept between page views: read once, dropped by every write of the profile.
@Suite struct VisitorCacheTests {
    /// The real stores, counting the reads that reach them.
    final class Counting: MarkRepository, ProfileRepository {
        let marksStore: any MarkRepository
        let profilesStore: any ProfileRepository
        let reads = Mutex(0)
        let visits = Mutex(0)

        init(_ repositories: AppRepositories) {
            marksStore = repositories.marks
            profilesStore = repositories.profiles
        }

        func marks(of profile: ProfileID) async throws -> VisitorMarks {
            reads.withLock { $0 += 1 }
            return try await marksStore.marks(of: profile)
        }
        func settings(of profile: ProfileID) async throws -> ProfileSettings {
            reads.withLock { $0 += 1 }
            return try await profilesStore.settings(of: profile)
        }
        func recordVisit(of profile: ProfileID, at time: Date) async throws -> ProfileSettings {
            visits.withLock { $0 += 1 }
            return try await profilesStore.recordVisit(of: profile, at: time)
        }
        func setMark(
            _ kind: MarkKind, on subject: MarkSubject, profile: ProfileID, text: String?, at time: Date
        )
            async throws
        { try await marksStore.setMark(kind, on: subject, profile: profile, text: text, at: time) }
        func removeMark(_ kind: MarkKind, on subject: MarkSubject, profile: ProfileID) async throws {
            try await marksStore.removeMark(kind, on: subject, profile: profile)
        }
        func saveRules(_ rules: GiveawayRules, for profile: ProfileID, at time: Date) async throws {
            try await profilesStore.saveRules(rules, for: profile, at: time)
        }
        func renewFeedToken(for profile: ProfileID, at time: Date) async throws -> ProfileToken {
            try await profilesStore.renewFeedToken(for: profile, at: time)
        }
        func profile(forFeedToken token: ProfileToken) async throws -> ProfileID? {
            try await profilesStore.profile(forFeedToken: token)
        }
        func createLinkCode(for profile: ProfileID, at time: Date) async throws -> LinkCode {
            try await profilesStore.createLinkCode(for: profile, at: time)
        }
        func redeemLinkCode(_ code: LinkCode, at time: Date) async throws -> Result<ProfileID, LinkCodeError> {
            try await profilesStore.redeemLinkCode(code, at: time)
        }
        func importProfile(_ export: ProfileExport, into profile: ProfileID, at time: Date) async throws {
            try await profilesStore.importProfile(export, into: profile, at: time)
        }
        func saveNearbyArea(_ area: NearbyArea, for profile: ProfileID, at time: Date) async throws {
            try await profilesStore.saveNearbyArea(area, for: profile, at: time)
        }
        func holdsData(_ profile: ProfileID) async throws -> Bool { try await profilesStore.holdsData(profile) }
    }

    @Test func readsAreKeptUntilTheProfileWritesAndVisitsPassOnOnceAMinute() async throws {
        let harness = try await WebHarness()
        let store = Counting(harness.repository.repositories)
        let cache = VisitorCache(marks: store, profiles: store)
        let alice = ProfileID.random()
        let bob = ProfileID.random()
        let now = harness.now

        try await cache.setMark(.favorite, on: .giveaway(3101), profile: alice, text: nil, at: now)
        #expect(try await cache.marks(of: alice).has(.favorite, on: .giveaway(3101)))
        #expect(try await cache.marks(of: alice).has(.favorite, on: .giveaway(3101)))
        #expect(store.reads.withLock { $0 } == 1, "the second read is kept")

        // A write drops what was kept: the next read sees it at once.
        try await cache.setMark(.claimed, on: .giveaway(3102), profile: alice, text: nil, at: now)
        #expect(try await cache.marks(of: alice).has(.claimed, on: .giveaway(3102)))
        try await cache.removeMark(.favorite, on: .giveaway(3101), profile: alice)
        #expect(try await !cache.marks(of: alice).has(.favorite, on: .giveaway(3101)))
        #expect(store.reads.withLock { $0 } == 3)

        // Each profile is kept apart.
        #expect(try await cache.marks(of: bob).isEmpty)
        #expect(store.reads.withLock { $0 } == 4)

        // Rules: kept, dropped by saving new ones.
        var rules = GiveawayRules()
        rules.noLoot = true
        try await cache.saveRules(rules, for: alice, at: now)
        #expect(try await cache.settings(of: alice).rules.noLoot)
        #expect(try await cache.settings(of: alice).rules.noLoot)
        #expect(store.reads.withLock { $0 } == 5)

        // Page views: the first passes on, those within the minute do not, the next minute's does.
        _ = try await cache.recordVisit(of: alice, at: now)
        _ = try await cache.recordVisit(of: alice, at: now.addingTimeInterval(30))
        #expect(store.visits.withLock { $0 } == 1)
        let later = try await cache.recordVisit(of: alice, at: now.addingTimeInterval(61))
        #expect(store.visits.withLock { $0 } == 2)
        #expect(later.lastSeenAt == now.addingTimeInterval(61))
        #expect(later.rules.noLoot)

        // The last Nearby area: saving it drops the kept settings, so the next read has it.
        let area = NearbyArea(center: GeoPoint(latitude: 48.137, longitude: 11.575)!, zoom: 12)!
        try await cache.saveNearbyArea(area, for: alice, at: now)
        #expect(try await cache.settings(of: alice).nearbyArea == area)
        #expect(try await cache.settings(of: alice).nearbyArea == area)
        #expect(store.reads.withLock { $0 } == 6)
    }

    @Test func aFullCacheStartsAfresh() async throws {
        let harness = try await WebHarness()
        let store = Counting(harness.repository.repositories)
        let cache = VisitorCache(marks: store, profiles: store, budget: 3)
        let profiles = (0..<5).map { _ in ProfileID.random() }
        for profile in profiles { _ = try await cache.marks(of: profile) }
        let reads = store.reads.withLock { $0 }
        #expect(reads == 5)
        // Past the budget the kept marks were dropped: the early profiles are read again.
        _ = try await cache.marks(of: profiles[0])
        #expect(store.reads.withLock { $0 } == 6)
    }
}
