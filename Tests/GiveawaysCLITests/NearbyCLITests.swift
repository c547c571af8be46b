import Foundation
import GiveawaysTestSupport
import Testing

/// `giveaways nearby` as a user runs it, against the fake Overpass and Nominatim: a table by default, the API's JSON
/// with `--json`, clear usage errors, and the exit status of a failing source.
@Suite struct NearbyCLITests {
    static let world: [FakeOverpass.Element] = [
        .node(1, 52.5219, 13.4132, ["shop": "video_games", "name": "Pixel Laden", "addr:city": "Berlin"]),
        .way(2, 52.5230, 13.4100, ["leisure": "amusement_arcade"]),
    ]

    @Test func aTableByDefaultAndTheAPIsJSONOnRequest() async throws {
        let overpass = FakeOverpass(Self.world)
        let nominatim = FakeNominatim()
        try await overpass.withServer { overpassURL in
            try await nominatim.withServer { nominatimURL in
                let cli = try CLIRunner()
                let sources = [
                    "--overpass-url", overpassURL.absoluteString, "--nominatim-url", nominatimURL.absoluteString,
                    "--map-contact", "cli@example.org",
                ]
                let table = try await cli.runDetached(
                    ["nearby", "--ll", "52.52,13.41", "--radius", "3000"] + sources, database: false)
                #expect(table.status == 0, "\(table.stderr)")
                #expect(table.stdout.contains("Pixel Laden") && table.stdout.contains("Arcade"))
                #expect(table.stdout.contains("OpenStreetMap contributors"))
                let json = try await cli.runDetached(
                    ["nearby", "--near", "Berlin", "--category", "arcade", "--json"] + sources, database: false)
                #expect(json.status == 0, "\(json.stderr)")
                let body = try #require(
                    try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
                let places = try #require(body["places"] as? [[String: Any]])
                #expect(places.map { $0["id"] as? String } == ["osm:way/2"] && places[0]["name"] is NSNull)
                let unknown = try await cli.runDetached(["nearby", "--near", "Atlantis"] + sources, database: false)
                #expect(unknown.status == 1 && unknown.stderr.contains("no place of that name"))
            }
        }
        #expect(overpass.requests.allSatisfy { $0.headers["user-agent"]?.contains("cli@example.org") == true })
    }

    @Test func badOptionsAndAFailingSourceSaySo() async throws {
        let cli = try CLIRunner()
        for arguments in [
            ["--ll", "91,0"], ["--radius", "0"], ["--near", "Berlin", "--ll", "1,2"], ["--limit", "51"],
        ] {
            let result = try await cli.runDetached(
                ["nearby"] + arguments + ["--overpass-url", "http://127.0.0.1:9"], database: false)
            #expect(result.status == 64, "\(arguments)")
        }
        let overpass = FakeOverpass(Self.world)
        overpass.misbehave(FakeOverpass.runtimeError)
        try await overpass.withServer { url in
            let result = try await cli.runDetached(
                ["nearby", "--ll", "52.52,13.41", "--overpass-url", url.absoluteString], database: false)
            #expect(result.status == 69 && result.stderr.contains("runtime error"))
        }
    }
}

extension NearbyCLITests {
    @Test func serveRefusesBadNearbyOptionsWithoutRepeatingTheKey() async throws {
        let cli = try CLIRunner()
        let secret = "fsq secret with spaces"
        for (arguments, environment) in [
            (["serve", "--nearby-center", "99,1"], [:]),
            (["serve", "--map-tiles-url", "http://tiles.example/{z}/{x}.png"], [:]),
            (["serve", "--map-contact", "me (at) example"], [:]), (["serve"], ["GIVEAWAYS_FOURSQUARE_KEY": secret]),
            (["serve", "--foursquare-key", secret], [:]),
        ] as [([String], [String: String])] {
            let result = try await cli.runDetached(arguments, environment: environment)
            #expect(result.status == 64, "\(arguments)")
            #expect(!result.stderr.contains(secret) && !result.stdout.contains(secret))
        }
    }
}
