import Foundation
import GRDB
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysUpstream

/// Telegram and Apprise hooks against fakes on 127.0.0.1: hostile titles stay text, the bot token stays secret, and
/// a 429's wait is honoured.
@Suite struct HookChannelDeliveryTests {
    static let token = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
    static let hostile = #"<b>Evil</b> & </a><script>alert("x")</script> [link](javascript:x) *bold*"#

    /// A store whose feed holds giveaway 1, with `hook` added after it and a giveaway titled `title` synced since.
    private func store(with hook: Hook, title: String = hostile, image: Bool = true) async throws -> HookStore {
        let store = try HookStore()
        try await store.sync([.stub(id: 1)])
        var hook = hook
        hook.createdAt = store.clock.now
        _ = try await store.hooks.addHook(hook)
        store.clock.advance(60)
        var giveaway = Giveaway.stub(id: 2, title: title)
        if !image { giveaway.imageURL = "" }
        try await store.sync([.stub(id: 1), giveaway])
        return store
    }

    private func telegramHook() -> Hook {
        Hook(url: Hook.telegramURL(chat: "-1001234567890")!, format: .telegram, secret: Self.token, createdAt: .now)
    }

    private func worker(_ store: HookStore, telegram: URL, logs: CapturedLogs = CapturedLogs()) -> HookDeliveryWorker {
        var worker = store.worker(logger: logs.logger)
        worker.channels = HookChannels(
            telegramAPI: telegram, detailsURL: { URL(string: "https://games.example/giveaways/\($0)") })
        return worker
    }

