import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysViews
@testable import GiveawaysWeb

/// Settings → Notifications' schedule form: the reminder lead, the daily summary, quiet hours and the time zone —
/// saved, shown back, and bad values refused with the reason in English and German.
@Suite struct NotificationScheduleRouteTests {
    let path = "/settings/notifications/schedule"

    private func stored(_ harness: WebHarness, _ browser: Browser) async throws -> NotificationPreferences {
        try await HookSQLRepository(database: harness.repository.database).notificationPreferences(
            of: try #require(browser.profileID))
    }

    @Test func aVisitorSavesTheirScheduleAndSeesItBack() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var visitor = Browser()
            try await establish(&visitor, harness, client)
            let form = try await visitor.get("/settings/notifications", client: client)
            #expect(form.text.contains(#"<option value="180" selected>3 hours before</option>"#))
            #expect(form.text.contains("data-browser-zone"))
            let saved = try await visitor.post(
                path,
                "reminder_lead=60&delivery=digest&digest_time=07%3A30&quiet=1&quiet_start=22%3A00&quiet_end=08%3A00&time_zone=Asia%2FTokyo",
                client: client)
            #expect(saved.status == .seeOther)
            let expected = NotificationPreferences(
                reminderLead: .oneHour,
                schedule: NotificationSchedule(
                    timeZone: TimeZone(identifier: "Asia/Tokyo")!, digestAt: DayTime(text: "07:30"),
                    quietHours: .init(start: DayTime(text: "22:00")!, end: DayTime(text: "08:00")!)))
            #expect(try await stored(harness, visitor) == expected)
            let page = try await visitor.get("/settings/notifications", client: client)
            #expect(page.text.contains(#"<option value="60" selected>1 hour before</option>"#))
            #expect(page.text.contains(#"name="digest_time" value="07:30""#))
            #expect(page.text.contains(#"value="digest" checked"#))
            #expect(page.text.contains(#"name="time_zone" value="Asia/Tokyo""#))
        }
    }

    @Test func anEmptyZoneTakesTheBrowsersGuessElseTheServers() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var visitor = Browser()
            try await establish(&visitor, harness, client)
            _ = try await visitor.post(
                path, "reminder_lead=180&delivery=now&time_zone=&browser_zone=America%2FLos_Angeles", client: client)
            #expect(try await stored(harness, visitor).schedule.timeZone.identifier == "America/Los_Angeles")
            _ = try await visitor.post(
                path, "reminder_lead=180&delivery=now&time_zone=&browser_zone=Mars%2FOlympus", client: client)
            #expect(try await stored(harness, visitor).schedule.timeZone == TimeZone.current)
        }
    }

    @Test func badValuesAreRefusedWithTheReasonAndSaveNothing() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var visitor = Browser()
            try await establish(&visitor, harness, client)
            let longZone = String(repeating: "A", count: NotificationsPage.maximumZoneLength + 1)
            for (body, english, german) in [
                ("reminder_lead=5&delivery=now", "Choose when to be reminded", "Wähle, wann"),
                ("reminder_lead=180&delivery=digest&digest_time=25%3A00", "HH:MM", "HH:MM"),
                ("reminder_lead=180&delivery=later", "HH:MM", "HH:MM"),
                (
                    "reminder_lead=180&delivery=now&quiet=1&quiet_start=08%3A00&quiet_end=08%3A00",
                    "different times", "verschiedenen Zeiten"
                ),
                ("reminder_lead=180&delivery=now&time_zone=Mars%2FOlympus", "not a time zone", "kein Zeitzonen-Name"),
                ("reminder_lead=180&delivery=now&time_zone=\(longZone)", "not a time zone", "kein Zeitzonen-Name"),
            ] {
                for (language, reason) in [("en", english), ("de", german)] {
                    let response = try await visitor.post(
                        path, body, client: client, extra: [.acceptLanguage: language])
                    #expect(response.status == .badRequest, "\(body) \(language)")
                    #expect(response.text.contains(reason), "\(body) \(language)")
                }
            }
            #expect(try await stored(harness, visitor) == .standard)
        }
    }
}
