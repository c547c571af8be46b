import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysHTTP
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysViews
@testable import GiveawaysWeb

/// Settings → Notifications' Telegram and Apprise forms: what they store, what the page shows back (never the token
/// or the targets), and the reasons bad input is refused, in English and German.
@Suite struct NotificationChannelRouteTests {
    static let token = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
    static let tokenForm = "123456789%3AAAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"

    @Test func aVisitorAddsATelegramChatAndThePageNeverShowsTheToken() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var visitor = Browser()
            try await establish(&visitor, harness, client)
            let form = try await visitor.get("/settings/notifications", client: client)
            #expect(form.text.contains(#"name="telegram_token""#))
            #expect(form.text.contains(#"name="apprise_targets""#))
            #expect(form.text.contains(#"name="reminder" value="1""#))
            let added = try await visitor.post(
                "/settings/notifications",
                "format=telegram&telegram_token=\(Self.tokenForm)&telegram_chat=-1001234567890&new=1&reminder=1",
                client: client)
            #expect(added.status == .seeOther)
            let stored = try #require(
                try await HookSQLRepository(database: harness.repository.database).hooks().first)
            #expect(stored.format == .telegram)
            #expect(stored.secret == Self.token)
            #expect(stored.telegramChat == "-1001234567890")
            #expect(stored.events == [.new, .reminder])
            let page = try await visitor.get("/settings/notifications", client: client)
            #expect(page.text.contains("telegram chat -1001234567890"))
            #expect(page.text.contains("token set"))
            #expect(page.text.contains("reminders for hearted giveaways"))
            #expect(!page.text.contains("AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"))
        }
    }

    @Test func badTelegramAndAppriseInputIsRefusedWithTheReasonInBothLanguages() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var visitor = Browser()
            try await establish(&visitor, harness, client)
            let long = String(repeating: "x", count: NotificationsPage.maximumTargetsLength + 1)
            for (body, english, german) in [
                (
                    "format=telegram&telegram_token=nope&telegram_chat=-100123&new=1", "not a Telegram bot token",
                    "kein Telegram-Bot-Token"
                ),
                (
                    "format=telegram&telegram_token=\(Self.tokenForm)&telegram_chat=%3Cscript%3E&new=1",
                    "A chat id is a number", "Eine Chat-ID ist eine Zahl"
                ),
                (
                    "format=apprise&url=https%3A%2F%2Fapprise.example.org%2Fsomewhere&new=1",
                    "ends in /notify/your-key",
                    "endet auf /notify/dein-schlüssel"
                ),
                (
                    "format=apprise&url=https%3A%2F%2Fapprise.example.org%2Fnotify&new=1", "enter the target URLs too",
                    "Gib auch die Ziel-URLs ein"
                ),
                (
                    "format=apprise&url=https%3A%2F%2Fapprise.example.org%2Fnotify&apprise_targets=\(long)&new=1",
                    "too long", "zu lang"
                ),
                (
                    "format=apprise&url=http%3A%2F%2F192.168.1.5%2Fnotify%2Fk&new=1", "private or local address",
                    "privat"
                ),
            ] {
                for (language, reason) in [("en", english), ("de", german)] {
                    let response = try await visitor.post(
                        "/settings/notifications", body, client: client,
                        extra: [
                            ClientAddress.forwardedFor: "192.0.2.\(language == "en" ? 7 : 8)",
                            .acceptLanguage: language,
                        ])
                    #expect(response.status == .badRequest, "\(body) \(language)")
                    #expect(response.text.contains(reason), "\(body) \(language)")
                    #expect(!response.text.contains("AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"))
                }
            }
            #expect(try await HookSQLRepository(database: harness.repository.database).hooks().isEmpty)
        }
    }

    @Test func aVisitorAddsAppriseServersAndTheTargetsStaySecret() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var visitor = Browser()
            try await establish(&visitor, harness, client)
            let stateful = try await visitor.post(
                "/settings/notifications",
                "format=apprise&url=https%3A%2F%2Fapprise.example.org%2Fnotify%2Fgames&back=1",
                client: client)
            #expect(stateful.status == .seeOther)
            let stateless = try await visitor.post(
                "/settings/notifications",
                "format=apprise&url=https%3A%2F%2Fapprise.example.org%2Fnotify&apprise_targets=mailto%3A%2F%2Fme%3Apw%40mail.example&new=1",
                client: client)
            #expect(stateless.status == .seeOther)
            let stored = try await HookSQLRepository(database: harness.repository.database).hooks()
            #expect(stored.map(\.format) == [.apprise, .apprise])
            #expect(stored.map(\.secret) == [nil, "mailto://me:pw@mail.example"])
            #expect(stored.first?.events == [.back, .started], "the hearted box: back, and free now")
            let page = try await visitor.get("/settings/notifications", client: client)
            #expect(page.text.contains("targets set"))
            #expect(!page.text.contains("me:pw"))
        }
    }
}
