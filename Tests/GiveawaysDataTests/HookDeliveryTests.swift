import Crypto
import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData
@testable import GiveawaysUpstream

/// Delivery to a real receiver on 127.0.0.1: retries with back-off, timeouts, restarts, crashes, signatures.
@Suite struct HookDeliveryTests {
    /// A store whose feed holds giveaway 1, with a hook added after it and giveaway 2 synced since: one `new`.
    private func storeWithOneEvent(
        _ url: URL, database: AppDatabase? = nil, secret: String? = nil, format: HookFormat = .json
    ) async throws -> HookStore {
        let store = try HookStore(database: database)
        try await store.sync([.stub(id: 1)])
        _ = try await store.addHook(url.appendingPathComponent("hook"), format: format, secret: secret)
        store.clock.advance(60)
        try await store.sync([.stub(id: 1), .stub(id: 2, title: "Signed Game")])
        return store
    }

    @Test func eachEventIsDeliveredOnceWithASignatureTheReceiverCanCheck() async throws {
        let receiver = HookReceiver()
        try await receiver.withServer { url in
            let store = try await storeWithOneEvent(url, secret: "s3cret")
            let worker = store.worker()
            #expect(try await worker.runOnce() == 1)
            #expect(try await worker.runOnce() == 0)
            store.clock.advance(3600)
            try await store.sync([.stub(id: 1), .stub(id: 2, title: "Signed Game")])
            #expect(try await worker.runOnce() == 0)
            let request = try #require(receiver.received.first)
            #expect(receiver.count == 1)
            let expected = HMAC<SHA256>.authenticationCode(
                for: request.body, using: SymmetricKey(data: Data("s3cret".utf8))
            )
            .map { String(format: "%02x", $0) }.joined()
            #expect(request.header("X-Giveaways-Signature") == "sha256=\(expected)")
            #expect(request.header("X-Giveaways-Event") == "new")
            #expect(request.header("X-Giveaways-Delivery") != nil)
            #expect(request.path == "/hook")
            let giveaway = try #require(request.json["giveaway"] as? [String: Any])
            #expect(giveaway["id"] as? Int == 2)
            #expect(giveaway["title"] as? String == "Signed Game")
            #expect(giveaway["openGiveawayUrl"] as? String == "https://www.gamerpower.com/open/2")
            #expect(request.json["event"] as? String == "new")
            #expect(try await store.outbox().map(\.state) == ["delivered"])
        }
    }

    @Test func aRedirectIsAFailureAndIsNeverFollowed() async throws {
        let receiver = HookReceiver()
        receiver.fail(1, status: 302)
        try await receiver.withServer { url in
            let store = try HookStore()
            let hook = try await store.addHook(url.appendingPathComponent("hook"))
            let attempt = try await store.worker().sendTest(to: hook, sample: .stub(id: 1))
            #expect(!attempt.succeeded)
            #expect(attempt.status == 302)
            #expect(receiver.received.map(\.path) == ["/hook"])
        }
    }

    @Test func aFailedHookGetsNothingMoreInThatPassAndItsEventsStayInOrder() async throws {
        let receiver = HookReceiver()
        receiver.fail(1, status: 503)
        try await receiver.withServer { url in
            let store = try HookStore()
            try await store.sync([.stub(id: 1)])
            store.clock.advance(60)
            _ = try await store.addHook(url.appendingPathComponent("hook"), events: [.new])
            store.clock.advance(60)
            // Three batches' worth of events for one hook.
            try await store.sync((1...25).map { Giveaway.stub(id: $0) })
            var worker = store.worker()
            worker.batchSize = 10
            #expect(try await worker.runOnce() == 1, "the first failure stops this hook for the pass")
            #expect(receiver.count == 1)
            store.clock.advance(61)
            #expect(try await worker.runOnce() == 24)
            let ids = receiver.received.compactMap { ($0.json["giveaway"] as? [String: Any])?["id"] as? Int }
            #expect(ids == [2] + Array(2...25), "the failed event first, then the rest in the order raised")
        }
    }

