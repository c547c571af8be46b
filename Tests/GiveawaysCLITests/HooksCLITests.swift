import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import Testing

/// `giveaways hooks …` as a user runs it: add, list, test, log, remove, and events left by `sync`.
@Suite struct HooksCLITests {
    let cli: CLIRunner
    let now = "2026-03-31T12:00:00Z"
    let secret = "hunter2-very-secret"

    init() throws {
        cli = try CLIRunner()
    }

    @Test func addRefusesBadURLsFormatsAndPrivateAddressesWithoutTheFlag() throws {
        let notHTTP = try cli.run(["hooks", "add", "ftp://example.com/x"])
        #expect(notHTTP.status == 64)
        #expect(notHTTP.stderr.contains("http:// or https://"))
        #expect(try cli.run(["hooks", "add", "https://example.com/x", "--format", "slack"]).status == 64)
        // A push subscription comes from a browser with its keys; Telegram and Apprise have options of their own.
        for format in ["webpush", "telegram", "apprise"] {
            #expect(try cli.run(["hooks", "add", "https://example.com/x", "--format", format]).status == 64)
        }
        #expect(try cli.run(["hooks", "add", "https://example.com/x", "--events", "new,exploded"]).status == 64)
        #expect(try cli.run(["hooks", "add", "https://ntfy.sh/", "--format", "ntfy"]).status == 64)
        let local = try cli.run(["hooks", "add", "http://127.0.0.1:9/hook"])
        #expect(local.status == 64)
        #expect(local.stderr.contains("--allow-private-hooks"))
        #expect(try cli.run(["hooks", "add", "http://192.168.1.10/hook"]).status == 64)
        let allowed = try cli.run(["hooks", "add", "http://127.0.0.1:9/hook", "--allow-private-hooks"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.contains("first seen from now on"))
        #expect(
            try cli.run(["hooks", "add", "http://10.0.0.2/h"], environment: ["GIVEAWAYS_ALLOW_PRIVATE_HOOKS": "1"])
                .status == 0)
    }

    @Test func listShowsNeitherTheSecretNorTheURLsPath() throws {
        let added = try cli.run([
            "hooks", "add", "https://discord.com/api/webhooks/123/TOKENtokenTOKENwxyz", "--format", "discord",
            "--secret", secret, "--platform", "steam,epic-games-store", "--type", "game", "--min-worth", "5",
            "--exclude-keyword", "demo", "--events", "new,ending",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("secret set"))
        let list = try cli.run(["hooks", "list"])
        #expect(list.status == 0)
        for output in [added.stdout + added.stderr, list.stdout + list.stderr] {
            #expect(!output.contains(secret))
            #expect(!output.contains("TOKENtoken"))
        }
        #expect(list.stdout.contains("https://discord.com/…wxyz"))
        #expect(list.stdout.contains("secret set"))
        #expect(list.stdout.contains("ending,new"))
        #expect(list.stdout.contains("Epic Games Store, Steam · Games · worth at least $5.00 · not: demo"))
        #expect(try cli.run(["hooks", "add", "https://example.com/x", "--platform", "atari"]).status == 64)
        #expect(try cli.run(["hooks", "add", "https://example.com/x", "--min-worth", "lots"]).status == 64)
    }

    @Test func testSendsOneSampleAndLogShowsItThenRemoveDeletesTheHook() async throws {
        let receiver = HookReceiver()
        try await receiver.withServer { url in
            let add = try await cli.runDetached([
                "hooks", "add", url.appendingPathComponent("in").absoluteString, "--secret", secret,
                "--allow-private-hooks",
            ])
            #expect(add.status == 0, "\(add.stderr)")
            let refused = try await cli.runDetached(["hooks", "test", "1"])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("--allow-private-hooks"))
            #expect(receiver.count == 0)
            let sent = try await cli.runDetached(["hooks", "test", "1", "--allow-private-hooks", "--now", now])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(sent.stdout.contains("HTTP 204"))
            #expect(receiver.count == 1)
            #expect(receiver.received.first?.header("X-Giveaways-Event") == "test")
            #expect(receiver.received.first?.header("X-Giveaways-Signature")?.hasPrefix("sha256=") == true)

            receiver.fail(1, status: 502)
            let failed = try await cli.runDetached(["hooks", "test", "1", "--allow-private-hooks"])
            #expect(failed.status == 1)
            #expect(failed.stderr.contains("HTTP 502"))

            let log = try await cli.runDetached(["hooks", "log", "1"])
            #expect(log.status == 0)
            #expect(log.stdout.contains("HTTP 204"))
            #expect(log.stdout.contains("HTTP 502"))
            #expect(log.stdout.contains("is a private, loopback"))
            #expect(!log.stdout.contains(secret))
            #expect(try await cli.runDetached(["hooks", "test", "99"]).status == 1)
        }
        #expect(try cli.run(["hooks", "remove", "1"]).status == 0)
        #expect(try cli.run(["hooks", "remove", "1"]).status == 1)
        #expect(try cli.run(["hooks", "list"]).stdout.contains("No hooks"))
        #expect(try cli.run(["hooks", "log"]).stdout.contains("No deliveries yet"))
    }

