import Foundation
import GiveawaysDomain
import Testing

/// Each store's base URL option and variable, made from the registry (`FirstHandStore.allCases`) rather than declared
/// one by one: each is taken, checked and named in the help, and an option no store has is still refused.
@Suite struct StoreOptionsCLITests {
    let cli: CLIRunner

    init() throws {
        cli = try CLIRunner()
    }

    @Test func everyStoresOptionAndVariableIsTakenAndChecked() throws {
        for store in FirstHandStore.allCases {
            // A store's URL is checked when the store is read.
            let reads = ["GIVEAWAYS_SOURCES": store.rawValue]
            let flag = try cli.run(["status", "--\(store.urlOption)", "ftp://x"], environment: reads)
            #expect(flag.status == 64 && flag.stderr.contains("The flag's value 'ftp://x'"), "--\(store.urlOption)")
            let joined = try cli.run(["status", "--\(store.urlOption)=ftp://y"], environment: reads)
            #expect(joined.status == 64 && joined.stderr.contains("'ftp://y'"), "--\(store.urlOption)=")
            let variable = try cli.run(["status"], environment: reads.merging([store.urlVariable: "ftp://z"]) { $1 })
            #expect(variable.status == 64 && variable.stderr.contains("\(store.urlVariable) 'ftp://z'"))
            let missing = try cli.run(["status", "--\(store.urlOption)"])
            #expect(missing.status == 64 && missing.stderr.contains("Missing value for '--\(store.urlOption)"))
        }
        let unknown = try cli.run(["sync", "--no-such-store-url", "https://example.com"])
        #expect(unknown.status == 64 && unknown.stderr.contains("Unknown option '--no-such-store-url'"))
        let stray = try cli.run(["status", "stray"])
        #expect(stray.status == 64 && stray.stderr.contains("Unexpected argument 'stray'"))
    }

    @Test func helpsNameEveryStoresOptionAndSource() throws {
        let serve = try cli.run(["serve", "--help"], database: false).stdout.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        let sync = try cli.run(["sync", "--help"], database: false).stdout.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        for store in FirstHandStore.allCases {
            #expect(serve.contains("--\(store.urlOption) <url>, \(store.urlHelp) (env \(store.urlVariable); default"))
            #expect(sync.contains(store.rawValue) && sync.contains(store.shortName))
        }
        let sources = SourceID.giveawaySources.map(\.rawValue).joined(separator: ", ")
        #expect(sync.contains("Sync only this source: \(sources) or freetogame"))
    }
}
