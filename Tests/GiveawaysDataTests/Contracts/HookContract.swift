import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// The contract of `HookRepository`: hooks (the operator's and visitors', with their limits) and the outbox.
/// Events come from syncs through `feed`, as in the app.
struct HookContract {
    let hooks: any HookRepository
    let feed: any GiveawayFeedRepository
    let profiles: any ProfileRepository
    let marks: any MarkRepository

    let url = URL(string: "https://example.org/hook")!
    let start = utc("2026-03-01T12:00:00Z")

    /// A hook added after a first sync, and a second sync that raises `new` for `ids` (besides giveaway 1).
    private func hookWithNewEvents(_ ids: [Int], url: URL? = nil) async throws -> Hook {
        _ = try await feed.saveFeed([.stub(id: 1)], at: start)
        let hook = try await hooks.addHook(Hook(url: url ?? self.url, createdAt: start.addingTimeInterval(60)))
        _ = try await feed.saveFeed([.stub(id: 1)] + ids.map { .stub(id: $0) }, at: start.addingTimeInterval(120))
        return hook
    }

    /// An established profile: it holds rules and is an hour old at `now`.
    private func established(at now: Date) async throws -> ProfileID {
        let profile = ProfileID.random()
        try await profiles.saveRules(GiveawayRules(noLoot: true), for: profile, at: now.addingTimeInterval(-3600))
        return profile
    }

    // MARK: - Hooks

    func hooksAreAddedListedAndRemovedWithTheirEvents() async throws {
        // Into an empty store: no baseline yet (the first sync sets it); into a real feed: its creation time.
        let first = try await hooks.addHook(Hook(url: url, format: .discord, secret: "s3cret", createdAt: start))
        #expect(first.id > 0 && first.baselineAt == nil)
        _ = try await feed.saveFeed([.stub(id: 1)], at: start.addingTimeInterval(60))
        let later = start.addingTimeInterval(120)
        let second = try await hooks.addHook(Hook(url: url, events: [.new], createdAt: later))
        #expect(second.baselineAt == later)
        #expect(try await hooks.hooks().map(\.id) == [first.id, second.id])
        #expect(try await hooks.hook(id: second.id) == second)
        let stored = try #require(try await hooks.hook(id: first.id))
        #expect(stored.format == .discord && stored.secret == "s3cret" && stored.events == Set(HookEvent.allCases))
        // Both are told about a new giveaway; removing one removes its waiting event with it.
        _ = try await feed.saveFeed([.stub(id: 1), .stub(id: 2)], at: start.addingTimeInterval(180))
        #expect(try await hooks.eventCounts() == ["pending": 2])
        #expect(try await hooks.eventCounts(hook: first.id) == ["pending": 1])
        #expect(try await hooks.removeHook(id: first.id))
        #expect(try await hooks.removeHook(id: first.id) == false)
        #expect(try await hooks.hook(id: first.id) == nil)
        #expect(try await hooks.hooks().map(\.id) == [second.id])
        #expect(try await hooks.eventCounts() == ["pending": 1])
    }

    func aVisitorsHooksAreTheirsAndFollowTheirRules() async throws {
        let alice = ProfileID.random()
        let bob = ProfileID.random()
        let operatorHook = try await hooks.addHook(Hook(url: url, createdAt: start))
        let alices = try await hooks.addHook(Hook(url: url, createdAt: start, profileID: alice))
        let bobs = try await hooks.addHook(Hook(url: url, createdAt: start, profileID: bob))
        #expect(try await hooks.hooks(of: alice).map(\.id) == [alices.id])
        // A visitor's hook follows the visitor's rules in Settings, read at every use.
        let rules = GiveawayRules(platforms: ["steam"], noLoot: true)
        try await profiles.saveRules(rules, for: alice, at: start)
        #expect(try await hooks.hooks(of: alice).first?.rules == rules)
        #expect(try await hooks.hook(id: alices.id)?.rules == rules)
        // Nobody removes another's hook, nor the operator's.
        #expect(try await hooks.removeHook(id: bobs.id, of: alice) == false)
        #expect(try await hooks.removeHook(id: operatorHook.id, of: alice) == false)
        #expect(try await hooks.removeHook(id: alices.id, of: alice))
        #expect(try await hooks.hooks(of: alice).isEmpty)
        #expect(try await hooks.hooks().map(\.id) == [operatorHook.id, bobs.id])
    }

