import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData
@testable import GiveawaysUpstream

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
        worker.push?.summary = { giveaways, language in
            WebPushPayload.summary(
                title: "\(language == "de" ? "Zusammenfassung" : "Summary"): \(giveaways.count)",
                body: giveaways.map(\.title).joined(separator: " · "), detailsURL: "/", icon: "/static/icon-192.png")
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
        let service = FakePushService()
        try await withDatabaseFile { path in
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
    }

    /// The window no sender can close alone: the push service answered 201, and the worker died before it wrote
    /// that down. Here its write is made to fail at exactly that moment (a trigger, put in place by the fake service
    /// after it took the message and before it answers), which leaves the store as a crash would: the event claimed
    /// under a lease, nothing recorded. After a restart and the lease, the message goes again — and the device gets
    /// it with the same `Topic` and, inside the encrypted payload, the same notification `tag`, so the push service
    /// and the service worker replace the first rather than show it twice.
    @Test func aCrashBetweenThe201AndItsRecordResendsWithTheSameTopicAndTag() async throws {
        let service = FakePushService()
        try await withDatabaseFile { path in
            try await service.withServer { url in
                let (before, _) = try await storeWithOnePush(url, database: try AppDatabase.open(path: path))
                let database = before.database
                service.beforeAnsweringNext {
                    try await database.writer.write { db in
                        try db.execute(
                            sql: """
                                CREATE TRIGGER crashed BEFORE UPDATE ON hook_event
                                BEGIN SELECT RAISE(ABORT, 'the worker died'); END
                                """)
                    }
                }
                #expect(try await worker(before).runOnce() == 1)
                #expect(service.count == 1, "the push service took the message")
                #expect(try await before.hooks.deliveries().isEmpty, "and nothing recorded it")
                #expect(try await before.outbox().map(\.state) != ["delivered"])

                // Restart over the same file, without the trigger (the crash is over).
                let after = try HookStore(database: try AppDatabase.open(path: path), start: before.clock.now)
                try await after.database.writer.write { try $0.execute(sql: "DROP TRIGGER crashed") }
                #expect(try await worker(after).runOnce() == 0, "the dead worker's lease holds")
                after.clock.advance(601)
                #expect(try await worker(after).runOnce() == 1)
                after.clock.advance(86_400)
                #expect(try await worker(after).runOnce() == 0)
                #expect(try await after.outbox().map(\.state) == ["delivered"])

                // Sent twice, the same notification both times: the device replaces the first with the second.
                let messages = service.received
                #expect(messages.count == 2)
                #expect(messages.map { $0.header("Topic") } == ["giveaway-2", "giveaway-2"])
                let payloads = try messages.map { try subscriber.json($0.body) }
                #expect(payloads.map { $0["tag"] as? String } == ["giveaway-2", "giveaway-2"])
                #expect(payloads.map { $0["giveawayID"] as? Int } == [2, 2])
                #expect(payloads.map { $0["event"] as? String } == ["new", "new"])
                #expect(messages[0].body != messages[1].body, "each message is encrypted afresh")
            }
        }
    }

    /// A visitor who chose one summary a day (08:00 in Tokyo) gets what was held as one notification on the
    /// device at that time — tag and topic `digest`, no Claimed action — and each event is recorded once.
    @Test func heldNewsReachesTheDeviceAsOneSummaryNotificationAtTheSummaryTime() async throws {
        let service = FakePushService()
        try await service.withServer { url in
            let store = try HookStore()
            let visitor = ProfileID.random()
            try await store.sync([.stub(id: 1)])
            try await store.hooks.saveNotificationPreferences(
                NotificationPreferences(
                    schedule: NotificationSchedule(
                        timeZone: TimeZone(identifier: "Asia/Tokyo")!, digestAt: DayTime(text: "08:00"))),
                for: visitor, at: store.clock.now)
            let hook = try await store.hooks.addHook(
                Hook(
                    url: url.appendingPathComponent("push/phone"), format: .webpush, secret: subscriber.keys.secret,
                    events: Hook.pushEvents, createdAt: store.clock.now, profileID: visitor))
            try await store.hooks.saveDevice(PushDevice(hookID: hook.id, label: "Safari on iPhone", language: "en"))
            store.clock.advance(60)
            try await store.sync([
                .stub(id: 1), .stub(id: 2, title: "Two"), .stub(id: 3, title: "Three"), .stub(id: 4, title: "Four"),
            ])
            // 12:01Z is 21:01 in Tokyo: held until 08:00 there, 23:00Z.
            #expect(try await worker(store).runOnce() == 0)
            #expect(service.count == 0)
            store.clock.advance(utc("2026-03-01T23:00:00Z").timeIntervalSince(store.clock.now))
            #expect(try await worker(store).runOnce() == 1)
            store.clock.advance(86_400)
            #expect(try await worker(store).runOnce() == 0)
            #expect(service.count == 1)
            let message = try #require(service.received.first)
            #expect(message.header("Topic") == "digest")
            #expect(message.header("Urgency") == "normal")
            let payload = try subscriber.json(message.body)
            #expect(payload["event"] as? String == "digest")
            #expect(payload["tag"] as? String == "digest")
            #expect(payload["title"] as? String == "Summary: 3")
            #expect(payload["body"] as? String == "Two · Three · Four")
            #expect(payload["claimedURL"] == nil)
            #expect(try await store.outbox().map(\.state) == ["delivered", "delivered", "delivered"])
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

    /// Issue 23's "done means", end to end against the fake push service: a visitor subscribes this device and
    /// hearts a giveaway; each new giveaway that passes their rules is pushed once, the hearted one gets one reminder
    /// at the lead time (3 h by default), and nothing is ever pushed twice however often the outbox runs.
    @Test func aSubscribedVisitorGetsEachNewGiveawayAndOneReminderForTheHeartedOneAndNothingTwice() async throws {
        let service = FakePushService()
        try await service.withServer { url in
            let store = try HookStore()
            let visitor = ProfileID.random()
            let end = store.clock.now.addingTimeInterval(10 * 3600)
            try await store.sync([.stub(id: 1), .stub(id: 2, title: "Hearted Game", endsAt: end)])
            let hook = try await store.hooks.addHook(
                Hook(
                    url: url.appendingPathComponent("push/phone"), format: .webpush, secret: subscriber.keys.secret,
                    events: Hook.pushEvents, createdAt: store.clock.now, profileID: visitor))
            try await store.hooks.saveDevice(PushDevice(hookID: hook.id, label: "Safari on iPhone", language: "en"))
            try await MarkSQLRepository(database: store.database).setMark(
                .favorite, on: .giveaway(2), profile: visitor, text: nil, at: store.clock.now)
            let pushes = worker(store)

            // Subscribing does not flood the device with the current feed.
            #expect(try await pushes.runOnce() == 0)
            // Two new giveaways, in two syncs: one push each.
            store.clock.advance(600)
            try await store.sync([.stub(id: 1), .stub(id: 2, title: "Hearted Game", endsAt: end), .stub(id: 3)])
            store.clock.advance(600)
            try await store.sync([
                .stub(id: 1), .stub(id: 2, title: "Hearted Game", endsAt: end), .stub(id: 3), .stub(id: 4),
            ])
            #expect(try await pushes.runOnce() == 2)
            // Before the lead time nothing more; at it, one reminder for the hearted giveaway; then nothing again.
            store.clock.advance(end.timeIntervalSince(store.clock.now) - 3 * 3600 - 60)
            #expect(try await pushes.runOnce() == 0)
            store.clock.advance(120)
            #expect(try await pushes.runOnce() == 1)
            for _ in 0..<3 {
                store.clock.advance(600)
                #expect(try await pushes.runOnce() == 0)
            }
            let payloads = try service.received.map { try subscriber.json($0.body) }
            #expect(payloads.map { $0["event"] as? String } == ["new", "new", "reminder"])
            #expect(payloads.map { $0["giveawayID"] as? Int } == [3, 4, 2])
            #expect(service.received.map { $0.header("Urgency") } == ["normal", "normal", "high"])
            #expect(service.count == 3)
        }
    }
}

/// A database file in a fresh temporary folder, removed when `body` returns: for tests that open it again, as a
/// restarted server would.
private func withDatabaseFile<T>(_ body: (String) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-push-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return try await body(directory.appendingPathComponent("store.sqlite").path)
}
