import Foundation
import Testing

@testable import GiveawaysWeb

@Suite struct StaticAssetTests {
    @Test func theScriptLosesCommentLinesAndIndentationOnly() {
        let source = """
            // a comment line
            (() => {
              "use strict";
                // indented comment
              const url = "http://example.test/a"; // kept: not at the start of a line
              const pattern = /\\/\\/x/;

              return url
                + pattern.source;
            })();
            """
        #expect(
            StaticAssets.minifyJS(source) == """
                (() => {
                "use strict";
                const url = "http://example.test/a"; // kept: not at the start of a line
                const pattern = /\\/\\/x/;
                return url
                + pattern.source;
                })();

                """)
    }

    /// The minifier keeps every other line as it is, which is only safe while no template literal spans lines.
    @Test func theServedScriptIsTheMinifiedSourceAndKeepsTheHouseRule() throws {
        let url = try #require(Bundle.module.url(forResource: "app", withExtension: "js", subdirectory: "static"))
        let source = try String(contentsOf: url, encoding: .utf8)
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            #expect(line.filter { $0 == "`" }.count % 2 == 0, "app.js line \(number + 1) opens a template literal")
        }
        let served = try #require(StaticAssets.assets["app.js"])
        let text = String(buffer: served.body)
        #expect(text == StaticAssets.minifyJS(source))
        #expect(!text.contains("\n//") && !text.contains("\n "))
        #expect(text.utf8.count < source.utf8.count * 85 / 100)
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
