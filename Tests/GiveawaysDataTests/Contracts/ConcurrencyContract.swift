import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// What must hold when several clients (several server instances, on PostgreSQL) use one store at once: a link
/// code is used once, every outbox event is delivered once, and the server's secret is one secret.
struct ConcurrencyContract {
    let profiles: any ProfileRepository
    let hooks: any HookRepository
    let feed: any GiveawayFeedRepository
    let secrets: any ServerSecretStore

    let start = utc("2026-03-01T12:00:00Z")

    func twoClientsRedeemingOneLinkCodeOneWins() async throws {
        let owner = ProfileID.random()
        for round in 0..<5 {
            let code = try await profiles.createLinkCode(for: owner, at: start)
            let results = try await withThrowingTaskGroup(of: Result<ProfileID, LinkCodeError>.self) { group in
                for _ in 0..<2 {
                    group.addTask { try await profiles.redeemLinkCode(code, at: start.addingTimeInterval(60)) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.filter { $0 == .success(owner) }.count == 1, "round \(round): \(results)")
            #expect(results.filter { $0 == .failure(.used) }.count == 1, "round \(round): \(results)")
        }
    }

    func concurrentDrainersDeliverEveryEventExactlyOnce() async throws {
        // 12 hooks × 15 new giveaways: 180 events, each hook's in order.
        _ = try await feed.saveFeed([.stub(id: 1)], at: start)
        for n in 1...12 {
            _ = try await hooks.addHook(Hook(url: URL(string: "https://example.org/\(n)")!, createdAt: start))
        }
        _ = try await feed.saveFeed((1...16).map { .stub(id: $0) }, at: start.addingTimeInterval(60))
        let now = start.addingTimeInterval(120)
        let claims = try await withThrowingTaskGroup(of: [ClaimedHookEvent].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    // A drainer claims, delivers what it claimed, and stops once nothing is due for it.
                    var mine: [ClaimedHookEvent] = []
                    while true {
                        let batch = try await hooks.claimDue(now: now, lease: 600, limit: 7)
                        if batch.isEmpty { return mine }
                        for event in batch {
                            try await hooks.recordOutcome(of: event, status: 204, error: nil, at: now)
                        }
                        mine += batch
                    }
                }
            }
            return try await group.reduce(into: [ClaimedHookEvent]()) { $0 += $1 }
        }
        #expect(claims.count == 180)
        #expect(Set(claims.map(\.id)).count == 180, "no event claimed twice")
        #expect(claims.allSatisfy { $0.attempt == 1 })
        #expect(try await hooks.eventCounts() == ["delivered": 180])
        // Each hook's events were delivered in the order they were raised.
        let logged = try await hooks.deliveries(hook: nil, limit: 1000).reversed()
        for hook in Set(claims.map(\.hook.id)) {
            let events = logged.filter { $0.hookID == hook }.compactMap(\.eventID)
            #expect(events == events.sorted(), "hook \(hook)")
        }
    }

    func theServerSecretIsMadeOnceAndKept() async throws {
        let secrets = self.secrets
        let first = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<6 {
                group.addTask { try await secrets.serverSecret(named: "profile-cookie", at: start) }
            }
            return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
        }
        #expect(Set(first).count == 1, "one secret, whoever asked first")
        #expect(first[0].count == 32)
        #expect(try await secrets.serverSecret(named: "profile-cookie", at: start.addingTimeInterval(60)) == first[0])
        let other = try await secrets.serverSecret(named: "another", at: start)
        #expect(other != first[0] && other.count == 32)
    }
}
