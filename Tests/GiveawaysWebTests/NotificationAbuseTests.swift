import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysHTTP
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GiveawaysWeb

/// The server's budget of visitors' hooks cannot be used up by one client: a hook takes an established profile,
/// and one client address gets a few tries and a share of the budget.
@Suite struct NotificationAbuseTests {
    let body = "url=https%3A%2F%2Fexample.org%2Fhook&format=json&new=1"

    func visitorHookCount(_ harness: WebHarness) async throws -> Int {
        try await HookSQLRepository(database: harness.repository.database).hooks().filter { $0.profileID != nil }
            .count
    }

    func from(_ address: String) -> HTTPFields { [ClientAddress.forwardedFor: address] }

    @Test func freshCookiesCannotFillTheServersNotifications() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            // Fifty fresh cookies (each with a heart) from fifty addresses: none is a profile that may add a hook.
            for n in 1...50 {
                var visitor = Browser()
                _ = try await visitor.heart(3101, on: true, client: client)
                let response = try await visitor.post(
                    "/settings/notifications", body, client: client, extra: from("203.0.113.\(n)"))
                #expect(response.status == .badRequest)
                #expect(response.text.contains("Your profile is still new: you can add a notification in 10 minutes."))
            }
            // Fifty more from one address: a few tries, then 429 with the time to wait.
            var statuses: [HTTPResponse.Status] = []
            for _ in 1...50 {
                var visitor = Browser()
                _ = try await visitor.heart(3102, on: true, client: client)
                let response = try await visitor.post(
                    "/settings/notifications", body, client: client, extra: from("198.51.100.7"))
                statuses.append(response.status)
                if response.status == .tooManyRequests {
                    #expect(response.text.contains("Too many tries from your network; try again in 6 minutes."))
                    #expect(response.headers[.retryAfter] == "360")
                }
            }
            #expect(statuses.filter { $0 == .badRequest }.count == NotificationRoutes.triesPerAddress)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 50 - NotificationRoutes.triesPerAddress)
            // Without any cookie at all.
            var stranger = Browser()
            let none = try await stranger.post(
                "/settings/notifications", body, client: client, extra: from("192.0.2.1"))
            #expect(none.status == .badRequest)
            #expect(none.text.contains("Notifications are for browsers that already use this site"))
            #expect(stranger.profile == nil, "refusing a hook makes no profile")
        }
        #expect(try await visitorHookCount(harness) == 0)
    }

    @Test func anEstablishedProfileStillAddsOneAfterAnAttackerTriedToFillTheServer() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            // The attacker went to the trouble of aging profiles, but has one address.
            var accepted = 0
            for _ in 1...(NotificationRoutes.maximumHooksPerAddress + 5) {
                var attacker = Browser()
                try await establish(&attacker, harness, client)
                let response = try await attacker.post(
                    "/settings/notifications", body, client: client, extra: from("198.51.100.7"))
                if response.status == .seeOther { accepted += 1 }
            }
            #expect(accepted <= NotificationRoutes.maximumHooksPerAddress)
            var alice = Browser()
            try await establish(&alice, harness, client)
            let added = try await alice.post(
                "/settings/notifications", body, client: client, extra: from("192.0.2.44"))
            #expect(added.status == .seeOther)
            #expect(
                try await alice.get("/settings/notifications", client: client).text.contains(
                    "https://example.org/…hook"))
        }
        #expect(try await visitorHookCount(harness) <= NotificationRoutes.maximumHooksPerAddress + 1)
    }

    @Test func aYoungProfileIsToldHowLongToWaitInItsLanguage() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var visitor = Browser()
            _ = try await visitor.heart(3101, on: true, client: client)
            let german = try await visitor.post(
                "/settings/notifications", body, client: client, extra: [.acceptLanguage: "de"])
            #expect(german.status == .badRequest)
            #expect(german.text.contains("Dein Profil ist noch neu: In 10 Minuten kannst du eine Benachrichtigung"))
            let id = try #require(visitor.profileID)
            try await backdate(id, in: harness.repository.database, to: harness.now.addingTimeInterval(-7 * 60 - 1))
            let english = try await visitor.post("/settings/notifications", body, client: client)
            #expect(english.text.contains("you can add a notification in 3 minutes."))
            try await backdate(id, in: harness.repository.database, to: harness.now.addingTimeInterval(-10 * 60))
            #expect(try await visitor.post("/settings/notifications", body, client: client).status == .seeOther)
        }
    }
}