    @Test func aReceiverThatFailsTwiceGetsItOnTheThirdTryAfterTheBackOff() async throws {
        let receiver = HookReceiver()
        receiver.fail(2, status: 503)
        try await receiver.withServer { url in
            let store = try await storeWithOneEvent(url)
            let worker = store.worker()
            try await worker.runOnce()
            #expect(try await store.outbox().map(\.state) == ["pending"])
            store.clock.advance(59)
            #expect(try await worker.runOnce() == 0)  // not due yet
            store.clock.advance(2)
            try await worker.runOnce()
            store.clock.advance(4 * 60)
            #expect(try await worker.runOnce() == 0)
            store.clock.advance(61)
            try await worker.runOnce()
            #expect(receiver.count == 3)
            #expect(Set(receiver.received.compactMap { $0.header("X-Giveaways-Delivery") }).count == 1)
            #expect(
                try await store.outbox() == [OutboxRow(giveawayId: 2, event: "new", state: "delivered", attempts: 3)])
            let log = try await store.hooks.deliveries()
            #expect(log.map(\.attempt) == [3, 2, 1])
            #expect(log.map(\.status) == [204, 503, 503])
            #expect(log[2].nextAttemptAt == log[2].at.addingTimeInterval(60))
            #expect(log[1].nextAttemptAt == log[1].at.addingTimeInterval(300))
        }
    }

    @Test func aHooksEventsGoOutInOrderAndWaitBehindAFailedOne() async throws {
        let receiver = HookReceiver()
        receiver.fail(1)
        try await receiver.withServer { url in
            let store = try HookStore()
            try await store.sync([.stub(id: 1)])
            _ = try await store.addHook(url.appendingPathComponent("hook"))
            store.clock.advance(60)
            try await store.sync((1...4).map { Giveaway.stub(id: $0) })
            #expect(try await store.worker().runOnce() == 1)
            #expect(receiver.count == 1)
            #expect(try await store.outbox().map(\.attempts) == [1, 0, 0])
            store.clock.advance(61)
            #expect(try await store.worker().runOnce() == 3)
            let ids = receiver.received.compactMap { ($0.json["giveaway"] as? [String: Any])?["id"] as? Int }
            #expect(ids == [2, 2, 3, 4])
            #expect(try await store.outbox().map(\.state) == ["delivered", "delivered", "delivered"])
        }
    }

    @Test func aReceiverThatNeverAcceptsIsGivenUpAfterFiveAttempts() async throws {
        let receiver = HookReceiver()
        receiver.fail(100)
        try await receiver.withServer { url in
            let store = try await storeWithOneEvent(url)
            let worker = store.worker()
            for delay in [0] + HookRetryPolicy.delays + [86_400] {
                store.clock.advance(delay + 1)
                try await worker.runOnce()
            }
            #expect(receiver.count == 5)
            #expect(try await store.outbox().map(\.state) == ["failed"])
            let last = try #require(try await store.hooks.deliveries().first)
            #expect(last.gaveUp && last.nextAttemptAt == nil)
        }
    }

    @Test func aHangingReceiverTimesOutAndIsRetriedWithoutADuplicate() async throws {
        let receiver = HookReceiver()
        receiver.hang(1, seconds: 2)
        try await receiver.withServer { url in
            let store = try await storeWithOneEvent(url)
            let worker = store.worker(timeout: .milliseconds(300))
            let started = ContinuousClock().now
            try await worker.runOnce()
            #expect(ContinuousClock().now - started < .seconds(2))
            let first = try #require(try await store.hooks.deliveries().first)
            #expect(first.error?.contains("timed out") == true)
            store.clock.advance(61)
            try await worker.runOnce()
            store.clock.advance(86_400)
            try await worker.runOnce()
            #expect(try await store.outbox().map(\.state) == ["delivered"])
            // The hung request may have reached the receiver too; both carry one delivery id to de-duplicate on.
            #expect(Set(receiver.received.compactMap { $0.header("X-Giveaways-Delivery") }).count == 1)
            #expect(receiver.count == 2)
        }
    }

    @Test func aRestartedWorkerSendsOnlyWhatWasPending() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gg-hooks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        let receiver = HookReceiver()
        try await receiver.withServer { url in
            let before = try await storeWithOneEvent(url, database: try AppDatabase.open(path: path))
            try await before.worker().runOnce()
            before.clock.advance(60)
            try await before.sync([.stub(id: 1), .stub(id: 2), .stub(id: 3)])
            // "Restart": a new database handle and worker over the same file.
            let after = try HookStore(database: try AppDatabase.open(path: path), start: before.clock.now)
            try await after.worker().runOnce()
            try await after.worker().runOnce()
            #expect(receiver.received.compactMap { ($0.json["giveaway"] as? [String: Any])?["id"] as? Int } == [2, 3])
        }
    }

    @Test func aCrashBetweenSendAndRecordResendsOnceWithTheSameDeliveryID() async throws {
        let receiver = HookReceiver()
        try await receiver.withServer { url in
            let store = try await storeWithOneEvent(url)
            // A worker claimed the event (and may have sent it) and died before recording anything.
            let claimed = try await store.hooks.claimDue(now: store.clock.now, lease: 120, limit: 10)
            #expect(claimed.count == 1)
            let worker = store.worker()
            #expect(try await worker.runOnce() == 0)  // leased: no one else sends it meanwhile
            store.clock.advance(121)
            #expect(try await worker.runOnce() == 1)
            #expect(receiver.received.first?.header("X-Giveaways-Delivery") == String(claimed[0].id))
            // The dead worker's late record is fenced off: the event stays delivered, once.
            try await store.hooks.recordOutcome(of: claimed[0], status: nil, error: "late", at: store.clock.now)
            #expect(try await store.outbox().map(\.state) == ["delivered"])
            store.clock.advance(86_400)
            #expect(try await worker.runOnce() == 0)
        }
    }

    @Test func privateAddressesAreRefusedWithoutTheFlag() async throws {
        let receiver = HookReceiver()
        try await receiver.withServer { url in
            let store = try await storeWithOneEvent(url)
            try await store.worker(allowPrivate: false).runOnce()
            #expect(receiver.count == 0)
            let attempt = try #require(try await store.hooks.deliveries().first)
            #expect(attempt.error?.contains("127.0.0.1") == true)
            #expect(attempt.error?.contains("--allow-private-hooks") == true)
        }
    }

    @Test func neitherTheSecretNorTheURLsPathReachesTheLogs() async throws {
        let receiver = HookReceiver()
        receiver.fail(100, status: 401)
        let logs = CapturedLogs()
        try await receiver.withServer { url in
            let store = try HookStore()
            try await store.sync([.stub(id: 1)])
            _ = try await store.addHook(
                url.appendingPathComponent("api/webhooks/1/TOKENsecretTOKEN"), secret: "s3cret!")
            store.clock.advance(60)
            try await store.sync([.stub(id: 1), .stub(id: 2)])
            for delay in [0] + HookRetryPolicy.delays {
                store.clock.advance(delay + 1)
                try await store.worker(logger: logs.logger).runOnce()
            }
            try await store.worker(allowPrivate: false, logger: logs.logger).runOnce()
        }
        #expect(logs.text.contains("gave up"))
        #expect(logs.text.contains("…OKEN"))
        #expect(!logs.text.contains("s3cret"))
        #expect(!logs.text.contains("TOKENsecret"))
    }

    @Test func anNtfyHookPublishesJSONToTheServerRoot() async throws {
        let receiver = HookReceiver()
        try await receiver.withServer { url in
            let store = try await storeWithOneEvent(url, format: .ntfy)
            try await store.worker().runOnce()
            let request = try #require(receiver.received.first)
            #expect(request.path == "/")
            #expect(request.json["topic"] as? String == "hook")
            #expect(request.json["click"] as? String == "https://www.gamerpower.com/open/2")
            #expect((request.json["title"] as? String)?.contains("Signed Game") == true)
        }
    }
}

