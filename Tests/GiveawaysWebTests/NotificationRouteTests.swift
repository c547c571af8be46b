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

/// `/settings/notifications`: each visitor's own webhooks.
@Suite struct NotificationRouteTests {
    let discord = "https%3A%2F%2Fdiscord.com%2Fapi%2Fwebhooks%2F1%2FSECRETTOKENabcd"

    @Test func aVisitorAddsSeesAndRemovesTheirOwnHooks() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var alice = Browser()
            try await establish(&alice, harness, client)
            let empty = try await alice.get("/settings/notifications", client: client)
            #expect(empty.status == .ok)
            #expect(empty.text.contains("You have no notifications yet"))

            let added = try await alice.post(
                "/settings/notifications",
                "url=\(discord)&format=discord&new=1&secret=hunter2",
                client: client)
            #expect(added.status == .seeOther)
            #expect(alice.profile != nil)
            let page = try await alice.get("/settings/notifications", client: client)
            #expect(page.text.contains("https://discord.com/…abcd"))
            #expect(page.text.contains("secret set"))
            #expect(page.text.contains("every giveaway"))
            #expect(!page.text.contains("SECRETTOKEN"))
            #expect(!page.text.contains("hunter2"))
            let stored = try await HookSQLRepository(database: harness.repository.database).hooks()
            #expect(stored.count == 1)
            #expect(stored.first?.profileID == alice.profileID)
            #expect(stored.first?.events == [.new])
            #expect(stored.first?.rules == GiveawayRules.none)
            // The hook follows the visitor's rules in Settings, as soon as they change.
            _ = try await alice.post("/settings", "store=steam&min_worth=5", client: client)
            let following = try await HookSQLRepository(database: harness.repository.database).hooks()
            #expect(following.first?.rules == GiveawayRules(platforms: ["steam"], minimumWorth: Worth(cents: 500)))
            #expect(
                try await alice.get("/settings/notifications", client: client).text.contains(
                    "Steam · worth at least $5.00"))

            // Another visitor sees none of it and cannot remove it.
            var bob = Browser()
            try await establish(&bob, harness, client)
            _ = try await bob.post(
                "/settings/notifications", "url=https%3A%2F%2Fntfy.sh%2Fbob&format=ntfy&ending=1", client: client)
            #expect(!(try await bob.get("/settings/notifications", client: client)).text.contains("discord.com/…abcd"))
            let id = try #require(stored.first?.id)
            #expect(try await bob.post("/settings/notifications/\(id)/delete", "", client: client).status == .notFound)
            #expect(
                try await alice.post("/settings/notifications/\(id)/delete", "", client: client).status == .seeOther)
            #expect(
                try await alice.get("/settings/notifications", client: client).text.contains("no notifications yet"))
        }
    }

    @Test func privateAddressesBadInputAndTooManyHooksAreRefusedWithAReason() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var visitor = Browser()
            try await establish(&visitor, harness, client)
            for (body, reason) in [
                ("url=http%3A%2F%2F127.0.0.1%3A8080%2Fx&format=json&new=1", "private or local address"),
                ("url=http%3A%2F%2F169.254.169.254%2Fx&format=json&new=1", "private or local address"),
                ("url=javascript%3Aalert(1)&format=json&new=1", "http:// or https://"),
                ("url=https%3A%2F%2Fexample.org%2Fx&format=slack&new=1", "Choose a format"),
                ("url=https%3A%2F%2Fexample.org%2Fx&format=json", "at least one"),
            ] {
                // From another address than the adds below: each address gets only a few tries.
                let response = try await visitor.post(
                    "/settings/notifications", body, client: client, extra: [ClientAddress.forwardedFor: "192.0.2.9"])
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.text.contains(reason), "\(body)")
            }
            // A push subscription only through its own route, with the browser's keys checked there.
            let webpush = try await visitor.post(
                "/settings/notifications", "url=http%3A%2F%2Fexample.org%2Fx&format=webpush&new=1&secret=k.k",
                client: client, extra: [ClientAddress.forwardedFor: "192.0.2.10"])
            #expect(webpush.status == .badRequest)
            #expect(webpush.text.contains("Choose a format"))
            for n in 1...NotificationRoutes.maximumHooks {
                let ok = try await visitor.post(
                    "/settings/notifications", "url=https%3A%2F%2Fexample.org%2F\(n)&format=json&new=1", client: client)
                #expect(ok.status == .seeOther)
            }
            let sixth = try await visitor.post(
                "/settings/notifications", "url=https%3A%2F%2Fexample.org%2F6&format=json&new=1", client: client)
            #expect(sixth.status == .badRequest)
            #expect(sixth.text.contains("remove one first"))
            let crossSite = try await visitor.post(
                "/settings/notifications", "url=https%3A%2F%2Fexample.org%2F7&format=json&new=1", client: client,
                extra: [.init("Sec-Fetch-Site")!: "cross-site"])
            #expect(crossSite.status == .forbidden)
        }
    }

    @Test func aVisitorsHookNeverReachesAPrivateAddressEvenWhenTheOperatorAllowsThem() async throws {
        let store = try TestStore()
        let receiver = HookReceiver()
        try await receiver.withServer { url in
            let now = Date()
            let hooks = HookSQLRepository(database: store.database)
            let hook = try await hooks.addHook(
                Hook(url: url.appendingPathComponent("v"), createdAt: now, profileID: .random()))
            let worker = HookDeliveryWorker(
                repository: hooks, sender: HookSender(connections: .forTests, allowPrivate: true), clock: { now },
                logger: .init(label: "t"))
            let attempt = try await worker.sendTest(to: hook, sample: .stub(id: 1))
            #expect(!attempt.succeeded)
            #expect(attempt.error?.contains("private") == true)
            #expect(receiver.count == 0)
        }
    }
}
