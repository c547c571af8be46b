import Foundation
import Testing

@testable import GiveawaysViews
@testable import GiveawaysWeb

@Suite struct StaticAssetTests {
    private func resource(_ name: String, in folder: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: folder))
        return try Data(contentsOf: url)
    }

    /// What is served is the committed minified file, and its version and ETag are those of the bytes served.
    @Test func servedAssetsAreMinifiedAndFingerprintedAsServed() throws {
        for name in ["app.js", "app.css", "details.css"] {
            let source = try resource(name, in: "static")
            let minified = try resource(name, in: "static/min")
            let served = try #require(StaticAssets.assets[name])
            #expect(Data(served.body.readableBytesView) == minified)
            #expect(served.etag == StaticAssets.fingerprint(minified))
            #expect(StaticAssets.path(name).hasSuffix("?v=\(served.etag)"))
            #expect(served.body.readableBytes < source.count * 85 / 100)
        }
    }

    /// Every minified file was made from the readable source as it is now: after editing a stylesheet or a script,
    /// run `scripts/minify-assets`.
    @Test func theMinifiedAssetsAreMadeFromTheCurrentSources() throws {
        let manifest = String(decoding: try resource("sources.txt", in: "static/min"), as: UTF8.self)
        let recorded = manifest.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let names = Set(recorded.map(\.[0]))
        #expect(names.isSuperset(of: StaticAssets.assets.keys.filter { $0.hasSuffix(".css") || $0.hasSuffix(".js") }))
        for line in recorded {
            let source = try resource(line[0], in: "static")
            #expect(StaticAssets.fingerprint(source) == line[1], "\(line[0]) changed: run scripts/minify-assets")
        }
    }

    /// The service worker's shell names each file once: `Cache.addAll` refuses a list with the same request twice, and
    /// then the worker never installs (two page styles sharing Discover's script did that: no page opened offline).
    @Test func theServiceWorkersShellNamesEachFileOnceAndEveryOneIsServed() throws {
        let shell = ServiceWorker.shell
        #expect(Set(shell).count == shell.count, "\(shell)")
        for path in shell where path.hasPrefix("/static/") {
            let name = String(path.dropFirst("/static/".count).prefix { $0 != "?" })
            #expect(StaticAssets.assets[name] != nil, "\(name) is in the shell but not served")
        }
    }

    /// The weight budget of BENCHMARKS.md §4: every page loads at most 20 KB of CSS and 15 KB of script as served.
    @Test func everyPageLoadsAtMostTwentyKilobytesOfCSSAndFifteenOfScript() throws {
        func size(_ name: String) throws -> Int { try #require(StaticAssets.assets[name]).body.readableBytes }
        let pages = SiteRoute.Name.allCases.map { SiteRoute.template(of: $0).description }
        for styles in Set(pages.map { PageStyle.styles(forPath: $0) }) {
            let css = try styles.map(\.fileName).reduce(try size("app.css")) { $0 + (try size($1)) }
            let script = try styles.compactMap(\.scriptName).reduce(try size("app.js")) { $0 + (try size($1)) }
            #expect(css <= 20 * 1024, "\(styles): \(css) bytes of CSS")
            // Nearby carries the project's own slippy map (no library, no third-party request): 9 KB more.
            let scriptBudget = styles.contains(.nearby) ? 24 * 1024 : 15 * 1024
            #expect(script <= scriptBudget, "\(styles): \(script) bytes of script")
        }
        #expect(PageStyle.styles(forPath: "/?platform=steam") == [.home, .rules])
        #expect(PageStyle.styles(forPath: "/favorites") == [])
        #expect(PageStyle.styles(forPath: "/more?all=1") == [.rules, .more], "More shows the rules notice too")
        #expect(PageStyle.styles(forPath: "/giveaways/7") == [.details, .giveaway])
        #expect(PageStyle.styles(forPath: "/free-to-play/12?x=1") == [.details, .catalog])
        #expect(PageStyle.styles(forPath: "/free-to-play/hidden") == [.catalog])
        #expect(PageStyle.styles(forPath: "/discover/games/3") == [.details, .game])
        #expect(PageStyle.styles(forPath: "/games?q=portal") == [.discover])
    }
}

/// The service worker lives in `Resources/static/service-worker.js` and is served with its names filled in.
@Suite struct ServiceWorkerSourceTests {
    @Test func everyNameOfTheSourceIsFilledIn() {
        let served = String(buffer: ServiceWorker.script)
        let code = served.split(separator: "\n").filter { !$0.hasPrefix("//") }.joined(separator: "\n")
        #expect(!code.contains("{{"))
        #expect(code.contains("const SHELL = \"shell-\(ServiceWorker.version)\";"))
        #expect(code.contains("const OFFLINE = \"/offline\";"))
        #expect(code.contains("\"de\":{\"title\":"))
        #expect(code.contains(StaticAssets.path("app.css")))
    }
}
