import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ServeCommandTests {
    /// Starts `giveaways serve` on a free loopback port with a dead upstream, as on a machine without internet.
    @Test func servesDemoDataWithoutNetworkAndStopsCleanlyOnSIGTERM() async throws {
        let cli = try CLIRunner()
        let port = Int.random(in: 20_000...60_000)
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = [
            "serve", "--port", String(port), "--database", cli.database, "--gamerpower-url", "http://127.0.0.1:9/api",
            "--freetogame-url", "http://127.0.0.1:9/api",
            "--image-cache", cli.directory.appendingPathComponent("images").path, "--log-level", "error",
        ]
        process.currentDirectoryURL = cli.directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let base = "http://127.0.0.1:\(port)"
        var status = ""
        for _ in 0..<100 where !status.contains("\"demo\":true") {
            try await Task.sleep(for: .milliseconds(100))
            status = (try? await Self.get(base + "/api/v1/status")) ?? ""
        }
        #expect(status.contains("\"demo\":true"))
        let home = try await Self.get(base + "/")
        #expect(home.contains("banner--demo"))
        #expect(home.contains("Lanternfall Keep"))
        #expect(
            try await Self.get(base + "/healthz")
                == "{\"database\":{\"kind\":\"sqlite\",\"reachable\":true},\"status\":\"ok\"}")

        process.terminate()  // SIGTERM
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    @Test func badServeOptionsAreUsageErrors() throws {
        let cli = try CLIRunner()
        #expect(try cli.run(["serve", "--port", "70000"]).status == 64)
        #expect(try cli.run(["serve", "--sync-interval", "0"]).status == 64)
        #expect(try cli.run(["serve"], environment: ["GIVEAWAYS_PORT": "eighty"]).status == 64)
        #expect(try cli.run(["serve", "--store-interval", "0"]).status == 64)
        #expect(try cli.run(["serve", "--store-interval", "20000"]).status == 64)
        let variable = try cli.run(["serve"], environment: ["GIVEAWAYS_STORE_INTERVAL": "hourly"])
        #expect(variable.status == 64 && variable.stderr.contains("GIVEAWAYS_STORE_INTERVAL 'hourly'"))
    }

    /// Each interval's help says which sources it moves, and the command's own help names the stores it reads.
    @Test func helpsSayWhichSourcesEachIntervalMovesAndNameTheStores() throws {
        let cli = try CLIRunner()
        let serve = try cli.run(["serve", "--help"], database: false).stdout.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(serve.contains("--sync-interval <sync-interval> Minutes between syncs of GamerPower's giveaways"))
        #expect(serve.contains("--store-interval <store-interval> Minutes between syncs of each store read first-hand"))
        let stores = FirstHandStore.allCases.map(\.shortName)
        #expect(
            serve.contains("(\(stores.joined(separator: ", ")))")
                && serve.contains("GIVEAWAYS_STORE_INTERVAL; default 60"))
        let top = try cli.run(["--help"], database: false).stdout.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(!top.contains("every live GamerPower giveaway"))
        #expect(top.contains("from GamerPower and first-hand from the stores (Epic, Steam, GOG)"))
        let sync = try cli.run(["sync", "--help"], database: false).stdout.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        let names = stores.dropLast().joined(separator: ", ") + " and " + (stores.last ?? "")
        #expect(sync.contains("the stores' own giveaways on \(names)"))
    }

    /// `status` says when a store runs next by the stores' interval, GamerPower by its own.
    @Test func statusTellsAStoresNextRunByTheStoreInterval() async throws {
        let cli = try CLIRunner()
        let now = "2026-03-31T12:00:00Z"
        let front = FakeStoreFront()
        front.answer("/en/", .init(status: 503, "down for a moment"))
        try await front.withServer { url in
            let sync = try await cli.runDetached([
                "sync", "--source", "gog", "--gog-url", url.absoluteString, "--now", now,
            ])
            #expect(sync.status == 69, "\(sync.stderr)")
        }
        let status = try cli.run(
            ["status", "--sources", "gog", "--now", now, "--store-interval", "15", "--sync-interval", "45"])
        #expect(
            status.stdout.contains("2026-03-31T12:15:00Z (in 15 min), with a 15-minute interval"), "\(status.stdout)")
    }

    /// Every setting is read the one way `Settings` writes down: the flag, else the environment, else the default; a
    /// bad value names where it came from, and a secret's value is never repeated.
    @Test func settingsComeFromTheFlagThenTheEnvironmentAndNameTheirSource() throws {
        let cli = try CLIRunner()
        let port = try cli.run(["serve"], environment: ["GIVEAWAYS_PORT": "eighty"])
        #expect(port.stderr.contains("GIVEAWAYS_PORT 'eighty' is not a port number"))
        let url = try cli.run(["serve"], environment: ["GIVEAWAYS_PUBLIC_URL": "https://games.example.org/app"])
        #expect(url.status == 64)
        #expect(url.stderr.contains("GIVEAWAYS_PUBLIC_URL 'https://games.example.org/app' is not"))
        let key = try cli.run(["serve"], environment: ["GIVEAWAYS_RAWG_KEY": "sekret key!"])
        #expect(key.status == 64)
        #expect(key.stderr.contains("GIVEAWAYS_RAWG_KEY (not shown here)"))
        #expect(!key.stderr.contains("sekret"))
        // A flag wins over the environment: a good flag with a bad variable is fine.
        let hosts = try cli.run(
            ["serve", "--allowed-host", "bad host"],
            environment: ["GIVEAWAYS_ALLOWED_HOSTS": "games.lan"])
        #expect(hosts.stderr.contains("The flag's value 'bad host' is not"))
    }

    static func get(_ url: String) async throws -> String {
        let (data, _) = try await URLSession.shared.data(from: URL(string: url)!)
        return String(decoding: data, as: UTF8.self)
    }
}
