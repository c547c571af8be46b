import Foundation
import GiveawaysAPI
import GiveawaysTestSupport
import GiveawaysWeb
import Hummingbird
import HummingbirdTesting
import Testing

/// The API as `openapi.yaml` describes it: the document served as is, `/api` covering it, and the error shape
/// for 400, 404 and 405.
@Suite struct APIContractTests {
    /// The paths of the document, read simply: the two-space-indented keys under `paths:`.
    static func documentPaths() -> [String] {
        let text = String(decoding: APIDocument.yaml, as: UTF8.self)
        var inPaths = false
        var paths: [String] = []
        for line in text.split(separator: "\n") {
            if !line.hasPrefix(" ") { inPaths = line == "paths:" }
            if inPaths, line.hasPrefix("  /"), !line.hasPrefix("   "), line.hasSuffix(":") {
                paths.append(String(line.dropFirst(2).dropLast()))
            }
        }
        return paths
    }

    static func errorBody(_ response: TestResponse) throws -> (error: String, status: Int) {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
        #expect(object.count == 2)
        return (try #require(object["error"] as? String), try #require(object["status"] as? Int))
    }

    @Test func theDocumentIsServedAsBundled() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/api/openapi.yaml", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("application/yaml") == true)
                #expect(Data(response.body.readableBytesView) == APIDocument.yaml)
            }
        }
        #expect(Self.documentPaths().count == 11)
    }

    @Test func theAPIPageListsEveryPathOfTheDocument() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/api", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                for path in Self.documentPaths() {
                    #expect(response.text.contains("<code>GET \(path)</code>"), "\(path)")
                }
                #expect(response.text.contains("href=\"/api/openapi.yaml\""))
                #expect(
                    response.text.contains(
                        "curl -s 'http://localhost/api/v1/giveaways?q=starlight&amp;sort=popularity'"))
            }
        }
    }

    @Test func otherMethodsOnAPIPathsAre405WithAllow() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            for uri in ["/api/v1/giveaways", "/api/v1/giveaways/3101", "/api/v1/status", "/api/openapi.yaml"] {
                for method in [HTTPRequest.Method.post, .put, .delete, .patch] {
                    try await client.execute(uri: uri, method: method) { response in
                        #expect(response.status == .methodNotAllowed, "\(method) \(uri)")
                        #expect(response.headers[.allow] == "GET, HEAD")
                        #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                        let body = try Self.errorBody(response)
                        #expect(body.status == 405)
                    }
                }
            }
            try await client.execute(uri: "/api/v1/nope", method: .post) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func invalidParametersAre400WithTheErrorShape() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            for uri in [
                "/api/v1/giveaways?sort=cheapest", "/api/v1/giveaways?platform=amiga", "/api/v1/giveaways?ending=1h",
                "/api/v1/giveaways?include_expired=yes", "/api/v1/giveaways/abc",
                "/api/v1/giveaways?q=" + String(repeating: "a", count: 201),
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                    let body = try Self.errorBody(response)
                    #expect(body.status == 400)
                }
            }
            try await client.execute(uri: "/api/v1/giveaways/999999", method: .get) { response in
                #expect(response.status == .notFound)
                let body = try Self.errorBody(response)
                #expect(body.error == "No giveaway with that id." && body.status == 404)
            }
        }
    }

    @Test func anAcceptWithoutJSONIs406WithTheErrorShape() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/platforms", method: .get, headers: [.accept: "text/html"]) {
                response in
                #expect(response.status == .notAcceptable)
                let body = try Self.errorBody(response)
                #expect(body.status == 406)
            }
            try await client.execute(uri: "/api/v1/platforms", method: .get, headers: [.accept: "text/html, */*"]) {
                response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func filterValuesIgnoreLetterCaseAsBefore() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/giveaways?type=GAME&sort=Value&platform=Steam", method: .get) {
                response in
                #expect(response.status == .ok)
            }
        }
    }
}