    func visitorsHooksAreLimitedPerProfileAndServerUnderParallelRequests() async throws {
        let now = start
        let alice = try await established(at: now)
        let limits = VisitorHookLimits(perProfile: 3, perAddress: 100, total: 100, minimumProfileAge: 600)
        // Many requests at once from one profile: exactly `perProfile` get in.
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let result = try await hooks.addVisitorHook(
                        Hook(url: url, createdAt: now, profileID: alice), from: "192.0.2.1", limits: limits)
                    if case .success = result { return true }
                    return false
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 3)
        // Other profiles stop at the server-wide limit; the operator's hooks do not count against it.
        _ = try await hooks.addHook(Hook(url: url, createdAt: now))
        let serverOfFive = VisitorHookLimits(perProfile: 3, perAddress: 3, total: 5, minimumProfileAge: 600)
        var refusals: [VisitorHookLimit?] = []
        for n in 0..<3 {
            let hook = Hook(url: url, createdAt: now, profileID: try await established(at: now))
            if case .failure(let limit) = try await hooks.addVisitorHook(
                hook, from: "192.0.2.\(n + 2)", limits: serverOfFive)
            {
                refusals.append(limit)
            } else {
                refusals.append(nil)
            }
        }
        #expect(refusals == [nil, nil, .serverFull])
    }

    func aVisitorsHookNeedsAnEstablishedProfileAndRoomAtItsAddress() async throws {
        let now = start
        let limits = VisitorHookLimits(perProfile: 5, perAddress: 2, total: 100, minimumProfileAge: 600)
        func add(_ profile: ProfileID, from address: String = "192.0.2.1") async throws -> VisitorHookLimit? {
            let hook = Hook(url: url, createdAt: now, profileID: profile)
            if case .failure(let limit) = try await hooks.addVisitorHook(hook, from: address, limits: limits) {
                return limit
            }
            return nil
        }
        // A made-up id, and a profile whose row holds nothing (rules cleared), are not established.
        #expect(try await add(.random()) == .profileEmpty)
        let empty = ProfileID.random()
        try await profiles.saveRules(.none, for: empty, at: now.addingTimeInterval(-3600))
        #expect(try await add(empty) == .profileEmpty)
        // Rules count as activity; a young profile is told when it may.
        let ruled = ProfileID.random()
        try await profiles.saveRules(GiveawayRules(noLoot: true), for: ruled, at: now.addingTimeInterval(-60))
        #expect(try await add(ruled) == .profileTooNew(readyAt: now.addingTimeInterval(540)))
        // Marks without a profile of their own yet: the wait starts now.
        let marked = ProfileID.random()
        try await marks.setMark(.favorite, on: .giveaway(1), profile: marked, text: nil, at: now)
        #expect(try await add(marked) == .profileTooNew(readyAt: now.addingTimeInterval(600)))
        #expect(try await add(marked) == .profileTooNew(readyAt: now.addingTimeInterval(600)))
        // One address gets its share, however many established profiles it brings; another address still gets in.
        #expect(try await add(try await established(at: now)) == nil)
        #expect(try await add(try await established(at: now)) == nil)
        #expect(try await add(try await established(at: now)) == .addressFull)
        #expect(try await add(try await established(at: now), from: "192.0.2.2") == nil)
        let listed = try await hooks.visitorHooks()
        #expect(listed.map(\.clientAddress) == ["192.0.2.1", "192.0.2.1", "192.0.2.2"])
        #expect(listed.allSatisfy { $0.profileCreatedAt == now.addingTimeInterval(-3600) })
    }

    /// A push device (a `webpush` hook) is added for any profile at once, a brand-new one included, whose row is
    /// then made; push devices and webhooks each count against their own limits.
    func aPushDeviceNeedsNoWaitingProfileAndHasABudgetOfItsOwn() async throws {
        let now = start
        let push = VisitorHookLimits(perProfile: 2, perAddress: 3, total: 4, minimumProfileAge: nil)
        let webhooks = VisitorHookLimits(perProfile: 5, perAddress: 5, total: 5, minimumProfileAge: 600)
        func device(_ profile: ProfileID, _ n: Int) -> Hook {
            Hook(
                url: URL(string: "https://fcm.googleapis.com/fcm/send/\(n)")!, format: .webpush, secret: "keys\(n)",
                events: Hook.pushEvents, createdAt: now, profileID: profile)
        }
        func add(_ hook: Hook, from address: String, _ limits: VisitorHookLimits) async throws -> VisitorHookLimit? {
            if case .failure(let limit) = try await hooks.addVisitorHook(hook, from: address, limits: limits) {
                return limit
            }
            return nil
        }
        // A brand-new profile, no marks, no row: its first device goes in, and the profile now exists.
        let newcomer = ProfileID.random()
        #expect(try await add(device(newcomer, 1), from: "192.0.2.1", push) == nil)
        #expect(try await hooks.hooks(of: newcomer).map(\.format) == [.webpush])
        #expect(try await hooks.visitorHooks().first?.profileCreatedAt == now)
        #expect(try await add(device(newcomer, 2), from: "192.0.2.1", push) == nil)
        #expect(try await add(device(newcomer, 3), from: "192.0.2.1", push) == .profileFull)
        // The address's share, then the server's.
        #expect(try await add(device(.random(), 4), from: "192.0.2.1", push) == nil)
        #expect(try await add(device(.random(), 5), from: "192.0.2.1", push) == .addressFull)
        #expect(try await add(device(.random(), 6), from: "192.0.2.2", push) == nil)
        #expect(try await add(device(.random(), 7), from: "192.0.2.3", push) == .serverFull)
        // Webhooks keep their own rules and budget: the newcomer still waits, and four devices take none of it.
        #expect(
            try await add(Hook(url: url, createdAt: now, profileID: newcomer), from: "192.0.2.1", webhooks)
                == .profileEmpty)
        for n in 0..<5 {
            #expect(
                try await add(
                    Hook(url: url, createdAt: now, profileID: try await established(at: now)), from: "198.51.100.\(n)",
                    webhooks) == nil)
        }
        #expect(
            try await add(
                Hook(url: url, createdAt: now, profileID: try await established(at: now)), from: "198.51.100.9",
                webhooks) == .serverFull)
        // ... and five webhooks take none of the push devices' budget either.
        #expect(try await add(device(newcomer, 8), from: "192.0.2.9", push) == .profileFull)
    }

    /// Push devices subscribed before a time whose visitor has not been seen since are dropped with their events;
    /// a device subscribed later, or whose visitor came back, stays, and so do webhooks.
    func pushDevicesSilentSinceATimeAreDropped() async throws {
        _ = try await feed.saveFeed([.stub(id: 1)], at: start)
        let limits = VisitorHookLimits(perProfile: 5, perAddress: 50, total: 100, minimumProfileAge: nil)
        func device(_ profile: ProfileID, at time: Date) async throws -> Hook {
            let hook = Hook(
                url: URL(string: "https://fcm.googleapis.com/fcm/send/\(UUID())")!, format: .webpush, secret: "k",
                events: Hook.pushEvents, createdAt: time, profileID: profile)
            return try await hooks.addVisitorHook(hook, from: "192.0.2.1", limits: limits).get()
        }
        let day: TimeInterval = 86_400
        let gone = ProfileID.random()
        let silent = try await device(gone, at: start)
        let returning = ProfileID.random()
        let visited = try await device(returning, at: start)
        _ = try await profiles.recordVisit(of: returning, at: start.addingTimeInterval(50 * day))
        let fresh = try await device(.random(), at: start.addingTimeInterval(40 * day))
        let webhook = try await hooks.addHook(Hook(url: url, createdAt: start, profileID: gone))
        // A sync raises `new` for the silent device too; it goes with it.
        _ = try await feed.saveFeed([.stub(id: 1), .stub(id: 2)], at: start.addingTimeInterval(day))
        #expect(try await hooks.eventCounts(hook: silent.id)["pending"] == 1)

        let cutoff = start.addingTimeInterval(30 * day)
        #expect(try await hooks.removeSilentPushDevices(since: cutoff) == 1)
        #expect(try await hooks.hook(id: silent.id) == nil)
        #expect(try await hooks.eventCounts(hook: silent.id).isEmpty)
        #expect(try await hooks.hooks().map(\.id) == [visited.id, fresh.id, webhook.id])
        #expect(try await hooks.removeSilentPushDevices(since: cutoff) == 0)
    }

    // MARK: - Outbox

    func parallelClaimsGetEachEventExactlyOnce() async throws {
        // Ten hooks with one event each (one hook's events go out one batch at a time, in order).
        _ = try await feed.saveFeed([.stub(id: 1)], at: start)
        for n in 1...10 {
            _ = try await hooks.addHook(Hook(url: url.appendingPathComponent("\(n)"), createdAt: start))
        }
        _ = try await feed.saveFeed([.stub(id: 1), .stub(id: 2)], at: start.addingTimeInterval(120))
        let now = start.addingTimeInterval(180)
        let claims = try await withThrowingTaskGroup(of: [ClaimedHookEvent].self) { group in
            for _ in 0..<8 {
                group.addTask { try await hooks.claimDue(now: now, lease: 600, limit: 3) }
            }
            return try await group.reduce(into: [ClaimedHookEvent]()) { $0 += $1 }
        }
        #expect(claims.count == 10)
        #expect(Set(claims.map(\.id)).count == 10)
        #expect(Set(claims.map(\.hook.id)).count == 10)
        #expect(claims.allSatisfy { $0.attempt == 1 && $0.event == .new })
        #expect(try await hooks.claimDue(now: now, lease: 600, limit: 10).isEmpty, "leased")
        #expect(try await hooks.eventCounts() == ["sending": 10])
    }

    func anExpiredLeaseIsClaimedAgainAndTheLateOutcomeIsFencedOff() async throws {
        _ = try await hookWithNewEvents([2])
        let now = start.addingTimeInterval(180)
        let dead = try #require(try await hooks.claimDue(now: now, lease: 120, limit: 10).first)
        #expect(try await hooks.claimDue(now: now.addingTimeInterval(119), lease: 120, limit: 10).isEmpty)
        let retaken = try #require(
            try await hooks.claimDue(now: now.addingTimeInterval(120), lease: 120, limit: 10).first)
        #expect(retaken.id == dead.id && retaken.attempt == 2)
        // The dead sender's late record changes nothing; the live one's does.
        try await hooks.recordOutcome(of: dead, status: nil, error: "late", at: now.addingTimeInterval(130))
        #expect(try await hooks.eventCounts() == ["sending": 1])
        try await hooks.recordOutcome(of: retaken, status: 204, error: nil, at: now.addingTimeInterval(130))
        #expect(try await hooks.eventCounts() == ["delivered": 1])
        #expect(try await hooks.claimDue(now: now.addingTimeInterval(86_400), lease: 120, limit: 10).isEmpty)
    }

    func aLeaseThatKeepsRunningOutIsGivenUpAfterTheLastAttempt() async throws {
        let hook = try await hookWithNewEvents([2])
        var now = start.addingTimeInterval(180)
        for attempt in 1...HookRetryPolicy.maximumAttempts {
            let claimed = try await hooks.claimDue(now: now, lease: 60, limit: 10)
            #expect(claimed.map(\.attempt) == [attempt])
            now += 60
        }
        #expect(try await hooks.claimDue(now: now, lease: 60, limit: 10).isEmpty)
        #expect(try await hooks.eventCounts() == ["failed": 1])
        #expect(try await hooks.deliveries(hook: hook.id).first?.gaveUp == true)
    }

    func aHooksEventsAreClaimedInOrderAndWaitBehindAPostponedOne() async throws {
        let first = try await hookWithNewEvents([2, 3, 4])
        let second = try await hooks.addHook(Hook(url: url, createdAt: start.addingTimeInterval(150)))
        _ = try await feed.saveFeed((1...6).map { .stub(id: $0) }, at: start.addingTimeInterval(160))
        let now = start.addingTimeInterval(180)
        // `skipping` leaves a hook out of the claim.
        let firsts = try await hooks.claimDue(now: now, lease: 600, limit: 10, skipping: [second.id])
        #expect(firsts.count == 5 && firsts.allSatisfy { $0.hook.id == first.id })
        #expect(firsts.map(\.id) == firsts.map(\.id).sorted(), "in the order they were raised")
        // The first one goes back unsent (its attempt does not count); the ones behind it wait with it.
        try await hooks.postpone(firsts[0], until: now.addingTimeInterval(300))
        for event in firsts.dropFirst() {
            try await hooks.postpone(event, until: now)
        }
        let meanwhile = try await hooks.claimDue(now: now.addingTimeInterval(1), lease: 600, limit: 10)
        #expect(meanwhile.map(\.hook.id) == [second.id, second.id], "only the other hook's")
        let resumed = try await hooks.claimDue(now: now.addingTimeInterval(300), lease: 600, limit: 10)
        #expect(resumed.map(\.id) == firsts.map(\.id))
        #expect(resumed.allSatisfy { $0.attempt == 1 })
    }

    func aFailureIsRetriedByThePolicyAndEveryAttemptIsLogged() async throws {
        let hook = try await hookWithNewEvents([2])
        let other = try await hooks.addHook(Hook(url: url, createdAt: start))
        let now = start.addingTimeInterval(180)
        let claimed = try #require(try await hooks.claimDue(now: now, lease: 600, limit: 10).first)
        let failed = try await hooks.recordOutcome(of: claimed, status: 500, error: nil, at: now)
        let retryAt = try #require(HookRetryPolicy.nextAttempt(after: 1, failedAt: now))
        #expect(failed.error == "HTTP 500" && failed.nextAttemptAt == retryAt && !failed.gaveUp)
        #expect(try await hooks.claimDue(now: retryAt.addingTimeInterval(-1), lease: 600, limit: 10).isEmpty)
        let again = try #require(try await hooks.claimDue(now: retryAt, lease: 600, limit: 10).first)
        #expect(again.attempt == 2)
        let delivered = try await hooks.recordOutcome(of: again, status: 200, error: nil, at: retryAt)
        #expect(delivered.succeeded && delivered.nextAttemptAt == nil)
        let sample = HookDeliveryAttempt(
            at: retryAt, hookID: other.id, eventID: nil, giveawayID: 1, event: "test", attempt: 1, status: 204,
            error: nil, nextAttemptAt: nil, gaveUp: false)
        try await hooks.logTestDelivery(sample)
        // Newest first, per hook or all, as many as asked for.
        #expect(try await hooks.deliveries(hook: hook.id) == [delivered, failed])
        #expect(try await hooks.deliveries(hook: other.id) == [sample])
        #expect(try await hooks.deliveries(hook: nil, limit: 1) == [sample])
        #expect(try await hooks.pruneLog(before: retryAt) == 1)
        #expect(try await hooks.deliveries().count == 2)
    }
}
