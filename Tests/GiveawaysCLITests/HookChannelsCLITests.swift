import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// `giveaways hooks add --telegram-… | --apprise …`: the token never printed back but for its last four characters,
/// and `hooks test` through a fake Bot API.
@Suite struct HookChannelsCLITests {
    let cli: CLIRunner
    static let token = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
    static let secretPart = "AAHdqTcvCH1vGWJxfSeofSAs0K5PAL"

    init() throws {
        cli = try CLIRunner()
    }

    @Test func aTelegramHookIsListedWithoutItsTokenAndTestedAgainstAFakeBotAPI() async throws {
        let telegram = FakeTelegramBotAPI()
        try await telegram.withServer { api in
            let added = try await cli.runDetached(
                ["hooks", "add", "--telegram-chat", "-1001234567890", "--events", "new,reminder"],
                environment: ["GIVEAWAYS_TELEGRAM_TOKEN": Self.token])
            #expect(added.status == 0, "\(added.stderr)")
            let list = try await cli.runDetached(["hooks", "list"])
            #expect(list.stdout.contains("telegram chat -1001234567890"))
            #expect(list.stdout.contains("token …Dsaw"))
            #expect(list.stdout.contains("new,reminder"))
            let sent = try await cli.runDetached([
                "hooks", "test", "1", "--telegram-api-url", api.absoluteString, "--now", "2026-03-31T12:00:00Z",
            ])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(telegram.calls.first?.token == Self.token)
            telegram.fail(.unauthorized)
            let refused = try await cli.runDetached(["hooks", "test", "1", "--telegram-api-url", api.absoluteString])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("HTTP 401: Unauthorized"))
            let log = try await cli.runDetached(["hooks", "log"])
            for output in [added, list, sent, refused, log].map({ $0.stdout + $0.stderr }) {
                #expect(!output.contains(Self.secretPart))
            }
        }
    }

    @Test func badTelegramAndAppriseOptionsAreUsageErrorsThatDoNotRepeatTheToken() throws {
        let badToken = try cli.run(["hooks", "add", "--telegram-chat", "-100123", "--telegram-token", "secret-nope"])
        #expect(badToken.status == 64)
        #expect(badToken.stderr.contains("not a Telegram bot token"))
        #expect(!badToken.stderr.contains("secret-nope"))
        let badChat = try cli.run(["hooks", "add", "--telegram-chat", "<b>", "--telegram-token", Self.token])
        #expect(badChat.status == 64)
        #expect(!badChat.stderr.contains(Self.secretPart))
        #expect(try cli.run(["hooks", "add", "--apprise", "https://apprise.example.org/x"]).status == 64)
        #expect(try cli.run(["hooks", "add", "--apprise", "https://apprise.example.org/notify"]).status == 64)
        let stateless = try cli.run([
            "hooks", "add", "--apprise", "https://apprise.example.org/notify", "--apprise-targets",
            "mailto://a:b@c.example",
        ])
        #expect(stateless.status == 0, "\(stateless.stderr)")
        #expect(try cli.run(["hooks", "add", "--apprise", "https://apprise.example.org/notify/games"]).status == 0)
        let list = try cli.run(["hooks", "list"])
        #expect(list.stdout.contains("targets set"))
        #expect(list.stdout.contains("stateful key"))
        #expect(!list.stdout.contains("a:b@c"))
    }
}
