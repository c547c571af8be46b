import Foundation
import GRDB
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData
@testable import GiveawaysUpstream

/// Reminders, `back`, and a visitor's daily summary and quiet hours, through the SQLite outbox. A visitor's hook never
/// reaches a loopback webhook, so deliveries go to a visitor's Telegram chat through the fake Bot API on 127.0.0.1.
@Suite struct HookReminderTests {
    let alice = ProfileID(rawValue: String(repeating: "a", count: 32))!
    let start = utc("2026-03-01T12:00:00Z")

    /// A store whose feed holds giveaways 1 and 2 (2 ends at `end`, hearted by Alice), with Alice's hook.
    private func store(
        _ url: URL, events: Set<HookEvent>, end: Date, preferences: NotificationPreferences? = nil
    ) async throws -> HookStore {
        let store = try HookStore(start: start)
        try await store.sync([.stub(id: 1), .stub(id: 2, endsAt: end)])
        try await MarkSQLRepository(database: store.database).setMark(
            .favorite, on: .giveaway(2), profile: alice, text: nil, at: start)
        if let preferences {
            try await store.hooks.saveNotificationPreferences(preferences, for: alice, at: start)
        }
        _ = try await store.hooks.addHook(
            Hook(
                url: Hook.telegramURL(chat: "-100123")!, format: .telegram,
                secret: "123456789:\(String(repeating: "A", count: 35))",
                events: events, createdAt: start, profileID: alice))
        return store
    }

    private func worker(_ store: HookStore, telegram: URL) -> HookDeliveryWorker {
        var worker = store.worker()
        worker.channels = HookChannels(telegramAPI: telegram)
        return worker
    }

    /// The headline of each message the fake Bot API got.
    private func headlines(_ telegram: FakeTelegramBotAPI) -> [String] {
        telegram.calls.compactMap { ($0.json["caption"] as? String)?.split(separator: ":").first.map(String.init) }
    }

    private func reminders(_ store: HookStore) async throws -> Int {
        try await store.outbox().filter { $0.event == "reminder" }.count
    }

    @Test func aReminderIsRaisedOnceAtTheLeadTimeAndAgainOnceForAMovedEndDate() async throws {
        let end = start.addingTimeInterval(10 * 3600)
        let store = try await store(URL(string: "https://example.org")!, events: [.reminder], end: end)
        store.clock.advance(7 * 3600 - 1)
        try await store.hooks.raiseEndingSoon(at: store.clock.now)
        #expect(try await reminders(store) == 0, "a second before the 3-hour lead")
        store.clock.advance(1)
        #expect(try await store.hooks.raiseEndingSoon(at: store.clock.now) == 1)
        store.clock.advance(600)
        #expect(try await store.hooks.raiseEndingSoon(at: store.clock.now) == 0, "once per end date")
        // The end date moves two days on: armed again, for the new date's lead time.
        let moved = end.addingTimeInterval(2 * 86_400)
        try await store.sync([.stub(id: 1), .stub(id: 2, endsAt: moved)])
        try await store.hooks.raiseEndingSoon(at: store.clock.now)
        #expect(try await reminders(store) == 1)
        store.clock.advance(moved.timeIntervalSince(store.clock.now) - 3 * 3600)
        #expect(try await store.hooks.raiseEndingSoon(at: store.clock.now) == 1)
        store.clock.advance(60)
        #expect(try await store.hooks.raiseEndingSoon(at: store.clock.now) == 0)
        #expect(try await reminders(store) == 2)
    }

    @Test func theVisitorsLeadTimeDecidesWhenTheReminderComes() async throws {
        let end = start.addingTimeInterval(10 * 3600)
        let store = try await store(
            URL(string: "https://example.org")!, events: [.reminder], end: end,
            preferences: NotificationPreferences(reminderLead: .oneHour))
        store.clock.advance(7 * 3600)
        #expect(try await store.hooks.raiseEndingSoon(at: store.clock.now) == 0)
        store.clock.advance(2 * 3600)
        #expect(try await store.hooks.raiseEndingSoon(at: store.clock.now) == 1)
        try await store.hooks.saveNotificationPreferences(
            NotificationPreferences(reminderLead: .off), for: alice, at: store.clock.now)
        try await store.sync([.stub(id: 1), .stub(id: 2, endsAt: end.addingTimeInterval(60))])
        #expect(try await store.hooks.raiseEndingSoon(at: store.clock.now) == 0, "off")
    }

