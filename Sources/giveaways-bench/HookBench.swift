import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import Logging

/// Webhook deliveries per second: `events` `new` events queued in a real SQLite file (one sync after the hooks'
/// baseline), spread over `hookCount` hooks, sent by the delivery worker to a receiver on 127.0.0.1 that answers
/// 204 at once. Counts the whole loop: claim with a lease, build and sign the JSON body, resolve, POST, record the
/// outcome and log it. One hook's events go out one after the other; hooks go in parallel.
enum HookBench {
    static func run(events: Int, into table: inout Table) async throws {
        try await run(events: events, hookCount: 1, into: &table)
        try await run(events: events, hookCount: 10, into: &table)
    }

    static func run(events: Int, hookCount: Int, into table: inout Table) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try AppDatabase.open(path: directory.appendingPathComponent("hooks.sqlite").path)
        let feed = GiveawayFeedSQLRepository(database: database)
        let hooks = HookSQLRepository(database: database)
        let start = Date(timeIntervalSince1970: 1_774_915_200)
        _ = try await feed.saveFeed([stub(id: 1)], at: start)
        let receiver = HookReceiver()
        let (attempts, elapsed) = try await receiver.withServer { url in
            for index in 1...hookCount {
                _ = try await hooks.addHook(
                    Hook(url: url.appendingPathComponent("hook\(index)"), secret: "bench-secret", createdAt: start))
            }
            let giveaways = (1...events / hookCount + 1).map { stub(id: $0) }
            _ = try await feed.saveFeed(giveaways, at: start.addingTimeInterval(60))
            var logger = Logger(label: "bench")
            logger.logLevel = .error
            return try await HTTPConnections.using { connections in
                let worker = HookDeliveryWorker(
                    repository: hooks, sender: HookSender(connections: connections, allowPrivate: true),
                    clock: { start.addingTimeInterval(120) }, logger: logger)
                return try await Clock.measure { try await worker.runOnce() }
            }
        }
        let delivered = try await hooks.eventCounts()["delivered", default: 0]
        let perSecond = Double(delivered) / (Clock.ms(elapsed) / 1000)
        table.add(
            "hooks: deliveries/s to 127.0.0.1 (\(delivered) queued for \(hookCount) hook(s), signed JSON)",
            String(format: "%.0f /s (%d of %d in %@)", perSecond, delivered, attempts, Clock.format(elapsed)))
        guard receiver.count == delivered, delivered == events / hookCount * hookCount else {
            throw BenchFailure("expected \(events) deliveries, the receiver got \(receiver.count)")
        }
    }

    static func stub(id: Int) -> Giveaway {
        Giveaway(
            id: id, title: "Bench Game \(id) Giveaway", worth: Worth(cents: 999),
            thumbnailURL: "https://www.gamerpower.com/offers/1/\(id).jpg",
            imageURL: "https://www.gamerpower.com/offers/1b/\(id).jpg", description: "A benchmark giveaway.",
            instructions: "1. Claim it.", openGiveawayURL: "https://www.gamerpower.com/open/\(id)",
            openGiveaway: nil, publishedAt: Date(timeIntervalSince1970: 1_774_000_000), type: .game,
            platforms: Platform.parseList("PC, Steam"), endsAt: nil, users: 100, status: "Active",
            gamerpowerURL: "https://www.gamerpower.com/\(id)")
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