    @Test func listVisitorsShowsWhoAddedEachVisitorsHookAndRemoveTakesThemAway() async throws {
        let database = try AppDatabase.open(path: cli.database)
        let hooks = HookSQLRepository(database: database)
        let time = try #require(Timestamp.parse(now))
        _ = try await hooks.addHook(Hook(url: URL(string: "https://example.com/operator")!, createdAt: time))
        let profile = try #require(ProfileID(rawValue: "abcdef01" + String(repeating: "0", count: 24)))
        try await ProfileSQLRepository(database: database).saveRules(
            GiveawayRules(noLoot: true), for: profile, at: time.addingTimeInterval(-3600))
        let limits = VisitorHookLimits(
            perProfile: 5, perAddress: 5, total: 5, minimumProfileAge: 600)
        for n in 1...2 {
            let hook = Hook(
                url: URL(string: "https://ntfy.sh/topic\(n)")!, format: .ntfy, createdAt: time, profileID: profile)
            _ = try await hooks.addVisitorHook(hook, from: "203.0.113.7", limits: limits).get()
        }
        let list = try cli.run(["hooks", "list", "--visitors"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("FROM"))
        #expect(list.stdout.contains("abcdef01…"))
        #expect(list.stdout.contains("203.0.113.7"))
        #expect(list.stdout.contains("https://ntfy.sh/…pic1"))
        #expect(list.stdout.contains("2 visitors' hooks"))
        #expect(!list.stdout.contains(profile.rawValue), "the whole profile id is the visitor's identity")
        #expect(!list.stdout.contains("example.com"), "the operator's hooks are not visitors'")
        let removed = try cli.run(["hooks", "remove", "2", "3"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("Removed hook 3."))
        #expect(try cli.run(["hooks", "list", "--visitors"]).stdout.contains("No visitors' hooks."))
        #expect(try cli.run(["hooks", "list"]).stdout.contains("https://example.com/…ator"))
        #expect(try cli.run(["hooks", "remove", "1", "9"]).status == 1)
    }

    @Test func syncLeavesEventsInTheOutboxForTheServer() async throws {
        let fake = FakeGamerPower(.json(GamerPowerWire.sampleFeed))
        try await fake.withServer { url in
            let sync = ["sync", "--source", "gamerpower", "--gamerpower-url", url.absoluteString, "--now", now]
            let first = try await cli.runDetached(sync)
            #expect(first.status == 0, "\(first.stderr)")
            let add = try await cli.runDetached([
                "hooks", "add", "https://example.com/h", "--events", "new", "--now", now,
            ])
            #expect(add.status == 0, "\(add.stderr)")
            _ = try await cli.runDetached(sync)
            let before = try await cli.runDetached(["hooks", "list"])
            #expect(before.stdout.contains("0 waiting"), "\(before.stdout)")
            var items = GamerPowerWire.sampleItems
            items.append(GamerPowerWire.Item(id: 9001, title: "Brand New Game Giveaway"))
            fake.setBehavior(.json(GamerPowerWire.feed(items)))
            _ = try await cli.runDetached(sync)
            _ = try await cli.runDetached(sync)
            let after = try await cli.runDetached(["hooks", "list"])
            #expect(after.stdout.contains("1 waiting, 0 sent"), "\(after.stdout)")
        }
    }

    @Test func importRaisesTheSameNewEventsAsSync() async throws {
        let items = GamerPowerWire.sampleItems + [GamerPowerWire.Item(id: 9001, title: "Brand New Game Giveaway")]
        let before = try cli.write(GamerPowerWire.sampleFeed, name: "before.json")
        let after = try cli.write(GamerPowerWire.feed(items), name: "after.json")
        let addHook = ["hooks", "add", "https://example.com/h", "--events", "new", "--now", now]

        // A store filled by `import`: one capture, a hook, then a capture with one new giveaway.
        #expect(try cli.run(["import", before, "--as-of", now]).status == 0)
        #expect(try cli.run(addHook).status == 0)
        let imported = try cli.run(["import", after, "--as-of", "2026-03-31T12:30:00Z"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let importHooks = try cli.run(["hooks", "list"]).stdout

        // The same with `sync` from a fake GamerPower, in a store of its own.
        let synced = try CLIRunner()
        let fake = FakeGamerPower(.json(GamerPowerWire.sampleFeed))
        let syncHooks = try await fake.withServer { url in
            let sync = ["sync", "--source", "gamerpower", "--gamerpower-url", url.absoluteString]
            #expect(try await synced.runDetached(sync + ["--now", now]).status == 0)
            #expect(try await synced.runDetached(addHook).status == 0)
            fake.setBehavior(.json(GamerPowerWire.feed(items)))
            #expect(try await synced.runDetached(sync + ["--now", "2026-03-31T12:30:00Z"]).status == 0)
            return try await synced.runDetached(["hooks", "list"]).stdout
        }

        #expect(syncHooks.contains("1 waiting, 0 sent"), "\(syncHooks)")
        #expect(importHooks == syncHooks)
    }
}