    @Test func aHeartedGiveawayThatComesBackIsAnnouncedOnce() async throws {
        let telegram = FakeTelegramBotAPI()
        try await telegram.withServer { url in
            let end = start.addingTimeInterval(30 * 86_400)
            let store = try await store(url, events: [.back], end: end)
            store.clock.advance(3600)
            try await store.sync([.stub(id: 1)])
            store.clock.advance(3600)
            try await store.sync([.stub(id: 1), .stub(id: 2, endsAt: end)])
            try await store.sync([.stub(id: 1), .stub(id: 2, endsAt: end)])
            #expect(try await worker(store, telegram: url).runOnce() == 1)
            #expect(headlines(telegram) == ["<b>Back in the feed"])
            #expect(telegram.calls.first?.json["photo"] as? String == "https://www.gamerpower.com/offers/1b/2.jpg")
        }
    }

    @Test func theDailySummaryHoldsNewsButNotAReminder() async throws {
        let telegram = FakeTelegramBotAPI()
        try await telegram.withServer { url in
            // Tokyo (+9): 12:00Z is 21:00; the summary at 09:00 local is 00:00Z tomorrow.
            let tokyo = NotificationSchedule(
                timeZone: TimeZone(identifier: "Asia/Tokyo")!, digestAt: DayTime(text: "09:00"))
            let end = start.addingTimeInterval(2 * 3600)
            let store = try await store(
                url, events: [.new, .reminder], end: end, preferences: NotificationPreferences(schedule: tokyo))
            store.clock.advance(60)
            try await store.sync([.stub(id: 1), .stub(id: 2, endsAt: end), .stub(id: 3)])
            let worker = worker(store, telegram: url)
            // `new` for 3 is held for the summary; the reminder for 2, raised after it, goes at once.
            #expect(try await worker.runOnce() == 1)
            #expect(headlines(telegram) == ["<b>Ending soon, and you hearted it"])
            #expect(try await store.outbox().map(\.state).sorted() == ["delivered", "held"])
            store.clock.advance(utc("2026-03-02T00:00:00Z").timeIntervalSince(store.clock.now) - 1)
            #expect(try await worker.runOnce() == 0)
            store.clock.advance(1)
            #expect(try await worker.runOnce() == 1)
            #expect(headlines(telegram) == ["<b>Ending soon, and you hearted it", "<b>New giveaway"])
            #expect(try await worker.runOnce() == 0, "never the same giveaway twice")
        }
    }

    @Test func quietHoursHoldNewsUntilTheyEnd() async throws {
        let telegram = FakeTelegramBotAPI()
        try await telegram.withServer { url in
            // Los Angeles (-8 in March before the 8th): 12:00Z is 04:00, inside 22:00–08:00; it ends at 16:00Z.
            let quiet = NotificationSchedule(
                timeZone: TimeZone(identifier: "America/Los_Angeles")!,
                quietHours: .init(start: DayTime(text: "22:00")!, end: DayTime(text: "08:00")!))
            let store = try await store(
                url, events: [.new], end: start.addingTimeInterval(86_400 * 9),
                preferences: NotificationPreferences(schedule: quiet))
            store.clock.advance(60)
            try await store.sync([
                .stub(id: 1), .stub(id: 2, endsAt: start.addingTimeInterval(86_400 * 9)), .stub(id: 3),
            ])
            let worker = worker(store, telegram: url)
            #expect(try await worker.runOnce() == 0)
            store.clock.advance(utc("2026-03-01T16:00:00Z").timeIntervalSince(store.clock.now) - 1)
            #expect(try await worker.runOnce() == 0)
            store.clock.advance(1)
            #expect(try await worker.runOnce() == 1)
            #expect(telegram.calls.count == 1)
        }
    }
}
