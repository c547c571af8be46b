import Foundation
import GiveawaysAPI
import GiveawaysHTTP
import Hummingbird
import Testing

@testable import GiveawaysViews
@testable import GiveawaysWeb

/// The route table is the only place a path is written: the router registers its patterns and nothing else, its
/// API lines are the paths of openapi.yaml, and a path matches the line a request would reach.
@Suite struct RouteTableTests {
    @Test func eachPathIsDeclaredOnce() {
        let templates = SiteRoute.table.map(\.template.description)
        #expect(Set(templates).count == templates.count, "\(templates.sorted())")
    }

    /// Both ways: every API line is a path of the document the server is generated from, and every path there is
    /// a line of the table.
    @Test func apiLinesAreThePathsOfTheOpenAPIDocument() {
        let document = String(decoding: APIDocument.yaml, as: UTF8.self)
        // The keys of `paths:`: indented by two spaces, starting with a slash.
        let paths = document.split(separator: "\n").filter { $0.hasPrefix("  /") && $0.hasSuffix(":") }
            .map { String($0.dropFirst(2).dropLast()) }
        let api = SiteRoute.table.filter { $0.kind == .api }.map(\.template.description)
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

    /// A path matches the line the router's trie would pick: fixed text before a parameter.
    @Test func fixedSegmentsWinOverParameters() throws {
        #expect(try SiteRoute(path: "/free-to-play/hidden") == .catalogHidden)
        #expect(try SiteRoute(path: "/discover/genre") == .discoverChoose)
        #expect(try SiteRoute(path: "/discover/image") == .discoverImage(genre: nil, page: nil, game: nil))
        #expect(try SiteRoute(path: "/discover/games") == .discoverGenre(slug: "games", page: 1))
        #expect(try SiteRoute(path: "/free-to-play/hidden/note") == nil)
    }

    @Test func templatesPrintMatchAndGiveTheRouterItsPattern() {
        let feed = RouteTemplate("/feeds/p/{token}.{format}")
        #expect(feed.routerPattern == "/feeds/p/*")
        #expect(feed.fixedPrefix == "/feeds/p/")
        #expect(feed.match("/feeds/p/abc.atom") == ["token": "abc", "format": "atom"])
        #expect(feed.match("/feeds/p/abc") == nil)
        #expect(feed.path(["token": "abc", "format": "ics"]) == "/feeds/p/abc.ics")
        let image = RouteTemplate("/free-to-play/{id}/images/{index}")
        #expect(image.routerPattern == "/free-to-play/{id}/images/{index}")
        #expect(image.match("/free-to-play/7/images/2") == ["id": "7", "index": "2"])
        #expect(image.match("/free-to-play/7/screens/2") == nil)
        #expect(RouteTemplate("/").match("/") == [:])
        #expect(RouteTemplate("/").routerPattern == "/")
    }

    @Test func apiResourcesAreTheAPILinesOfTheTable() {
        for path in [
            "/api/v1/giveaways", "/api/v1/giveaways/7", "/api/v1/giveaways/abc", "/api/v1/platforms", "/api/v1/status",
            "/api/v1/free-to-play/suggestions", "/api/openapi.yaml",
        ] {
            #expect(SiteRoute.isAPIResource(path), "\(path)")
        }
        for path in ["/api", "/api/v1", "/api/v1/nope", "/api/v1/giveaways/7/x", "/giveaways/7"] {
            #expect(!SiteRoute.isAPIResource(path), "\(path)")
        }
    }
}
