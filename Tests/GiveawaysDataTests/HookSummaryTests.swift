import Foundation
import GRDB
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysUpstream

/// The daily summary: what a visitor's summary time released goes out as one message, escaped, once.
@Suite struct HookSummaryTests {
    let alice = ProfileID(rawValue: String(repeating: "a", count: 32))!
    let start = utc("2026-03-01T12:00:00Z")
    static let token = "123456789:\(String(repeating: "B", count: 35))"

    @Test func heldNewsGoesAsOneEscapedSummaryAtTheSummaryTime() async throws {
        let telegram = FakeTelegramBotAPI()
        try await telegram.withServer { api in
            let store = try HookStore(start: start)
            try await store.sync([.stub(id: 1)])
            // Berlin (+1 in March): the summary at 08:00 local is 07:00Z tomorrow.
            try await store.hooks.saveNotificationPreferences(
                NotificationPreferences(
                    schedule: NotificationSchedule(
                        timeZone: TimeZone(identifier: "Europe/Berlin")!, digestAt: DayTime(text: "08:00"))),
                for: alice, at: start)
            _ = try await store.hooks.addHook(
                Hook(
                    url: Hook.telegramURL(chat: "@freegames")!, format: .telegram, secret: Self.token,
                    events: [.new], createdAt: start, profileID: alice))
            store.clock.advance(60)
            try await store.sync([.stub(id: 1), .stub(id: 2, title: "A <b>&</b> B"), .stub(id: 3)])
            store.clock.advance(3600)
            try await store.sync([.stub(id: 1), .stub(id: 2, title: "A <b>&</b> B"), .stub(id: 3), .stub(id: 4)])
            var worker = store.worker()
            worker.channels = HookChannels(telegramAPI: api)
            #expect(try await worker.runOnce() == 0)
            store.clock.advance(utc("2026-03-02T07:00:00Z").timeIntervalSince(store.clock.now))
            #expect(try await worker.runOnce() == 1)
            #expect(try await worker.runOnce() == 0)
            #expect(telegram.calls.count == 1)
            let call = try #require(telegram.calls.first)
            #expect(call.method == "sendMessage")
            let text = try #require(call.json["text"] as? String)
            #expect(text.hasPrefix("<b>Daily summary: 3 giveaways</b>"))
            #expect(
                text.contains(
                    #"• New giveaway: <a href="https://www.gamerpower.com/open/2">A &lt;b&gt;&amp;&lt;/b&gt; B</a>"#))
            #expect(text.contains("open/3") && text.contains("open/4"))
            #expect(try await store.outbox().map(\.state) == ["delivered", "delivered", "delivered"])
        }
    }

    @Test func everyFormatHasASummaryShape() throws {
        let items = [
            HookSummary.Item(event: .new, giveaway: .stub(id: 2, title: "*Bold* <i>")),
            .init(event: .back, giveaway: .stub(id: 3)),
        ]
        let url = URL(string: "https://example.org/notify")!
        let json = try #require(
            try HookSummary.message(
                hook: Hook(url: url, secret: "s", createdAt: start), items: items, deliveryID: "digest-1-2", now: start)
        )
        let object = try #require(try JSONSerialization.jsonObject(with: json.body) as? [String: Any])
        #expect(object["event"] as? String == "digest")
        #expect((object["items"] as? [[String: Any]])?.count == 2)
        #expect(json.headers.contains { $0.name == "X-Giveaways-Signature" })
        let apprise = try #require(
            try HookSummary.message(
                hook: Hook(url: url, format: .apprise, secret: "mailto://a:b@c", createdAt: start), items: items,
                deliveryID: "d", now: start))
        let body = try #require(try JSONSerialization.jsonObject(with: apprise.body) as? [String: Any])
        #expect(body["urls"] as? String == "mailto://a:b@c")
        #expect(
            (body["body"] as? String)?.contains(#"[\*Bold\* \<i\>](https://www.gamerpower.com/open/2)"#) == true)
        #expect(!apprise.headers.contains { $0.name == "X-Giveaways-Signature" })
        for format in [HookFormat.discord, .ntfy] {
            let message = try HookSummary.message(
                hook: Hook(url: URL(string: "https://example.org/topic")!, format: format, createdAt: start),
                items: items, deliveryID: "d", now: start)
            #expect(message?.headers.contains { $0.name == "X-Giveaways-Event" && $0.value == "digest" } == true)
        }
    }
}