/// The bodies of each format, and the address rules, without a network.
@Suite struct HookPayloadTests {
    let giveaway = Giveaway.stub(
        id: 9, title: "Big Game", worth: Worth(cents: 1999), endsAt: utc("2026-04-01T00:00:00Z"))

    @Test func discordGetsOneEmbedWithTitleLinkWorthEndAndImage() throws {
        let hook = Hook(
            url: URL(string: "https://discord.com/api/webhooks/1/tok")!, format: .discord, createdAt: Date())
        let message = try HookPayload.message(
            hook: hook, giveaway: giveaway, event: "new", deliveryID: "42", now: utc("2026-03-01T00:00:00Z"))
        let json = try #require(try JSONSerialization.jsonObject(with: message.body) as? [String: Any])
        let embed = try #require((json["embeds"] as? [[String: Any]])?.first)
        #expect(embed["title"] as? String == "Big Game")
        #expect(embed["url"] as? String == "https://www.gamerpower.com/open/9")
        #expect((embed["image"] as? [String: Any])?["url"] as? String == "https://www.gamerpower.com/offers/1b/9.jpg")
        let fields = try #require(embed["fields"] as? [[String: Any]])
        #expect(fields.contains { $0["name"] as? String == "Worth" && $0["value"] as? String == "$19.99" })
        #expect(fields.contains { $0["name"] as? String == "Ends" && $0["value"] as? String == "2026-04-01T00:00:00Z" })
        #expect(message.url == hook.url)
        #expect(!message.headers.contains { $0.name == "X-Giveaways-Signature" })
    }

