import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysWeb
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite struct FavoriteRouteTests {
    @Test func eachBrowserGetsAnAnonymousProfileInHttpOnlyLaxCookies() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let fields = response.headers[values: .setCookie]
                #expect(fields.count == 2)
                for field in fields {
                    #expect(field.contains("HttpOnly"))
                    #expect(field.contains("SameSite=Lax"))
                    #expect(field.contains("Path=/"))
                }
                #expect(response.cookies["gg_profile"].flatMap(ProfileID.init(rawValue:)) != nil)
            }
            let browser = try await Browser.visit(client)
            try await client.execute(uri: "/", method: .get, headers: browser.cookieHeader) { response in
                #expect(response.headers[values: .setCookie].isEmpty)
            }
            try await client.execute(
                uri: "/", method: .get, headers: [.cookie: "gg_profile=../../etc; gg_csrf=x"]
            ) { response in
                #expect(response.cookies["gg_profile"] != "../../etc")
                #expect(response.cookies["gg_profile"].flatMap(ProfileID.init(rawValue:)) != nil)
            }
        }
    }

    @Test func aHeartIsKeptPerBrowserAndShownOnEveryScreen() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let alice = try await Browser.visit(client)
            let bob = try await Browser.visit(client)
            #expect(alice.profile != bob.profile)

            let response = try await alice.heart(3101, on: true, client: client)
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

            var json = alice.cookieHeader
            json[.accept] = "application/json"
            json[.contentType] = "application/x-www-form-urlencoded"
            try await client.execute(
                uri: "/giveaways/3101/favorite", method: .post, headers: json,
                body: ByteBuffer(string: "csrf=\(alice.csrf)&favorite=0")
            ) { response in
                #expect(response.status == .ok)
                #expect(response.text == "{\"favorite\":false,\"id\":3101}")
            }
            #expect(try await harness.repository.favoriteIDs(profile: ProfileID(rawValue: alice.profile)!).isEmpty)
        }
    }

    @Test func favoritesKeepGiveawaysThatLeftTheFeed() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let alice = try await Browser.visit(client)
            _ = try await alice.heart(3104, on: true, client: client)
            _ = try await harness.repository.saveSync([.stub(id: 1)], at: harness.now)
            try await client.execute(uri: "/favorites", method: .get, headers: alice.cookieHeader) { response in
                #expect(response.text.contains("data-giveaway-id=\"3104\""))
                #expect(response.text.contains("Left the feed"))
            }
        }
    }

    @Test func formsWithoutTheRightTokenOrFromAnotherSiteAreRejected() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let alice = try await Browser.visit(client)
            let bob = try await Browser.visit(client)
            #expect(try await alice.heart(3101, on: true, client: client, token: "").status == .forbidden)
            #expect(try await alice.heart(3101, on: true, client: client, token: bob.csrf).status == .forbidden)
            let crossSite = try await alice.heart(
                3101, on: true, client: client, extra: [.init("Sec-Fetch-Site")!: "cross-site"])
            #expect(crossSite.status == .forbidden)
            #expect(crossSite.text.contains("Cross-site requests cannot change your favorites."))
            let foreignOrigin = try await alice.heart(
                3101, on: true, client: client, extra: [.origin: "https://evil.example"])
            #expect(foreignOrigin.status == .forbidden)
            let nullOrigin = try await alice.heart(3101, on: true, client: client, extra: [.origin: "null"])
            #expect(nullOrigin.status == .forbidden)
            #expect(try await harness.repository.favoriteIDs(profile: ProfileID(rawValue: alice.profile)!).isEmpty)

            let sameSite = try await alice.heart(
                3101, on: true, client: client, extra: [.init("Sec-Fetch-Site")!: "same-origin"])
            #expect(sameSite.status == .seeOther)
        }
    }

    @Test func heartingAnUnknownGiveawayIs404AndRedirectsStayOnSite() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let alice = try await Browser.visit(client)
            #expect(try await alice.heart(777, on: true, client: client).status == .notFound)
            var headers = alice.cookieHeader
            headers[.contentType] = "application/x-www-form-urlencoded"
            for back in ["https%3A%2F%2Fevil.example", "%2F%2Fevil.example", "%2F%5Cevil"] {
                try await client.execute(
                    uri: "/giveaways/3101/favorite", method: .post, headers: headers,
                    body: ByteBuffer(string: "csrf=\(alice.csrf)&favorite=1&back=\(back)")
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
            let alice = try await Browser.visit(client)
            var headers = alice.cookieHeader
            headers[.contentType] = "application/x-www-form-urlencoded"
            try await client.execute(
                uri: "/sync", method: .post, headers: headers,
                body: ByteBuffer(string: "csrf=\(alice.csrf)&back=%2Fmore")
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
            try await client.execute(uri: "/sync", method: .post, headers: headers) { response in
                #expect(response.status == .forbidden)
            }
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
