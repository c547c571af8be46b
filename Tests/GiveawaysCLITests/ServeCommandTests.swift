import Foundation
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
