import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GiveawaysWeb

@Suite struct FavoriteRouteTests {
    @Test func aBrowserGetsAnAnonymousProfileCookieOnItsFirstHeartOnly() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.headers[values: .setCookie].isEmpty)  // reading needs no profile
            }
            var browser = Browser()
            let first = try await browser.heart(3101, on: true, client: client)
            let fields = first.headers[values: .setCookie]
            #expect(fields.count == 1)
            for field in fields {
                #expect(field.contains("HttpOnly"))
                #expect(field.contains("SameSite=Lax"))
                #expect(field.contains("Path=/"))
            }
            #expect(browser.profileID != nil)
            let second = try await browser.heart(3102, on: true, client: client)
            #expect(second.headers[values: .setCookie].isEmpty)
            #expect(
                try await harness.repository.favoriteIDs(profile: browser.profileID!) == [
                    3101, 3102,
                ])

            // A forged or malformed profile cookie is ignored: the browser gets a fresh profile instead.
            var forged = Browser(profile: "../../etc/passwd")
            _ = try await forged.heart(3101, on: true, client: client)
            #expect(forged.profile != "../../etc/passwd")
            #expect(forged.profileID != nil)
        }
    }

    @Test func aHeartIsKeptPerBrowserAndShownOnEveryScreen() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var alice = Browser()
            var bob = Browser()
            _ = try await bob.heart(3105, on: false, client: client)
            #expect(bob.profile != nil)

            let response = try await alice.heart(3101, on: true, client: client)
            #expect(alice.profile != bob.profile)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/favorites")

            for uri in ["/", "/giveaways/3101", "/more", "/favorites"] {
                try await client.execute(uri: uri, method: .get, headers: alice.cookieHeader) { response in
                    #expect(response.text.contains("aria-pressed=\"true\""), "\(uri)")
                }
                try await client.execute(uri: uri, method: .get, headers: bob.cookieHeader) { response in
                    #expect(!response.text.contains("aria-pressed=\"true\""), "\(uri)")
                }
            }
            try await client.execute(uri: "/favorites", method: .get, headers: bob.cookieHeader) { response in
                #expect(response.text.contains("No favorites yet"))
            }

            let json = try await alice.heart(3101, on: false, client: client, extra: [.accept: "application/json"])
            #expect(json.status == .ok)
            #expect(json.text == "{\"favorite\":false,\"id\":3101}")
            #expect(try await harness.repository.favoriteIDs(profile: alice.profileID!).isEmpty)
        }
    }

    @Test func favoritesKeepGiveawaysThatLeftTheFeed() async throws {
        let harness = try await WebHarness()
        try await harness.app(source: StubSource(result: .success([.stub(id: 1)]))).test(.router) { client in
            var alice = Browser()
            _ = try await alice.heart(3104, on: true, client: client)
            // A sync (through the app's Retry, as a visitor would) in which 3104 is gone.
            var headers = alice.cookieHeader
            headers[.contentType] = "application/x-www-form-urlencoded"
            headers[.init("Sec-Fetch-Site")!] = "same-origin"
            _ = try await client.execute(
                uri: "/sync", method: .post, headers: headers, body: ByteBuffer(string: "back=/"))
            var html = ""
            for _ in 0..<100 where !html.contains("Left the feed") {
                try await Task.sleep(for: .milliseconds(20))
                html = try await client.execute(uri: "/favorites", method: .get, headers: alice.cookieHeader) {
                    $0.text
                }
            }
            #expect(html.contains("data-giveaway-id=\"3104\""))
            #expect(html.contains("Left the feed"))
        }
    }

    @Test func postsFromAnotherSiteAreRejected() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var alice = Browser()
            _ = try await alice.heart(3105, on: true, client: client)
            for extra: HTTPFields in [
                [.init("Sec-Fetch-Site")!: "cross-site"], [.init("Sec-Fetch-Site")!: "same-site"],
            ] {
                let response = try await alice.heart(3101, on: true, client: client, extra: extra)
                #expect(response.status == .forbidden)
                #expect(response.text.contains("Requests from another site cannot change your data."))
            }
            // Without Fetch Metadata, the Origin must be this host.
            for origin in ["https://evil.example", "null", "http://localhost.evil.example"] {
                var headers = alice.cookieHeader
                headers[.contentType] = "application/x-www-form-urlencoded"
                headers[.origin] = origin
                try await client.execute(
                    uri: "/giveaways/3101/favorite", method: .post, headers: headers,
                    body: ByteBuffer(string: "favorite=1")
                ) { response in
                    #expect(response.status == .forbidden, "\(origin)")
                }
            }
            for uri in ["/sync"] {
                try await client.execute(
                    uri: uri, method: .post, headers: [.init("Sec-Fetch-Site")!: "cross-site"]
                ) { response in
                    #expect(response.status == .forbidden)
                }
            }
            #expect(try await harness.repository.favoriteIDs(profile: alice.profileID!) == [3105])
        }
    }

    @Test func heartingAnUnknownGiveawayIs404AndRedirectsStayOnSite() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var alice = Browser()
            #expect(try await alice.heart(777, on: true, client: client).status == .notFound)
            var headers = alice.cookieHeader
            headers[.contentType] = "application/x-www-form-urlencoded"
            headers[.init("Sec-Fetch-Site")!] = "same-origin"
            for back in ["https%3A%2F%2Fevil.example", "%2F%2Fevil.example", "%2F%5Cevil"] {
                try await client.execute(
                    uri: "/giveaways/3101/favorite", method: .post, headers: headers,
                    body: ByteBuffer(string: "favorite=1&back=\(back)")
                ) { response in
                    #expect(response.headers[.location] == "/giveaways/3101", "\(back)")
                }
            }
        }
    }

    @Test func retryStartsASyncAndGoesBack() async throws {
        let harness = try await WebHarness()
        let source = StubSource(result: .success([.stub(id: 77, title: "Fresh One")]))
        try await harness.app(source: source).test(.router) { client in
            let headers: HTTPFields = [
                .contentType: "application/x-www-form-urlencoded", .init("Sec-Fetch-Site")!: "same-origin",
            ]
            try await client.execute(
                uri: "/sync", method: .post, headers: headers, body: ByteBuffer(string: "back=%2Fmore")
            ) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/more")
            }
            var found = false
            for _ in 0..<50 where !found {
                try await Task.sleep(for: .milliseconds(50))
                found = try await client.execute(uri: "/", method: .get) { $0.text.contains("Fresh One") }
            }
            #expect(found)
        }
    }
}

