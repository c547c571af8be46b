import Crypto
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysHTTP
import GiveawaysUpstream
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GiveawaysWeb

/// "Notify this device" as a newcomer meets it: a brand-new browser subscribes on its first visit (subscribing makes
/// its profile), and what bounds the abuse instead of a waiting profile: a known push service, a few tries a minute
/// per client address, a handful of devices per profile, a share per address and the server's `--max-push-devices`.
@Suite struct PushFirstVisitTests {
    let keys = VAPIDKeys()
    let auth = Base64URL.encode(Data(repeating: 7, count: 16))

    func configuration(
        _ harness: WebHarness, allowPrivate: Bool = false, extraHosts: [String] = [], maximum: Int = 10_000
    ) -> WebConfiguration {
        var configuration = harness.configuration
        configuration.vapidKeys = keys
        configuration.allowPrivateHooks = allowPrivate
        configuration.pushServiceHosts = extraHosts
        configuration.maximumPushDevices = maximum
        return configuration
    }

    /// A subscription's JSON with keys of its own.
    func subscription(_ endpoint: String) -> String {
        let p256dh = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
        return #"{"endpoint":"\#(endpoint)","expirationTime":null,"keys":{"p256dh":"\#(p256dh)","auth":"\#(auth)"}}"#
    }

    func subscribe(
        _ browser: inout Browser, _ endpoint: String, from address: String = "192.0.2.1",
        client: some TestClientProtocol
    ) async throws -> TestResponse {
        try await browser.post(
            "/settings/notifications/push", subscription(endpoint), client: client,
            extra: [
                .contentType: "application/json", .accept: "application/json",
                ClientAddress.forwardedFor: address,
            ])
    }

    @Test func aBrandNewBrowserSubscribesOnItsFirstVisitAndItsHeartsAreTheDevicesToo() async throws {
        let harness = try await WebHarness()
        let app = harness.app(configuration: configuration(harness))
        try await app.test(.router) { client in
            var newcomer = Browser()
            #expect(newcomer.profile == nil)
            let answer = try await subscribe(
                &newcomer, "https://fcm.googleapis.com/fcm/send/first-visit", client: client)
            #expect(answer.status == .ok, "\(answer.text)")
            let profile = try #require(newcomer.profileID, "subscribing makes the profile and sets its cookie")
            let hooks = HookSQLRepository(database: harness.repository.database)
            let stored = try #require(try await hooks.hooks(of: profile).first)
            #expect(stored.format == .webpush && stored.events.contains(.reminder))
            // The very next second, a heart: on the same profile, so its reminder reaches this device.
            #expect(try await newcomer.heart(3101, on: true, client: client).status == .seeOther)
            #expect(newcomer.profileID == profile)
            let marks = try await harness.repository.marks.marks(of: profile)
            #expect(marks.has(.favorite, on: .giveaway(3101)))
            // Settings lists the device.
            let page = try await newcomer.get("/settings/notifications", client: client).text
            #expect(page.contains("data-device-id=\"\(stored.id)\""))
        }
    }

    @Test func anEndpointMustBeOnAKnownPushService() async throws {
        let harness = try await WebHarness()
        let app = harness.app(configuration: configuration(harness, extraHosts: ["push.example.net"]))
        try await app.test(.router) { client in
            let cases: [(String, Bool, String)] = [
                ("https://fcm.googleapis.com/fcm/send/abc", true, ""),
                ("https://android.googleapis.com/gcm/send/abc", true, ""),
                ("https://updates.push.services.mozilla.com/wpush/v2/abc", true, ""),
                ("https://web.push.apple.com/QGx", true, ""),
                ("https://wns2-par02p.notify.windows.com/w/?token=abc", true, ""),
                ("https://FCM.googleapis.com./fcm/send/abc", true, ""),
                ("https://push.example.net/abc", true, ""),  // the operator's --push-service-host
                ("https://eu.push.example.net/abc", true, ""),
                ("http://fcm.googleapis.com/fcm/send/abc", false, "must be an https:// address"),
                ("https://fcm.googleapis.com:8443/fcm/send/abc", false, "(fcm.googleapis.com) is not one"),
                ("https://fcm.googleapis.com.attacker.example/x", false, "is not one this server sends to"),
                ("https://notfcm.googleapis.com/x", false, "is not one this server sends to"),
                ("https://user@fcm.googleapis.com/x", false, "must be an https:// address"),
                ("https://example.org/hook", false, "(example.org) is not one"),
                ("https://127.0.0.1/push", false, "is not one this server sends to"),
                ("https://169.254.169.254/latest", false, "is not one this server sends to"),
            ]
            for (index, (endpoint, accepted, reason)) in cases.enumerated() {
                var browser = Browser()
                let answer = try await subscribe(&browser, endpoint, from: "192.0.2.\(index + 10)", client: client)
                #expect(answer.status == (accepted ? .ok : .badRequest), "\(endpoint): \(answer.text)")
                #expect(reason.isEmpty || answer.text.contains(reason), "\(endpoint): \(answer.text)")
                // A refused subscription makes no profile.
                #expect((browser.profile != nil) == accepted, "\(endpoint)")
            }
            let hooks = HookSQLRepository(database: harness.repository.database)
            #expect(try await hooks.hooks().count == cases.filter(\.1).count)
        }
    }

