import Foundation
import Testing

@testable import GiveawaysWeb

@Suite struct StaticAssetTests {
    @Test func theScriptLosesCommentsAndNeedlessWhitespaceButKeepsItsLiterals() {
        let source = #"""
            // a comment line
            (() => {
              "use strict";
              const url = "http://example.test/a // not a comment"; // a comment
              const quote = 'it\'s /* not */ a comment';
              const pattern = /\/\/x[/*]+/g; /* a block comment */
              const html = `</p> ${ { a: "}" }.a + `${1 + 1}` } // kept`;
              const sum = a + +b - -c;
              if (x) { return value }
              return url
                + pattern.source;
            })();
            """#
        #expect(
            ScriptMinifier.minify(source) == #"""
                (()=>{"use strict";const url="http://example.test/a // not a comment";const quote='it\'s /* not */ a comment';const pattern=/\/\/x[/*]+/g;const html=`</p> ${ { a: "}" }.a + `${1 + 1}` } // kept`;const sum=a+ +b- -c;if(x){return value}
                return url
                +pattern.source;})();

                """#)
    }

    @Test func lineBreaksThatAutomaticSemicolonsNeedStay() {
        #expect(ScriptMinifier.minify("return\nvalue") == "return\nvalue\n")
        #expect(ScriptMinifier.minify("a\n++b") == "a\n++b\n")
        #expect(ScriptMinifier.minify("const a = b\n(c)") == "const a=b\n(c)\n")
        #expect(ScriptMinifier.minify("x = a / b / c") == "x=a/b/c\n")
        #expect(ScriptMinifier.minify("f(\n  a,\n  b\n)") == "f(a,b)\n")
    }

    @Test func theStylesheetLosesCommentsAndSpacesButKeepsWhatCSSReads() {
        let source = """
            /* a comment */
            .a :hover, .b > .c {
              content: "/* kept */  x";
              width: calc(100% - 2 * 8px);
              margin: 0 auto;
            }
            @media (max-width: 719px) and (scripting: enabled) { .d { color: red !important; } }
            """
        #expect(
            StyleMinifier.minify(source)
                == #".a :hover,.b>.c{content:"/* kept */  x";width:calc(100% - 2 * 8px);margin:0 auto}"#
                + "@media (max-width:719px) and (scripting:enabled){.d{color:red !important}}")
    }

    /// What is served is the minified source, and its version and ETag are those of the bytes served.
    @Test func servedAssetsAreMinifiedAndFingerprintedAsServed() throws {
        for (name, minify) in [
            ("app.js", ScriptMinifier.minify), ("app.css", StyleMinifier.minify),
            ("details.css", StyleMinifier.minify),
        ] {
            let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "static"))
            let source = try String(contentsOf: url, encoding: .utf8)
            let served = try #require(StaticAssets.assets[name])
            #expect(String(buffer: served.body) == minify(source))
            #expect(served.etag == StaticAssets.fingerprint(Array(minify(source).utf8)))
            #expect(StaticAssets.path(name).hasSuffix("?v=\(served.etag)"))
            #expect(served.body.readableBytes < source.utf8.count * 85 / 100)
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
        #expect(PageStyle.styles(forPath: "/discover/games/3") == [.details, .discover])
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