    @Test func discordNeverPingsAndNeverGetsAMessageItRefuses() throws {
        let hook = Hook(
            url: URL(string: "https://discord.com/api/webhooks/1/tok")!, format: .discord, createdAt: Date())
        var hostile = Giveaway.stub(id: 10, title: "@everyone " + String(repeating: "x", count: 3000), platforms: "")
        hostile.openGiveawayURL = "javascript:alert(1)"
        hostile.imageURL = "data:image/png;base64,AAAA"
        let message = try HookPayload.message(
            hook: hook, giveaway: hostile, event: "new", deliveryID: "1", now: utc("2026-03-01T00:00:00Z"))
        let json = try #require(try JSONSerialization.jsonObject(with: message.body) as? [String: Any])
        #expect((json["allowed_mentions"] as? [String: Any])?["parse"] as? [String] == [])
        #expect(((json["content"] as? String)?.count ?? 0) <= 2000)
        let embed = try #require((json["embeds"] as? [[String: Any]])?.first)
        #expect(embed["url"] == nil && embed["image"] == nil)
        let fields = try #require(embed["fields"] as? [[String: Any]])
        #expect(fields.allSatisfy { !(($0["value"] as? String) ?? "").isEmpty })
    }

    @Test func ntfyGetsTopicTitleMessageClickAndTags() throws {
        let hook = Hook(url: URL(string: "https://ntfy.sh/free-games")!, format: .ntfy, createdAt: Date())
        let message = try HookPayload.message(
            hook: hook, giveaway: giveaway, event: "ending", deliveryID: "42", now: utc("2026-03-01T00:00:00Z"))
        let json = try #require(try JSONSerialization.jsonObject(with: message.body) as? [String: Any])
        #expect(message.url.absoluteString == "https://ntfy.sh/")
        #expect(json["topic"] as? String == "free-games")
        #expect(json["title"] as? String == "Ending within 24 hours: Big Game")
        #expect((json["message"] as? String)?.contains("$19.99") == true)
        #expect(json["click"] as? String == "https://www.gamerpower.com/open/9")
        #expect(json["tags"] as? [String] == ["video_game", "ending"])
    }