    /// `--allow-private-hooks` (tests, home networks): http on loopback and private addresses; public hosts still
    /// need to be push services.
    @Test func allowPrivateHooksLetsALocalPushServiceIn() async throws {
        let harness = try await WebHarness()
        let app = harness.app(configuration: configuration(harness, allowPrivate: true))
        try await app.test(.router) { client in
            for (index, (endpoint, accepted)) in [
                ("http://127.0.0.1:9/push/a", true), ("http://192.168.1.20:8080/push", true),
                ("http://localhost:9/push", true), ("https://fcm.googleapis.com/fcm/send/a", true),
                ("http://example.org/push", false), ("https://example.org/push", false),
            ].enumerated() {
                var browser = Browser()
                let answer = try await subscribe(&browser, endpoint, from: "192.0.2.\(index + 10)", client: client)
                #expect(answer.status == (accepted ? .ok : .badRequest), "\(endpoint): \(answer.text)")
            }
        }
    }

    @Test func aProfileKeepsAHandfulOfDevicesAndTheServerItsMaximum() async throws {
        let harness = try await WebHarness()
        let app = harness.app(configuration: configuration(harness, maximum: 7))
        try await app.test(.router) { client in
            var family = Browser()
            for n in 0..<PushRoutes.maximumPerProfile {
                let answer = try await subscribe(
                    &family, "https://fcm.googleapis.com/fcm/send/family\(n)", from: "192.0.2.\(n + 1)",
                    client: client)
                #expect(answer.status == .ok, "\(answer.text)")
            }
            let sixth = try await subscribe(
                &family, "https://fcm.googleapis.com/fcm/send/family9", from: "192.0.2.9", client: client)
            #expect(sixth.status == .badRequest)
            #expect(sixth.text.contains("5 devices get notifications already"))
            // Two more visitors fill the server's seven; the next is told the server is full.
            for n in 0..<2 {
                var other = Browser()
                #expect(
                    try await subscribe(
                        &other, "https://fcm.googleapis.com/fcm/send/other\(n)", from: "198.51.100.\(n + 1)",
                        client: client
                    ).status == .ok)
            }
            var late = Browser()
            let full = try await subscribe(
                &late, "https://fcm.googleapis.com/fcm/send/late", from: "198.51.100.9", client: client)
            #expect(full.status == .badRequest)
            #expect(full.text.contains("takes no more notifications"))
            #expect(late.profile == nil, "a refused device makes no profile")
        }
    }

    @Test func aClientAddressGetsAFewTriesAMinute() async throws {
        let harness = try await WebHarness()
        let app = harness.app(configuration: configuration(harness))
        try await app.test(.router) { client in
            for n in 0..<PushRoutes.triesPerAddress {
                var browser = Browser()
                let answer = try await subscribe(
                    &browser, "https://fcm.googleapis.com/fcm/send/try\(n)", from: "203.0.113.5", client: client)
                #expect(answer.status == .ok)
            }
            var browser = Browser()
            let refused = try await subscribe(
                &browser, "https://fcm.googleapis.com/fcm/send/try9", from: "203.0.113.5", client: client)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "15")
            // Another address is not held up.
            #expect(
                try await subscribe(
                    &browser, "https://fcm.googleapis.com/fcm/send/elsewhere", from: "203.0.113.6", client: client
                ).status == .ok)
        }
    }

    /// Webhooks keep their rules: a URL the visitor types still needs an established profile, even one with a push
    /// device.
    @Test func aWebhookStillNeedsAnEstablishedProfile() async throws {
        let harness = try await WebHarness()
        let app = harness.app(configuration: configuration(harness))
        try await app.test(.router) { client in
            var newcomer = Browser()
            _ = try await subscribe(&newcomer, "https://fcm.googleapis.com/fcm/send/a", client: client)
            let answer = try await newcomer.post(
                "/settings/notifications", "url=https%3A%2F%2Fexample.org%2Fhook&format=json&new=1",
                client: client)
            #expect(answer.status == .badRequest)
            #expect(answer.text.contains("Notifications are for browsers that already use this site"))
        }
    }
}
