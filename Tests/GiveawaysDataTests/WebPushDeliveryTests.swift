import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData

/// Web Push through the webhook outbox to a fake push service on 127.0.0.1: every answer a push service gives,
/// the lease across a restart and a crash, and the private-address rule.
@Suite struct WebPushDeliveryTests: Sendable {
    let subscriber = PushSubscriber()
    let keys = VAPIDKeys()

    /// A store whose feed holds giveaway 1, a push subscription added after it, and giveaway 2 synced since: one
    /// `new` for the subscription.
    private func storeWithOnePush(_ service: URL, database: AppDatabase? = nil) async throws -> (HookStore, Hook) {
        let store = try HookStore(database: database)
        try await store.sync([.stub(id: 1)])
        let hook = try await store.hooks.addHook(
            Hook(
                url: service.appendingPathComponent("push/device-1"), format: .webpush, secret: subscriber.keys.secret,
                events: [.new], createdAt: store.clock.now, profileID: ProfileID.random()))
        try await store.hooks.saveDevice(PushDevice(hookID: hook.id, label: "Chrome on Android", language: "de"))
        store.clock.advance(60)
        try await store.sync([.stub(id: 1), .stub(id: 2, title: "Push Game")])
        return (store, hook)
    }

    private func worker(_ store: HookStore, allowPrivate: Bool = true) -> HookDeliveryWorker {
        var worker = store.worker(allowPrivate: allowPrivate)
        worker.push = WebPush(keys: keys, subject: "mailto:ops@example.org", devices: store.hooks) {
            giveaway, event, language, _ in
            WebPushPayload(
                title: "\(language == "de" ? "Gratis bei" : "Free on") Steam: \(giveaway.title)", body: "Worth",
                event: event, giveawayID: giveaway.id, worth: nil, endsAt: nil, detailsURL: "/giveaways/\(giveaway.id)",
                claimURL: giveaway.openGiveawayURL, claimedURL: "/push/claimed/\(giveaway.id)", image: nil,
                icon: "/static/icon-192.png", getIt: "Holen", claimed: "Eingelöst")
        }
        return worker
    }

    @Test func a201DeliversOneEncryptedMessageWithRFC8030HeadersAndVAPID() async throws {
        let service = FakePushService()
        try await service.withServer { url in
            let (store, _) = try await storeWithOnePush(url)
            #expect(try await worker(store).runOnce() == 1)
            #expect(try await worker(store).runOnce() == 0)
            let message = try #require(service.received.first)
            #expect(service.count == 1)
            #expect(message.path == "/push/device-1")
            #expect(message.header("Content-Encoding") == "aes128gcm")
            #expect(message.header("Topic") == "giveaway-2")
            #expect(message.header("Urgency") == "normal")
            #expect(Int(message.header("TTL") ?? "") == 86_400)
            #expect(message.header("Authorization")?.hasPrefix("vapid t=") == true)
            #expect(message.header("Authorization")?.hasSuffix(", k=\(keys.publicKeyText)") == true)
            let payload = try subscriber.json(message.body)
            #expect(payload["title"] as? String == "Gratis bei Steam: Push Game")
            #expect(payload["giveawayID"] as? Int == 2)
            #expect(payload["tag"] as? String == "giveaway-2")
            #expect(try await store.outbox().map(\.state) == ["delivered"])
        }
    }

    @Test(arguments: [404, 410])
    func aGoneSubscriptionIsRemoved(status: Int) async throws {
        let service = FakePushService()
        service.answer(status)
        try await service.withServer { url in
            let (store, hook) = try await storeWithOnePush(url)
            try await worker(store).runOnce()
            #expect(try await store.hooks.hook(id: hook.id) == nil)
            #expect(try await store.hooks.device(hookID: hook.id) == nil)
            #expect(try await store.outbox().isEmpty)
            store.clock.advance(86_400)
            try await worker(store).runOnce()
            #expect(service.count == 1)
        }
    }

    @Test func a413IsGivenUpAtOnce() async throws {
        let service = FakePushService()
        service.answer(413)
        try await service.withServer { url in
            let (store, _) = try await storeWithOnePush(url)
            try await worker(store).runOnce()
            #expect(try await store.outbox() == [OutboxRow(giveawayId: 2, event: "new", state: "failed", attempts: 1)])
            let attempt = try #require(try await store.hooks.deliveries().first)
            #expect(attempt.gaveUp && attempt.status == 413)
            store.clock.advance(86_400)
            try await worker(store).runOnce()
            #expect(service.count == 1)
        }
    }

    @Test func a429WaitsForItsRetryAfterThenDelivers() async throws {
        let service = FakePushService()
        service.answer(429, retryAfter: "7200")
        try await service.withServer { url in
            let (store, _) = try await storeWithOnePush(url)
            try await worker(store).runOnce()
            let attempt = try #require(try await store.hooks.deliveries().first)
            #expect(attempt.nextAttemptAt == store.clock.now.addingTimeInterval(7200))
            store.clock.advance(HookRetryPolicy.delays[0] + 1)  // the policy's own wait is not enough
            #expect(try await worker(store).runOnce() == 0)
            store.clock.advance(7200)
            #expect(try await worker(store).runOnce() == 1)
            #expect(service.count == 2)
            #expect(try await store.outbox().map(\.state) == ["delivered"])
        }
    }

    @Test func a500IsRetriedWithBackOffThenGivenUp() async throws {
        let service = FakePushService()
        service.answer(500, times: HookRetryPolicy.maximumAttempts)
        try await service.withServer { url in
            let (store, _) = try await storeWithOnePush(url)
            for delay in HookRetryPolicy.delays + [0] {
                #expect(try await worker(store).runOnce() == 1)
                store.clock.advance(delay + 1)
            }
            #expect(try await worker(store).runOnce() == 0)
            #expect(service.count == HookRetryPolicy.maximumAttempts)
            #expect(try await store.outbox().map(\.state) == ["failed"])
        }
    }

    @Test func exactlyOnceAcrossARestartAndALeaseLeftByACrash() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-push-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("store.sqlite").path
        let service = FakePushService()
        try await service.withServer { url in
            let (before, _) = try await storeWithOnePush(url, database: try AppDatabase.open(path: path))
            #expect(try await worker(before).runOnce() == 1)
            before.clock.advance(60)
            try await before.sync([.stub(id: 1), .stub(id: 2), .stub(id: 3)])
            // A worker claims giveaway 3's message and dies before sending or recording anything.
            #expect(try await before.hooks.claimDue(now: before.clock.now, lease: 600, limit: 10).count == 1)
            // "Restart": a new database handle and worker over the same file.
            let after = try HookStore(database: try AppDatabase.open(path: path), start: before.clock.now)
            #expect(try await worker(after).runOnce() == 0, "the dead worker's lease holds")
            after.clock.advance(601)
            #expect(try await worker(after).runOnce() == 1)
            after.clock.advance(86_400)
            #expect(try await worker(after).runOnce() == 0)
            #expect(service.received.map { $0.header("Topic") } == ["giveaway-2", "giveaway-3"])
        }
    }

    @Test func aPrivateOrPlainHTTPEndpointIsRefusedWithoutTheFlag() async throws {
        let service = FakePushService()
        try await service.withServer { url in
            let (store, _) = try await storeWithOnePush(url)
            try await worker(store, allowPrivate: false).runOnce()
            #expect(service.count == 0)
            let attempt = try #require(try await store.hooks.deliveries().first)
            #expect(attempt.error?.contains("https") == true)
        }
    }
}
