import Crypto
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysHTTP
import GiveawaysTestSupport
import GiveawaysUpstream
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GiveawaysWeb

/// Settings → Notifications → "This device": storing a browser's Web Push subscription, refusing bad ones with a
/// reason, listing and removing devices, and a test notification to a fake push service.
@Suite struct PushRouteTests {
    let keys = VAPIDKeys()
    let p256dh = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
    let auth = Base64URL.encode(Data(repeating: 9, count: 16))
    let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36"

    func configuration(_ harness: WebHarness, allowPrivate: Bool) -> WebConfiguration {
        var configuration = harness.configuration
        configuration.vapidKeys = keys
        configuration.allowPrivateHooks = allowPrivate
        return configuration
    }

    func subscription(_ endpoint: String, p256dh: String? = nil, auth: String? = nil) -> String {
        #"{"endpoint":"\#(endpoint)","expirationTime":null,"keys":{"p256dh":"\#(p256dh ?? self.p256dh)","auth":"\#(auth ?? self.auth)"}}"#
    }

    func subscribe(
        _ browser: inout Browser, _ body: String, client: some TestClientProtocol, extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/json", .accept: "application/json"]
        headers[.userAgent] = android
        for field in extra { headers[field.name] = field.value }
        return try await browser.post("/settings/notifications/push", body, client: client, extra: headers)
    }

