import Foundation
import GiveawaysAPI
import Hummingbird
import Testing

@testable import GiveawaysViews
@testable import GiveawaysWeb

/// The route table is the only place a path is written: the router registers its patterns and nothing else, its
/// API lines are the paths of openapi.yaml, and a path matches the line a request would reach.
@Suite struct RouteTableTests {
    /// Both ways: every API line (and the live stream's) is a path of the document the server is generated from,
    /// and every path there is a line of the table.
    @Test func apiLinesAreThePathsOfTheOpenAPIDocument() {
        let document = String(decoding: APIDocument.yaml, as: UTF8.self)
        // The keys of `paths:`: indented by two spaces, starting with a slash.
        let paths = document.split(separator: "\n").filter { $0.hasPrefix("  /") && $0.hasSuffix(":") }
            .map { String($0.dropFirst(2).dropLast()) }
        // The live stream is documented there too, though served beside the generated server (`.apiFile`).
        let api = SiteRoute.table.filter { $0.kind == .api || $0.name == .apiEvents }.map(\.template.description)
        #expect(!paths.isEmpty)
        #expect(Set(api) == Set(paths))
        #expect(api.count == paths.count)
    }

    /// Registering the whole table gives the router exactly the table's patterns (and a trie without clashes).
    @Test func theRouterGetsTheTablesPatterns() throws {
        let router = Router(context: AppRequestContext.self)
        let routes = SiteRouter(router)
        for name in SiteRoute.Name.allCases where SiteRoute.declarations(of: name).allSatisfy({ $0.kind != .api }) {
            routes.get(name) { _, _ in Response(status: .ok) }
        }
        let registered = Set(router.routes.map(\.path.description))
        let declared = Set(SiteRoute.table.filter { $0.kind != .api }.map(\.template.routerPattern))
        #expect(registered == declared)
        try router.validate()
    }

    /// No route is registered past the table: in the web target, only `SiteRouter` calls the router's
    /// registration methods, and no registration names a path in a string.
    @Test func noRegistrationWritesAPath() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/GiveawaysWeb")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 50)
        let registration = try Regex(#"\brouter\s*\.\s*(get|post|put|patch|delete|head|on)\s*\("#)
        let pathLiteral = try Regex(#"\.(get|post|put|patch|delete|head|on)\s*\(\s*(\.init\()?\s*"/"#)
        let pattern = try Regex(#"RouterPath\(|SiteRoute\.Pattern"#)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = file.lastPathComponent
            #expect(text.firstMatch(of: pathLiteral) == nil, "\(name) registers a path written in a string")
            #expect(text.firstMatch(of: pattern) == nil, "\(name) builds a router path of its own")
            guard name != "SiteRouter.swift" else { continue }
            #expect(text.firstMatch(of: registration) == nil, "\(name) registers on the router past SiteRouter")
        }
    }
}
