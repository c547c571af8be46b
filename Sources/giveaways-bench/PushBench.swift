import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import Logging

/// Web Push figures: what encrypting one message costs (RFC 8291: a fresh P-256 key pair, ECDH, two HKDFs,
/// AES-GCM) and signing its VAPID token (ES256), and pushes per second from the outbox to a fake push service on
/// 127.0.0.1 for `subscriptions` subscriptions with one `new` event each — the whole loop: claim with a lease, read
/// the device's language, write the payload, encrypt, sign, POST, record the outcome.
enum PushBench {
    static func run(subscriptions: Int, into table: inout Table) async throws {
        try encryption(into: &table)
        try await delivery(subscriptions: subscriptions, into: &table)
    }

    static func encryption(into table: inout Table) throws {
        let receiver = VAPIDKeys().publicKey  // any P-256 point will do as a subscription's p256dh
        let auth = Data(repeating: 7, count: 16)
        let payload = try sample.encoded()
        let rounds = 2000
        let (_, encrypting) = try Clock.measure {
            for _ in 0..<rounds { _ = try WebPushEncryption.encrypt(payload, receiverKey: receiver, authSecret: auth) }
        }
        table.add(
            "push: encrypt one message (\(payload.count) B JSON, aes128gcm)",
            String(format: "%.0f µs", Clock.ms(encrypting) * 1000 / Double(rounds)))
        let keys = VAPIDKeys()
        let endpoint = URL(string: "https://push.example.org/e/1")!
        let (_, signing) = Clock.measure {
            for _ in 0..<rounds {
                _ = keys.authorization(for: endpoint, subject: "mailto:ops@example.org", now: Date())
            }
        }
        table.add(
            "push: sign one VAPID token (ES256)", String(format: "%.0f µs", Clock.ms(signing) * 1000 / Double(rounds)))
    }

    static func delivery(subscriptions: Int, into table: inout Table) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try AppDatabase.open(path: directory.appendingPathComponent("push.sqlite").path)
        let feed = GiveawayFeedSQLRepository(database: database)
        let hooks = HookSQLRepository(database: database)
        let start = Date(timeIntervalSince1970: 1_774_915_200)
        _ = try await feed.saveFeed([HookBench.stub(id: 1)], at: start)
        let keys = try PushSubscriptionKeys(
            p256dh: Base64URL.encode(VAPIDKeys().publicKey), auth: Base64URL.encode(Data(repeating: 7, count: 16)))
        let service = FakePushService()
        let (attempts, elapsed) = try await service.withServer { url in
            for index in 1...subscriptions {
                let hook = try await hooks.addHook(
                    Hook(
                        url: url.appendingPathComponent("push/\(index)"), format: .webpush, secret: keys.secret,
                        events: [.new], createdAt: start, profileID: ProfileID.random()))
                try await hooks.saveDevice(PushDevice(hookID: hook.id, label: "Bench", language: "en"))
            }
            _ = try await feed.saveFeed(
                [HookBench.stub(id: 1), HookBench.stub(id: 2)], at: start.addingTimeInterval(60))
            var logger = Logger(label: "bench")
            logger.logLevel = .error
            return try await HTTPConnections.using { connections in
                var worker = HookDeliveryWorker(
                    repository: hooks, sender: HookSender(connections: connections, allowPrivate: true),
                    clock: { start.addingTimeInterval(120) }, logger: logger)
                worker.push = WebPush(keys: VAPIDKeys(), subject: "mailto:ops@example.org", devices: hooks) {
                    _, _, _, _ in sample
                }
                return try await Clock.measure { try await worker.runOnce() }
            }
        }
        let delivered = try await hooks.eventCounts()["delivered", default: 0]
        let perSecond = Double(delivered) / (Clock.ms(elapsed) / 1000)
        table.add(
            "push: pushes/s to a fake push service on 127.0.0.1 (\(subscriptions) subscriptions)",
            String(format: "%.0f /s (%d of %d in %@)", perSecond, delivered, attempts, Clock.format(elapsed)),
            goal: "≥ 500 /s", met: perSecond >= 500)
        guard service.count == subscriptions, delivered == subscriptions else {
            throw BenchFailure("expected \(subscriptions) pushes, the service got \(service.count)")
        }
    }

    static let sample = WebPushPayload(
        title: "Free on Steam: Bench Game 2 Giveaway", body: "Worth $9.99 · Ends in 3 days", event: "new",
        giveawayID: 2, worth: "$9.99", endsAt: "2026-04-03T12:00:00Z", detailsURL: "/giveaways/2",
        claimURL: "https://www.gamerpower.com/open/2", claimedURL: "/giveaways/2/mark", image: "/images/2/image",
        icon: "/static/icon-192.png", getIt: "Get it", claimed: "Claimed")
}