    @Test func aDeviceSubscribesIsListedWithoutItsKeysAndIsRemovable() async throws {
        let harness = try await WebHarness()
        let app = harness.app(configuration: configuration(harness, allowPrivate: true))
        try await app.test(.router) { client in
            var alice = Browser()
            try await establish(&alice, harness, client)
            let before = try await alice.get("/settings/notifications", client: client).text
            #expect(before.contains("data-push-key=\"\(keys.publicKeyText)\""))
            #expect(before.contains("Notify this device"))
            #expect(before.contains("add GameGiveaways to the Home Screen first"))

            let answer = try await subscribe(&alice, subscription("http://127.0.0.1:9/push/abcTOKEN"), client: client)
            #expect(answer.status == .ok)
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: answer.body)) as? [String: String])
            #expect(json["label"] == "Chrome on Android")
            let hooks = HookSQLRepository(database: harness.repository.database)
            let stored = try #require(try await hooks.hooks().first)
            #expect(json["id"] == String(stored.id))
            #expect(stored.format == .webpush && stored.profileID == alice.profileID)
            // New giveaways, reminders before a hearted one ends, and a hearted one coming back.
            #expect(stored.events == [.new, .reminder, .back, .started])
            #expect(stored.url.absoluteString == "http://127.0.0.1:9/push/abcTOKEN")
            #expect(
                PushSubscriptionKeys(secret: stored.secret) == (try PushSubscriptionKeys(p256dh: p256dh, auth: auth)))

            let page = try await alice.get("/settings/notifications", client: client).text
            #expect(page.contains("Chrome on Android"))
            #expect(page.contains("data-device-id=\"\(stored.id)\""))
            #expect(!page.contains(p256dh) && !page.contains(auth) && !page.contains("abcTOKEN"))
            // A device is not a webhook: the webhooks' list stays empty.
            #expect(page.contains("You have no notifications yet"))

            // Subscribing the same browser again replaces its subscription.
            _ = try await subscribe(&alice, subscription("http://127.0.0.1:9/push/abcTOKEN"), client: client)
            #expect(try await hooks.hooks().count == 1)
            let id = try #require(try await hooks.hooks().first?.id)
            #expect(
                try await alice.post("/settings/notifications/\(id)/delete", "", client: client).status == .seeOther)
            #expect(try await hooks.hooks().isEmpty)
            #expect(try await hooks.device(hookID: id) == nil)
        }
    }

    /// A phone subscribed at home subscribes again from a network whose share of the server's notifications is used
    /// up: the new row is refused, and the one it would have replaced stays, so the device keeps its notifications.
    /// The same subscription (same keys) is simply still this device's; one with other keys is refused.
    @Test func aRefusedResubscriptionKeepsTheEarlierSubscription() async throws {
        let harness = try await WebHarness()
        let app = harness.app(configuration: configuration(harness, allowPrivate: true))
        try await app.test(.router) { client in
            var alice = Browser()
            try await establish(&alice, harness, client)
            let endpoint = "http://127.0.0.1:9/push/alice"
            let home: HTTPFields = [ClientAddress.forwardedFor: "192.0.2.10"]
            let first = try await subscribe(&alice, subscription(endpoint), client: client, extra: home)
            #expect(first.status == .ok)
            let hooks = HookSQLRepository(database: harness.repository.database)
            let stored = try #require(try await hooks.hooks().first)

            // Others used up the café's share of the server's push devices.
            let cafe = "198.51.100.7"
            let limits = PushRoutes.limits(total: Defaults.maximumPushDevices)
            for n in 0..<limits.perAddress {
                let hook = Hook(
                    url: URL(string: "https://fcm.googleapis.com/fcm/send/\(n)")!, format: .webpush, secret: "k",
                    events: Hook.pushEvents, createdAt: harness.now, profileID: .random())
                _ = try await hooks.addVisitorHook(hook, from: cafe, limits: limits).get()
            }
            let fromCafe: HTTPFields = [ClientAddress.forwardedFor: cafe]
            let again = try await subscribe(&alice, subscription(endpoint), client: client, extra: fromCafe)
            #expect(again.status == .ok)
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: again.body)) as? [String: String])
            #expect(json["id"] == String(stored.id))
            #expect(json["label"] == "Chrome on Android")

            let otherKeys = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
            let refused = try await subscribe(
                &alice, subscription(endpoint, p256dh: otherKeys), client: client, extra: fromCafe)
            #expect(refused.status == .badRequest)
            #expect(try await hooks.hook(id: stored.id) == stored, "the earlier subscription is kept")
            #expect(try await hooks.device(hookID: stored.id)?.label == "Chrome on Android")
        }
    }

    @Test func badSubscriptionsAreRefusedWithAReason() async throws {
        let harness = try await WebHarness()
        let app = harness.app(configuration: configuration(harness, allowPrivate: false))
        try await app.test(.router) { client in
            var visitor = Browser()
            try await establish(&visitor, harness, client)
            let cases: [(String, HTTPResponse.Status, String)] = [
                (subscription("http://push.example.org/x"), .badRequest, "must be an https:// address"),
                (subscription("https://127.0.0.1/x"), .badRequest, "(127.0.0.1) is not one this server sends to"),
                (subscription("https://[::1]/x"), .badRequest, "is not one this server sends to"),
                (subscription("https://push.example.org/x"), .badRequest, "(push.example.org) is not one"),
                (
                    subscription("https://push.example.org/x", p256dh: String(p256dh.dropLast(3))), .badRequest,
                    "65-byte p256dh"
                ),
                (subscription("https://push.example.org/x", auth: "AAAA"), .badRequest, "16-byte auth"),
                ("not json", .badRequest, "cannot use"),
                (
                    subscription("https://push.example.org/" + String(repeating: "a", count: 5000)), .contentTooLarge,
                    "too large"
                ),
            ]
            for (body, status, reason) in cases {
                let response = try await subscribe(
                    &visitor, body, client: client, extra: [ClientAddress.forwardedFor: "192.0.2.\(body.count % 200)"])
                #expect(response.status == status, "\(body.prefix(80))")
                #expect(response.text.contains(reason), "\(response.text)")
            }
            let german = try await subscribe(
                &visitor, subscription("http://push.example.org/x"), client: client, extra: [.acceptLanguage: "de"])
            #expect(german.text.contains("muss eine https://-Adresse sein"))
            #expect(try await HookSQLRepository(database: harness.repository.database).hooks().isEmpty)
        }
    }

    @Test func sendATestReachesThePushService() async throws {
        let service = FakePushService()
        try await service.withServer { url in
            let harness = try await WebHarness()
            let app = harness.app(configuration: configuration(harness, allowPrivate: true))
            try await app.test(.router) { client in
                var alice = Browser()
                try await establish(&alice, harness, client)
                let endpoint = url.appendingPathComponent("push/1").absoluteString
                let answer = try await subscribe(&alice, subscription(endpoint), client: client)
                let json = try JSONSerialization.jsonObject(with: Data(buffer: answer.body)) as? [String: String]
                let id = try #require(json?["id"])
                let test = try await alice.post(
                    "/settings/notifications/\(id)/test", "", client: client, extra: [.accept: "application/json"])
                #expect(test.status == .ok)
                #expect(test.text.contains("A test notification is on its way"))
                #expect(service.count == 1)
                #expect(service.received.first?.header("Content-Encoding") == "aes128gcm")
                #expect(service.received.first?.header("Authorization")?.contains("k=\(keys.publicKeyText)") == true)
                // Each test is a POST to a host the visitor chose: three at once, then one a minute.
                for _ in 0..<2 {
                    #expect(
                        try await alice.post("/settings/notifications/\(id)/test", "", client: client).status
                            == .seeOther)
                }
                let fourth = try await alice.post("/settings/notifications/\(id)/test", "", client: client)
                #expect(fourth.status == .tooManyRequests)
                #expect(service.count == 3)
                // Another visitor cannot test (or even see) alice's device.
                var bob = Browser()
                try await establish(&bob, harness, client)
                #expect(
                    try await bob.post("/settings/notifications/\(id)/test", "", client: client).status == .notFound)
            }
        }
    }

    @Test func theNotificationIsInTheDevicesLanguageWithWorthTimeLeftAndLinks() throws {
        let now = utc("2026-03-31T12:00:00Z")
        let giveaway = Giveaway.stub(
            id: 42, title: "<b>Game</b> & Co", worth: Worth(cents: 1999), platforms: "PC, Steam",
            endsAt: now.addingTimeInterval(3 * 86_400))
        let german = PushNotification.payload(giveaway, event: "new", language: "de", now: now)
        #expect(german.title == "Gratis bei Steam: <b>Game</b> & Co")
        #expect(german.body.contains("Wert") && german.body.contains("19,99"))
        #expect(german.getIt == "Holen" && german.claimed == "Eingelöst")
        let english = PushNotification.payload(giveaway, event: "new", language: "en", now: now)
        #expect(english.title == "Free on Steam: <b>Game</b> & Co")
        #expect(english.body == "Worth $19.99 · Ends in 3 days")
        #expect(english.detailsURL == "/giveaways/42" && english.claimedURL == "/giveaways/42/mark")
        #expect(english.tag == "giveaway-42")
        #expect(try english.encoded().count <= WebPushEncryption.maximumPlaintext)

        // A reminder and a return say so.
        #expect(
            PushNotification.payload(giveaway, event: "reminder", language: "en", now: now).title
                == "Ending soon, and you hearted it: <b>Game</b> & Co")
        #expect(
            PushNotification.payload(giveaway, event: "back", language: "de", now: now).title
                == "Wieder im Feed: <b>Game</b> & Co")

        // The daily summary: how many, the names as far as they fit, Home, no actions.
        let many = (1...9).map { Giveaway.stub(id: $0, title: "Game number \($0) with a long name, Deluxe Edition") }
        let summary = PushNotification.summary(Array(many.prefix(3)), language: "de")
        #expect(summary.title == "Deine tägliche Zusammenfassung: 3 Giveaways")
        #expect(summary.body.hasPrefix("Game number 1 with a long name, Deluxe Edition · Game number 2"))
        #expect(summary.detailsURL == "/" && summary.claimedURL == nil && summary.tag == "digest")
        let long = PushNotification.summary(many, language: "en")
        #expect(long.title == "Your daily summary: 9 giveaways")
        #expect(long.body.count <= 242 && long.body.hasSuffix(" …"))
        #expect(PushNotification.summary([many[0]], language: "en").title == "Your daily summary: 1 giveaway")
    }
}