    @Test func plainHTTPConnectsToTheCheckedAddressAndKeepsTheNameForHost() {
        let url = URL(string: "http://hooks.example.org:8080/in?x=1")!
        #expect(BoundedHTTPClient.pinnedURL(url, address: "93.184.216.34") == "http://93.184.216.34:8080/in?x=1")
        #expect(BoundedHTTPClient.pinnedURL(url, address: "2606:2800::1") == "http://[2606:2800::1]:8080/in?x=1")
    }

    @Test func aChangedEventCarriesThePreviousEndDate() throws {
        let hook = Hook(url: URL(string: "https://example.org/h")!, secret: "k", createdAt: Date())
        let change = EndDateChange(
            changedAt: utc("2026-03-02T00:00:00Z"), from: utc("2026-03-25T00:00:00Z"), to: giveaway.endsAt)
        let message = try HookPayload.message(
            hook: hook, giveaway: giveaway, event: "changed", deliveryID: "7", change: change,
            now: utc("2026-03-02T00:00:00Z"))
        let json = try #require(try JSONSerialization.jsonObject(with: message.body) as? [String: Any])
        #expect(json["previousEndDate"] as? String == "2026-03-25T00:00:00Z")
        #expect((json["giveaway"] as? [String: Any])?["endDate"] as? String == "2026-04-01T00:00:00Z")
        #expect(message.headers.contains { $0 == ("X-Giveaways-Delivery", "7") })
        #expect(
            message.headers.contains {
                $0 == ("X-Giveaways-Signature", "sha256=" + HookPayload.signature(of: message.body, secret: "k"))
            })
    }

    @Test func anHTTPSHookSpeaksTLSToTheCheckedAddress() async throws {
        let receiver = HookReceiver()
        try await receiver.withServer { url in
            // The receiver speaks plain HTTP: the TLS handshake fails, quickly and readably, and nothing is received.
            let hook = Hook(url: URL(string: "https://localhost:\(url.port ?? 0)/h")!, createdAt: Date())
            let message = try HookPayload.message(
                hook: hook, giveaway: giveaway, event: "test", deliveryID: "t", now: Date())
            let outcome = await HookSender(connections: .forTests, allowPrivate: true, timeout: .seconds(5)).send(
                message)
            #expect(outcome.status == nil)
            #expect(outcome.error != nil)
            #expect(receiver.count == 0)
            let refused = await HookSender(connections: .forTests, allowPrivate: false).send(message)
            #expect(refused.error?.contains("localhost") == true)
        }
    }

    @Test func privateLoopbackLinkLocalAndMetadataAddressesAreForbidden() throws {
        for host in [
            "127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1",
            "100.100.100.200", "0.0.0.0", "::1", "::", "fc00::1", "fd00:ec2::254", "fe80::1", "::ffff:127.0.0.1",
            "::ffff:10.0.0.1", "224.0.0.1",
        ] {
            #expect(HookAddress.isForbidden(try #require(HookAddress.parseNumeric(host))), "\(host)")
        }
        for host in ["8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "1.1.1.1"] {
            #expect(!HookAddress.isForbidden(try #require(HookAddress.parseNumeric(host))), "\(host)")
        }
        #expect(throws: HookAddress.Refusal.self) {
            try HookAddress.validateLiteral(URL(string: "http://localhost/x")!)
        }
        #expect(throws: HookAddress.Refusal.self) { try HookAddress.validateLiteral(URL(string: "http://[::1]:8/x")!) }
        #expect(throws: HookAddress.Refusal.notHTTP) {
            try HookAddress.validateShape(URL(string: "ftp://example.com")!)
        }
        try HookAddress.validateLiteral(URL(string: "https://discord.com/api/webhooks/1/x")!)
    }
}