@Suite struct APIRouteTests {
    @Test func listMirrorsTheHomeFilters() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/api/v1/giveaways?platform=steam&sort=popularity", method: .get) {
                response in
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let items = try #require(
                    try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [[String: Any]])
                #expect(items.compactMap { $0["id"] as? Int } == [3102, 3103])
            }
            try await client.execute(uri: "/api/v1/giveaways?include_expired=true", method: .get) { response in
                #expect(response.text.contains("\"id\":2001"))
            }
            try await client.execute(uri: "/api/v1/giveaways?type=nope", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(response.text.contains("\"error\":\"The type must be game, loot or beta"))
            }
            try await client.execute(uri: "/api/v1/giveaways/3101", method: .get) { response in
                #expect(response.text.contains("\"feedPeriods\":[{"))
            }
            try await client.execute(uri: "/api/v1/giveaways/5", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            }
            try await client.execute(uri: "/api/v1/platforms", method: .get) { response in
                let items = try #require(
                    try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [[String: Any]])
                #expect(items.count == 19)
                #expect(items.first?["name"] as? String == "PC")
            }
        }
    }
}

@Suite struct FormBodyTests {
    @Test func brokenPercentEncodingIsDroppedNotFatal() {
        #expect(FormBody.parse("favorite=%ZZ&back=%2Fmore") == ["back": "/more"])
        #expect(FormBody.parse("a=1&a=2&b=two+words&c&=x&%FF=1") == ["a": "1", "b": "two words", "c": "", "": "x"])
        #expect(FormBody.parse("\u{FFFD}\u{0}=%00") == ["\u{FFFD}\u{0}": "\u{0}"])
    }
}
