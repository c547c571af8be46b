import Foundation
import GiveawaysTestSupport
import Testing

@Suite struct CLITests {
    let cli: CLIRunner
    let now = "2026-03-31T12:00:00Z"

    init() throws {
        cli = try CLIRunner()
    }

    func importSample() throws {
        let file = try cli.write(GamerPowerWire.sampleFeed, name: "giveaways-2026-03-31.json")
        let result = try cli.run(["import", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Imported 6 giveaways: 6 new"))
    }

    func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test func importThenListShowsLiveGiveawaysAsATable() throws {
        try importSample()
        let result = try cli.run(["list", "--now", now])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("  ID  TITLE") == true)
        #expect(lines.count == 6)  // header + 5 live; the expired GOG one is hidden
        #expect(!result.stdout.contains("Old Harbor"))
        #expect(result.stdout.contains("$1,299.00"))
        #expect(try cli.run(["list", "--now", now, "--include-expired"]).stdout.contains("Old Harbor"))
    }

    @Test func listFiltersSortsAndPrintsJSON() throws {
        try importSample()
        let steam = try json(try cli.run(["list", "--now", now, "--platform", "steam", "--json"]).stdout)
        #expect(steam.compactMap { $0["id"] as? Int } == [3102, 3103])
        let byValue = try json(try cli.run(["list", "--now", now, "--sort", "value", "--json"]).stdout)
        #expect(byValue.compactMap { $0["id"] as? Int } == [3104, 3101, 3105, 3102, 3103])
        let top = byValue[0]
        #expect(top["title"] as? String == "Neon Rally (PS5) Full Game")
        #expect(top["platforms"] as? [String] == ["Playstation 5", "Xbox Series X|S", "Nintendo Switch"])
        #expect(top["type"] as? String == "Game")
        #expect((top["worth"] as? NSNumber)?.doubleValue == 1299)
        #expect(top["endDate"] as? String == "2026-04-02T23:59:00Z")
        #expect(top["users"] as? Int == 3300)
        #expect(top["expired"] as? Bool == false)
        let loot = byValue[3]
        #expect(loot["worth"] is NSNull)
        #expect(loot["endDate"] is NSNull)
        let search = try json(try cli.run(["list", "--now", now, "--search", "POKEMON cafe", "--json"]).stdout)
        #expect(search.compactMap { $0["id"] as? Int } == [3103])
        let loots = try json(try cli.run(["list", "--now", now, "--type", "loot", "--json"]).stdout)
        #expect(loots.compactMap { $0["id"] as? Int } == [3102])
        let ending = try json(try cli.run(["list", "--now", now, "--sort", "ending", "--json"]).stdout)
        #expect(ending.compactMap { $0["id"] as? Int } == [3105, 3104, 3101, 3102, 3103])
    }

    @Test func invalidValuesGetAClearErrorListingTheValidOnes() throws {
        try importSample()
        let platform = try cli.run(["list", "--platform", "dreamcast"])
        #expect(platform.status == 64)
        #expect(platform.stderr.contains("Unknown platform 'dreamcast'"))
        #expect(platform.stderr.contains("epic-games-store"))
        let type = try cli.run(["list", "--type", "skins"])
        #expect(type.status == 64)
        #expect(type.stderr.contains("game") && type.stderr.contains("loot") && type.stderr.contains("beta"))
        let sort = try cli.run(["list", "--sort", "random"])
        #expect(sort.status == 64)
        #expect(sort.stderr.contains("popularity"))
        let time = try cli.run(["list", "--now", "yesterday"])
        #expect(time.status == 64)
        // An unknown platform that is present in the data is accepted.
        let custom = try json(try cli.run(["list", "--now", now, "--platform", "hyperspace-store", "--json"]).stdout)
        #expect(custom.compactMap { $0["id"] as? Int } == [3103])
    }

    @Test func showPrintsEveryFieldAndHistory() throws {
        try importSample()
        let text = try cli.run(["show", "3103", "--now", now])
        #expect(text.status == 0)
        for needle in [
            "Pokémon-like Café Beta Key", "Early Access", "PC, Steam, Epic Games Store, Hyperspace Store", "N/A",
            "First seen:", "2026-03-31T00:00:00Z", "<a href=\"https://example.com/claim\"", "Get it:", "In feed:",
        ] {
            #expect(text.stdout.contains(needle), "missing \(needle)")
        }
        let object = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try cli.run(["show", "2001", "--json", "--now", now]).stdout.utf8))
                as? [String: Any])
        #expect(object["expired"] as? Bool == true)
        #expect(object["status"] as? String == "ended", "live, upcoming or ended; not GamerPower's label")
        #expect(object["inFeed"] as? Bool == true)

        let missing = try cli.run(["show", "424242"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no giveaway with id 424242"))
    }

    @Test func importReplaysHistoryAcrossSeveralCaptures() throws {
        var items = GamerPowerWire.sampleItems
        let day1 = try cli.write(GamerPowerWire.feed(items), name: "a.json")
        items.removeFirst()
        let day2 = try cli.write(GamerPowerWire.feed(items), name: "b.json")
        let result = try cli.run([
            "import", day1, day2, day1, "--as-of", "2026-03-01T00:00:00Z", "--as-of", "2026-03-02", "--as-of",
            "2026-03-03T06:00:00Z",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 left"))
        #expect(result.stdout.contains("- 3101  Lantern Drift"))
        #expect(result.stdout.contains("1 back"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(try cli.run(["show", "3101", "--json"]).stdout.utf8))
                as? [String: Any])
        #expect((object["feedPeriods"] as? [Any])?.count == 2)
        #expect(object["firstSeen"] as? String == "2026-03-01T00:00:00Z")
        #expect(object["lastSeen"] as? String == "2026-03-03T06:00:00Z")

        let mismatch = try cli.run(["import", day1, day2, "--as-of", "2026-03-01"])
        #expect(mismatch.status == 64)
    }

    @Test func aBrokenImportFileStoresNothingAndExits65() throws {
        try importSample()
        let broken = try cli.write(String(GamerPowerWire.sampleFeed.prefix(500)), name: "broken-2026-04-01.json")
        let result = try cli.run(["import", broken])
        #expect(result.status == 65)
        #expect(result.stderr.contains("malformed"))
        let html = try cli.write("<html>nope</html>", name: "page-2026-04-01.json")
        #expect(try cli.run(["import", html]).status == 65)
        #expect(try cli.run(["import", "/nonexistent/2026-04-01.json"]).status == 65)
        let list = try json(try cli.run(["list", "--now", now, "--json"]).stdout)
        #expect(list.count == 5)
    }

    @Test func syncReportsChangesAndAFailedSyncLeavesDataUntouched() async throws {
        let fake = FakeGamerPower(.json(GamerPowerWire.sampleFeed))
        try await fake.withServer { url in
            let first = try await cli.runDetached([
                "sync", "--source", "gamerpower", "--gamerpower-url", url.absoluteString, "--now", now,
            ])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("Synced 6 giveaways: 6 new"))
            #expect(first.stderr.contains("Fetching http://127.0.0.1"))

            fake.setBehavior(.raw(status: 500, body: "<html>Internal error</html>", contentType: "text/html"))
            let failed = try await cli.runDetached(
                ["sync", "--source", "gamerpower", "--now", now],
                environment: ["GIVEAWAYS_GAMERPOWER_URL": url.absoluteString])
            #expect(failed.status == 69)
            #expect(failed.stderr.contains("sync failed, local data unchanged: GamerPower answered HTTP 500"))
            #expect(failed.stderr.split(separator: "\n").filter { $0.hasPrefix("giveaways:") }.count == 1)

            // `status` says the source is failing, why, and that the old data is kept.
            let status = try await cli.runDetached([
                "status", "--source", "gamerpower", "--now", "2026-03-31T12:30:00Z",
            ])
            #expect(status.status == 69)
            #expect(status.stdout.contains("GamerPower: stale"))
            #expect(status.stdout.contains("Holds         6 giveaways"))
            #expect(status.stdout.contains("Last attempt  2026-03-31T12:00:00Z (30 min ago), failed"))
            #expect(status.stdout.contains("Failure       GamerPower answered HTTP 500"))
            #expect(status.stdout.contains("Last changes  6 new, 0 updated, 0 back, 0 left (6 in the feed after it)"))
            #expect(status.stdout.contains("Next run      2026-03-31T12:30:00Z"))

            var fewer = GamerPowerWire.sampleItems
            fewer.removeLast()
            fake.setBehavior(.json(GamerPowerWire.feed(fewer)))
            let third = try await cli.runDetached([
                "sync", "--source", "gamerpower", "--gamerpower-url", url.absoluteString, "--now", now,
            ])
            #expect(third.stdout.contains("Synced 5 giveaways: 0 new, 0 updated, 0 back, 1 left."))
            #expect(third.stdout.contains("- 3105  Gem Bundle (Mobile) Giveaway"))

            // Recovered: healthy, with the new sync's changes; JSON has the API's shape.
            let healthy = try await cli.runDetached([
                "status", "--source", "gamerpower", "--now", now, "--json", "--sync-interval", "60",
            ])
            #expect(healthy.status == 0, "\(healthy.stderr)")
            let body = try #require(
                try JSONSerialization.jsonObject(with: Data(healthy.stdout.utf8)) as? [String: Any])
            let source = try #require((body["sources"] as? [[String: Any]])?.first)
            #expect(source["state"] as? String == "healthy")
            #expect(source["items"] as? Int == 5)
            #expect(source["lastFailureReason"] is NSNull)
            #expect((source["lastChanges"] as? [String: Int])?["left"] == 1)
            #expect(source["nextRun"] as? String == "2026-03-31T13:00:00Z")
        }
        #expect(fake.requestCount >= 3)
        let list = try json(try await cli.runDetached(["list", "--now", now, "--json"]).stdout)
        #expect(list.count == 4)
    }

    @Test func statusBeforeAnySyncSaysSoAndExits1() throws {
        let result = try cli.run(["status"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("GamerPower: never-synced"))
        #expect(result.stdout.contains("Last attempt  never"))
        #expect(result.stdout.contains("Next run      when `giveaways serve` starts"))
    }

    @Test func configurationComesFromFlagsThenEnvironmentThenDefaults() throws {
        let file = try cli.write(GamerPowerWire.sampleFeed, name: "giveaways-2026-03-31.json")
        let other = cli.directory.appendingPathComponent("env.sqlite").path
        #expect(try cli.run(["import", file], database: false, environment: ["GIVEAWAYS_DATABASE": other]).status == 0)
        #expect(FileManager.default.fileExists(atPath: other))
        #expect(try cli.run(["import", file], database: false).status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("giveaways.sqlite").path))
        let bad = try cli.run(["sync", "--gamerpower-url", "ftp://example"])
        #expect(bad.status == 64)
    }

    @Test func listOnAnEmptyStoreSaysHowToFillIt() throws {
        let result = try cli.run(["list"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("run `giveaways sync` first"))
        #expect(try cli.run(["list", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]")
    }
}