    @Test func telegramSendsAPhotoWithAnEscapedHTMLCaptionAndBothLinks() async throws {
        let telegram = FakeTelegramBotAPI()
        try await telegram.withServer { api in
            let store = try await store(with: telegramHook())
            #expect(try await worker(store, telegram: api).runOnce() == 1)
            let call = try #require(telegram.calls.first)
            #expect(telegram.calls.count == 1)
            #expect(call.method == "sendPhoto")
            #expect(call.token == Self.token)
            #expect(call.json["chat_id"] as? String == "-1001234567890")
            #expect(call.json["parse_mode"] as? String == "HTML")
            #expect(call.json["photo"] as? String == "https://www.gamerpower.com/offers/1b/2.jpg")
            let caption = try #require(call.json["caption"] as? String)
            #expect(
                caption.contains(
                    "&lt;b&gt;Evil&lt;/b&gt; &amp; &lt;/a&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
            #expect(!caption.contains("<script>") && !caption.contains("</a><"))
            #expect(caption.hasPrefix("<b>New giveaway: "))
            #expect(caption.contains(#"<a href="https://www.gamerpower.com/open/2">Get it</a>"#))
            #expect(caption.contains(#"<a href="https://games.example/giveaways/2">Details</a>"#))
            #expect(try await store.outbox().map(\.state) == ["delivered"])
        }
    }

    @Test func telegramSendsAMessageWhenTheGiveawayHasNoImage() async throws {
        let telegram = FakeTelegramBotAPI()
        try await telegram.withServer { api in
            let store = try await store(with: telegramHook(), title: "A & B", image: false)
            try await worker(store, telegram: api).runOnce()
            let call = try #require(telegram.calls.first)
            #expect(call.method == "sendMessage")
            #expect(call.json["photo"] == nil)
            #expect((call.json["text"] as? String)?.contains("A &amp; B") == true)
        }
    }

    /// Telegram refuses a message longer than 4,096 characters, and one whose HTML is broken. A claim link whose
    /// escaped form runs past the limit (every `&` becomes `&amp;`) is left out whole, not cut inside an entity or its
    /// tag; the rest of the message and the Details link stay.
    @Test func aMessageOverTelegramsLimitLosesWholeLinksNeverHalfAnEntityOrATag() throws {
        var giveaway = Giveaway.stub(id: 2, title: String(repeating: "A & B ", count: 40))
        giveaway.openGiveawayURL = "https://www.gamerpower.com/open/2?" + String(repeating: "x=1&y=2&", count: 600)
        giveaway.imageURL = ""
        let channels = HookChannels(
            telegramAPI: URL(string: "http://127.0.0.1:1")!,
            detailsURL: { URL(string: "https://games.example/giveaways/\($0)") })
        let text = TelegramMessage.text(giveaway: giveaway, event: "new", change: nil, channels: channels)
        #expect(text.count <= TelegramMessage.textLimit)
        #expect(text.hasSuffix(#"<a href="https://games.example/giveaways/2">Details</a>"#))
        #expect(!text.contains("gamerpower.com/open"))
        #expect(text.contains("A &amp; B A &amp; B"))
        // Every `&` starts a whole entity, and every tag is closed.
        let ampersands = text.components(separatedBy: "&").dropFirst()
        #expect(ampersands.allSatisfy { part in ["amp;", "lt;", "gt;", "quot;"].contains { part.hasPrefix($0) } })
        #expect(text.components(separatedBy: "<a ").count == text.components(separatedBy: "</a>").count)
        #expect(text.components(separatedBy: "<b>").count == text.components(separatedBy: "</b>").count)

        let (url, body) = try TelegramMessage.request(
            hook: telegramHook(), giveaway: giveaway, event: "new", change: nil, channels: channels,
            encoder: JSONEncoder())
        #expect(url.lastPathComponent == "sendMessage")
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(json["text"] as? String == text)

        // A short claim link fits, and both links stay.
        giveaway.openGiveawayURL = "https://www.gamerpower.com/open/2?x=1&y=2"
        #expect(
            TelegramMessage.text(giveaway: giveaway, event: "new", change: nil, channels: channels).hasSuffix(
                #"<a href="https://www.gamerpower.com/open/2?x=1&amp;y=2">Get it</a> · "#
                    + #"<a href="https://games.example/giveaways/2">Details</a>"#))
    }

    @Test func telegramsRetryAfterIsHonouredAndTheTokenIsNeverLoggedOrRecorded() async throws {
        let telegram = FakeTelegramBotAPI()
        telegram.fail(.tooManyRequests(retryAfter: 900), .unauthorized)
        try await telegram.withServer { api in
            let logs = CapturedLogs()
            let store = try await store(with: telegramHook())
            let worker = worker(store, telegram: api, logs: logs)
            try await worker.runOnce()
            let first = try #require(try await store.hooks.deliveries().first)
            // The policy's first wait is 60 s; Telegram asked for 900.
            #expect(first.nextAttemptAt == store.clock.now.addingTimeInterval(900))
            #expect(first.error?.contains("Too Many Requests") == true)
            store.clock.advance(899)
            #expect(try await worker.runOnce() == 0)
            store.clock.advance(1)
            #expect(try await worker.runOnce() == 1)
            let second = try #require(try await store.hooks.deliveries().first)
            #expect(second.status == 401)
            #expect(second.error == "HTTP 401: Unauthorized")
            let recorded = try await store.hooks.deliveries().compactMap(\.error).joined()
            let secret = Self.token.split(separator: ":")[1]
            #expect(!recorded.contains(secret))
            #expect(!logs.text.contains(secret))
            #expect(!logs.text.isEmpty)
        }
    }

    @Test func anErrorTextLosesTheRequestsPathAndSecrets() throws {
        let hook = telegramHook()
        let message = try HookPayload.message(
            hook: hook, giveaway: .stub(id: 2), event: "new", deliveryID: "1", now: .now,
            channels: HookChannels(telegramAPI: URL(string: "http://127.0.0.1:9")!))
        #expect(message.url.path.contains(Self.token))
        let text = HookSender.scrub(
            "failed: invalid URL http://127.0.0.1:9\(message.url.path) (\(Self.token))", of: message)
        #expect(!text.contains(Self.token))
        #expect(text == "failed: invalid URL http://127.0.0.1:9… (…)")
        #expect(message.headers.allSatisfy { $0.name != "X-Giveaways-Signature" })
    }

    @Test func appriseStatefulKeyGetsEscapedMarkdownAndNoTargets() async throws {
        let apprise = FakeAppriseAPI()
        try await apprise.withServer { base in
            let hook = Hook(url: base.appendingPathComponent("notify/my-key"), format: .apprise, createdAt: .now)
            let store = try await store(with: hook)
            #expect(try await worker(store, telegram: base).runOnce() == 1)
            let request = try #require(apprise.requests.first)
            #expect(request.path == "/notify/my-key")
            #expect(request.json["urls"] == nil)
            #expect(request.json["format"] as? String == "markdown")
            #expect(request.json["type"] as? String == "info")
            // No entities (a Markdown target would show them) and nothing invisible (a copy keeps it, a search
            // misses it): CommonMark's backslash escapes keep each `<` and `>` from making a tag.
            let title = try #require(request.json["title"] as? String)
            #expect(title.hasPrefix(#"New giveaway: \<b\>Evil\</b\> & "#))
            let body = try #require(request.json["body"] as? String)
            #expect(body.contains(#"\<b\>Evil\</b\> & \</a\>\<script\>alert("x")\</script\>"#))
            #expect(!title.unicodeScalars.contains("\u{200B}") && !body.unicodeScalars.contains("\u{200B}"))
            #expect(body.contains(#"\[link\](javascript:x) \*bold\*"#))
            #expect(!body.contains("<script>") && !body.contains("[link](") && !body.contains("&lt;"))
            #expect(body.contains("[Get it](https://www.gamerpower.com/open/2)"))
        }
    }

    @Test func appriseStatelessSendsTheTargetsAndA424IsRetried() async throws {
        let apprise = FakeAppriseAPI()
        apprise.fail(424)
        try await apprise.withServer { base in
            let hook = Hook(
                url: base.appendingPathComponent("notify"), format: .apprise, secret: "mailto://u:p@mail.example",
                createdAt: .now)
            let store = try await store(with: hook, title: "Plain")
            let worker = worker(store, telegram: base)
            try await worker.runOnce()
            let failed = try #require(try await store.hooks.deliveries().first)
            #expect(failed.status == 424)
            #expect(failed.error?.contains("could not be sent") == true)
            #expect(failed.nextAttemptAt == store.clock.now.addingTimeInterval(60))
            store.clock.advance(60)
            try await worker.runOnce()
            #expect(apprise.requests.count == 2)
            #expect(apprise.requests.allSatisfy { $0.path == "/notify" })
            #expect(apprise.requests.last?.json["urls"] as? String == "mailto://u:p@mail.example")
            #expect(try await store.outbox().map(\.state) == ["delivered"])
        }
    }

    @Test func appriseTargetsQuotedBackByTheServerAreNotRecordedOrLogged() async throws {
        let apprise = FakeAppriseAPI()
        apprise.fail(500)
        apprise.quoteTargets()
        try await apprise.withServer { base in
            let logs = CapturedLogs()
            let hook = Hook(
                url: base.appendingPathComponent("notify"), format: .apprise,
                secret: "mailto://me:hunter2@mail.example tgram://bottoken/chat", createdAt: .now)
            let store = try await store(with: hook, title: "Plain")
            try await worker(store, telegram: base, logs: logs).runOnce()
            let failed = try #require(try await store.hooks.deliveries().first)
            #expect(failed.error == "HTTP 500: Could not send to …")
            #expect(!logs.text.contains("hunter2") && !logs.text.contains("bottoken"))
        }
    }
}
