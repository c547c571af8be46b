import Foundation
import GiveawaysDomain
import GiveawaysHTTP
import GiveawaysLocalization
import GiveawaysTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GiveawaysViews
@testable import GiveawaysWeb

/// The outside review's findings on form bodies, Host/Origin and profile cookies (issue 20: 1, 6 and 7).
@Suite struct HardeningRouteTests {
    static let host = HTTPField.Name("Host")!

    // MARK: - 1. Form bodies cost what they can legitimately hold

    @Test func anImportLargerThanAnExportIsRefusedBeforeItIsRead() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var browser = Browser()
            // A form past the largest export (12 MB, a collector's library included): refused before it is read.
            let body = "data=" + String(repeating: "%41", count: 13 * 1024 * 1024 / 3)
            let response = try await browser.post("/settings/import", body, client: client)
            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains("The form is too large."))
            #expect(browser.profile == nil)
        }
    }

    @Test func aFormWithMoreFieldsThanAnyFormIsRefused() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var browser = Browser()
            let body = String(repeating: "a=&", count: 2_000) + "favorite=1"
            let response = try await browser.post("/giveaways/3101/favorite", body, client: client)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("more fields than any form"))
        }
    }

    @Test func theParserDecodesInOnePassAndDropsBrokenPairs() {
        let pairs = FormBody.parsePairs(
            bytes: Array("a=1&b=two+words&c=%E2%82%AC&d=%ZZ&e=%C3&f&=x&&g=%2".utf8), limit: 10)
        #expect(pairs?.map(\.name) == ["a", "b", "c", "f", ""])
        #expect(pairs?.map(\.value) == ["1", "two words", "€", "", "x"])
        #expect(FormBody.parsePairs(bytes: Array(String(repeating: "a=&", count: 11).utf8), limit: 10) == nil)
        // A megabyte of '+' (12.7 s of CPU for 12 MiB before) is one field of spaces.
        let spaces = FormBody.parsePairs(bytes: [UInt8](repeating: UInt8(ascii: "+"), count: 1 << 20), limit: 10)
        #expect(spaces?.first?.name.count == 1 << 20)
    }

    @Test func theImportFormSendsTheFileAsItIsInMultipart() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var alice = Browser()
            _ = try await alice.heart(3101, on: true, client: client)
            let file = try await alice.get("/settings/export", client: client).text
            #expect(try await alice.get("/settings", client: client).text.contains("enctype=\"multipart/form-data\""))

            var bob = Browser()
            let boundary = "----gg\(UInt32.random(in: 0...UInt32.max))"
            let body = [
                "--\(boundary)", "Content-Disposition: form-data; name=\"file\"; filename=\"export.json\"",
                "Content-Type: application/json", "", file,
                "--\(boundary)", "Content-Disposition: form-data; name=\"data\"", "", "",
                "--\(boundary)--", "",
            ].joined(separator: "\r\n")
            let response = try await bob.post(
                "/settings/import", body, client: client,
                extra: [.contentType: "multipart/form-data; boundary=\(boundary)"])
            #expect(response.status == .seeOther)
            let marks = try await harness.repository.marks.marks(of: try #require(bob.profileID))
            #expect(marks.has(.favorite, on: .giveaway(3101)))
        }
    }

    @Test func multipartBodiesAreParsedOrRefusedInOnePass() throws {
        let boundary = Array("xyz".utf8)
        let body = Array("--xyz\r\nContent-Disposition: form-data; name=\"data\"\r\n\r\n{\"a\":1}\r\n--xyz--\r\n".utf8)
        #expect(MultipartForm(body: body, boundary: boundary)?.text("data") == "{\"a\":1}")
        // Near-boundaries everywhere, and no closing one: refused, after one pass.
        let hostile = Array(String(repeating: "\r\n--xy", count: 100_000).utf8)
        #expect(MultipartForm(body: hostile, boundary: boundary) == nil)
        #expect(MultipartForm.boundary(of: "multipart/form-data; boundary=\"a b\"") == Array("a b".utf8))
        #expect(MultipartForm.boundary(of: "application/x-www-form-urlencoded") == nil)
    }

    @Test func oneClientGetsAFewImportsThenOneEveryTenSeconds() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<7 {
                var browser = Browser()  // a fresh profile each time: the limit is the client's, not the profile's
                statuses.append(try await browser.post("/settings/import", "data=not%20json", client: client).status)
            }
            #expect(statuses.prefix(6).allSatisfy { $0 == .badRequest })
            #expect(statuses.last == .tooManyRequests)
        }
    }

    @Test func aBodyThatTricklesInIsCutOffAtItsDeadline() async throws {
        // A body that never ends, as a sender who trickles a byte a minute would send it.
        let (bytes, continuation) = AsyncStream.makeStream(of: ByteBuffer.self)
        continuation.yield(ByteBuffer(string: "data="))
        let request = Request(
            head: .init(method: .post, scheme: "http", authority: "localhost", path: "/settings/import"),
            body: RequestBody(asyncSequence: bytes))
        let started = ContinuousClock.now
        let error = await #expect(throws: AppError.self) {
            _ = try await FormBody.collect(
                request, maxBytes: 1024, strings: Language.standard.strings, within: .milliseconds(200))
        }
        #expect(error?.status == .requestTimeout)
        #expect(ContinuousClock.now - started < .seconds(30), "the read stopped instead of waiting for the body")
        continuation.finish()
    }

    @Test func expensiveWorkIsBoundedPerServerAndPerProfile() async throws {
        let gate = WorkGate(limit: 2)
        let alice = ProfileID.random()
        let (entered, release) = AsyncStream.makeStream(of: Void.self)
        let (waiting, hold) = AsyncStream.makeStream(of: Void.self)
        let first = Task {
            await gate.run(for: alice) {
                release.yield()
                for await _ in waiting { break }
                return 1
            }
        }
        for await _ in entered { break }
        #expect(await gate.run(for: alice) { 2 } == nil, "one at a time per profile")
        #expect(await gate.run(for: nil) { 3 } == 3, "room for another visitor")
        hold.yield()
        #expect(await first.value == 1)
        #expect(await gate.run(for: alice) { 4 } == 4, "free again afterwards")
    }

    // MARK: - 6. Host and Origin

    @Test func aRebindingShapedPostIsRefused() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var browser = Browser()
            // Host and Origin both the attacker's name: same-origin in the browser's eyes, accepted before.
            let response = try await browser.heart(
                3101, on: true, client: client,
                extra: [Self.host: "evil.example:8080", .origin: "http://evil.example:8080"])
            #expect(response.status == .forbidden)
            #expect(response.text.contains("does not answer to that name"))
            #expect(browser.profile == nil)
        }
    }

    @Test func anOriginWithAnotherSchemeOrPortIsRefused() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var browser = Browser()
            for origin in ["https://127.0.0.1:8080", "http://127.0.0.1:8081", "http://127.0.0.1"] {
                let response = try await browser.heart(
                    3101, on: true, client: client, extra: [Self.host: "127.0.0.1:8080", .origin: origin])
                #expect(response.status == .forbidden, "\(origin)")
            }
            let same = try await browser.heart(
                3101, on: true, client: client, extra: [Self.host: "127.0.0.1:8080", .origin: "http://127.0.0.1:8080"])
            #expect(same.status == .seeOther)
            let behindProxy = try await browser.heart(
                3102, on: true, client: client,
                extra: [Self.host: "127.0.0.1", .origin: "https://127.0.0.1", .init("X-Forwarded-Proto")!: "https"])
            #expect(behindProxy.status == .seeOther)
        }
    }

    @Test func thePublicURLIsTheOnlyNameForLinksAndForms() async throws {
        let harness = try await WebHarness()
        var configuration = harness.configuration
        configuration.publicURL = URL(string: "https://games.example.org")
        try await harness.app(configuration: configuration).test(.router) { client in
            var browser = Browser()
            let accepted = try await browser.heart(
                3101, on: true, client: client,
                extra: [Self.host: "games.example.org", .origin: "https://games.example.org"])
            #expect(accepted.status == .seeOther)
            let refused = try await browser.heart(
                3101, on: true, client: client, extra: [Self.host: "other.example.org"])
            #expect(refused.status == .forbidden)
            // Feeds' absolute links never take a request's name.
            let feed = try await client.execute(
                uri: "/feeds/giveaways.atom", method: .get, headers: [Self.host: "evil.example"])
            #expect(feed.text.contains("https://games.example.org/"))
            #expect(!feed.text.contains("evil.example"))
        }
    }

    @Test func withoutAPublicURLLinksUseOnlyAllowedNames() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let evil = try await client.execute(
                uri: "/feeds/giveaways.atom", method: .get, headers: [Self.host: "evil.example"])
            #expect(!evil.text.contains("evil.example"), "Atom ids used the request's host before")
            let loopback = try await client.execute(
                uri: "/feeds/giveaways.atom", method: .get, headers: [Self.host: "127.0.0.1:8123"])
            #expect(loopback.text.contains("http://127.0.0.1:8123/"))
        }
    }

    @Test func allowedHostsAreParsedStrictly() {
        let site = SiteAddress(allowedHosts: ["games.lan"])
        for allowed in ["localhost:8080", "127.0.0.1", "192.168.1.20:8080", "[::1]:8080", "games.lan", "GAMES.LAN."] {
            #expect(site.allows(authority: allowed), "\(allowed)")
        }
        for refused in ["evil.example", "127.0.0.1.nip.io", "2130706433", "games.lan.evil", "", "a:b:c", "[::1"] {
            #expect(!site.allows(authority: refused), "\(refused)")
        }
    }

    // MARK: - 7. Only ids the server issued carry data

    @Test func aProfileIdTheServerNeverIssuedIsNotAdopted() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let madeUp = ProfileID.random()
            var browser = Browser(profile: madeUp.rawValue)
            let response = try await browser.heart(3101, on: true, client: client)
            #expect(response.status == .seeOther)
            // The answer gives the browser a fresh, signed profile; nothing is written under the made-up id.
            #expect(browser.profileID != madeUp)
            #expect(browser.profile?.contains(".") == true)
            #expect(try await harness.repository.favoriteIDs(profile: madeUp).isEmpty)
            #expect(try await harness.repository.favoriteIDs(profile: try #require(browser.profileID)) == [3101])
        }
    }

    @Test func aTamperedSignatureIsNoProfile() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var alice = Browser()
            _ = try await alice.heart(3101, on: true, client: client)
            var mallory = Browser()
            _ = try await mallory.heart(3102, on: true, client: client)
            // Alice's id with Mallory's signature.
            let forged =
                try #require(alice.profileID).rawValue + "." + (mallory.profile?.split(separator: ".").last ?? "")
            let page = try await client.execute(
                uri: "/favorites", method: .get, headers: [.cookie: "gg_profile=\(forged)"])
            #expect(!page.text.contains("aria-pressed=\"true\""))
            let cookies = ProfileCookies(key: Array(repeating: 7, count: 32))
            let value = cookies.value(for: try #require(alice.profileID))
            #expect(cookies.read(value) == .signed(try #require(alice.profileID)))
            #expect(ProfileCookies(key: Array(repeating: 8, count: 32)).read(value) == .invalid)
        }
    }

    @Test func anEarlierReleasesCookieKeepsItsDataAndIsSignedFromNowOn() async throws {
        let harness = try await WebHarness()
        // A profile from an earlier release: marks under a bare id, and the browser still sends that bare id.
        let legacy = ProfileID.random()
        try await harness.repository.marks.setMark(
            .favorite, on: .giveaway(3101), profile: legacy, text: nil, at: harness.now)
        try await harness.app().test(.router) { client in
            let page = try await client.execute(
                uri: "/favorites", method: .get, headers: [.cookie: "gg_profile=\(legacy.rawValue)"])
            #expect(page.text.contains("aria-pressed=\"true\""))
            let upgraded = try #require(page.cookies["gg_profile"])
            #expect(upgraded.hasPrefix(legacy.rawValue + "."))
            var browser = Browser(profile: upgraded)
            _ = try await browser.heart(3102, on: true, client: client)
            #expect(try await harness.repository.favoriteIDs(profile: legacy) == [3101, 3102])
        }
    }
}
