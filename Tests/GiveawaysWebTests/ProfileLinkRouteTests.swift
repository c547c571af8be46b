import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GiveawaysWeb

/// Another device with a one-time code, and export / import of a visitor's data.
@Suite struct ProfileLinkRouteTests {
    static func code(in html: String) throws -> String {
        let marker = "<p class=\"link-code__code\""
        let part = try #require(html.components(separatedBy: marker).dropFirst().first)
        let text = try #require(part.split(separator: ">", maxSplits: 1).last)
        return String(text.prefix { $0 != "<" })
    }

    @Test func aCodeLinksASecondBrowserOnceAndOnlyOnce() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var phone = Browser()
            _ = try await phone.heart(3101, on: true, client: client)
            let page = try await phone.post("/settings/link-code", "", client: client)
            #expect(page.status == .ok)
            #expect(page.headers[.cacheControl] == "no-store")
            let code = try Self.code(in: page.text)
            #expect(LinkCode(typed: code) != nil)
            #expect(page.text.contains("/link?code=\(code)"))

            // The desktop opens the link: a confirmation first (a GET changes nothing)…
            var desktop = Browser()
            _ = try await desktop.heart(3102, on: true, client: client)
            let desktopOwn = desktop.profile
            let confirm = try await desktop.get("/link?code=\(code)", client: client)
            #expect(confirm.status == .ok)
            #expect(confirm.text.contains("Use this profile"))
            #expect(confirm.text.contains("own 1 mark will no longer show here"))
            // …then the POST switches its cookie to the phone's profile.
            let linked = try await desktop.post("/link", "code=\(code.lowercased())", client: client)
            #expect(linked.status == .seeOther)
            #expect(linked.headers[.location] == "/settings?done=linked")
            #expect(desktop.profile == phone.profile)
            #expect(desktop.profile != desktopOwn)
            let favorites = try await desktop.get("/favorites", client: client).text
            #expect(favorites.contains("data-giveaway-id=\"3101\""))

            // The same code again, a made-up one and a malformed one: clear messages, nothing changes.
            var third = Browser()
            let reused = try await third.post("/link", "code=\(code)", client: client)
            #expect(reused.status == .badRequest)
            #expect(reused.text.contains("already used"))
            #expect(third.profile == nil)
            let unknown = try await third.post("/link", "code=\(LinkCode.random().grouped)", client: client)
            #expect(unknown.text.contains("does not exist"))
            let malformed = try await third.get("/link?code=%3Cscript%3E", client: client)
            #expect(malformed.status == .badRequest)
            #expect(malformed.text.contains("&lt;script&gt;"))
            #expect(!malformed.text.contains("<script>"))
        }
    }

    @Test func anExpiredCodeSaysSo() async throws {
        let harness = try await WebHarness()
        let profiles = ProfileSQLRepository(database: harness.repository.database)
        let code = try await profiles.createLinkCode(for: .random(), at: harness.now.addingTimeInterval(-11 * 60))
        try await harness.app().test(.router) { client in
            var browser = Browser()
            let response = try await browser.post("/link", "code=\(code.rawValue)", client: client)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("expired"))
        }
    }

    @Test func exportAndImportCarryMarksNotesAndRules() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var alice = Browser()
            _ = try await alice.heart(3101, on: true, client: client)
            _ = try await alice.post("/giveaways/3102/mark", "kind=claimed&on=1", client: client)
            _ = try await alice.post("/settings", "store=steam&keywords=skin", client: client)
            let export = try await alice.get("/settings/export", client: client)
            #expect(export.headers[.contentDisposition]?.contains("attachment") == true)
            let file = export.text
            #expect(file.contains("\"format\" : \"gamegiveaways-profile\""))

            var bob = Browser()
            let body = "data=" + (file.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            let imported = try await bob.post("/settings/import", body, client: client)
            #expect(imported.status == .seeOther)
            #expect(imported.headers[.location] == "/settings?done=imported")
            let bobProfile = try #require(bob.profileID)
            #expect(bobProfile.rawValue != alice.profile)
            let marks = try await harness.repository.marks.marks(of: bobProfile)
            #expect(marks.has(.favorite, on: .giveaway(3101)))
            #expect(marks.has(.claimed, on: .giveaway(3102)))
            let settings = try await bob.get("/settings", client: client).text
            #expect(settings.contains("value=\"steam\" checked"))
            #expect(settings.contains(">skin</textarea>"))
        }
    }

    @Test(arguments: [
        "", "not json",
        #"{"format":"something-else","version":1,"exportedAt":"2026-03-31T12:00:00Z","rules":{},"marks":[]}"#,
        #"{"format":"gamegiveaways-profile","version":99,"exportedAt":"2026-03-31T12:00:00Z","rules":{"platforms":[],"types":[],"noLoot":false,"blockedKeywords":[],"hideKeySites":false,"hideClaimed":false,"hideNotInterested":false},"marks":[]}"#,
    ])
    func aBadImportIsRefusedWithAClearMessage(_ file: String) async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var browser = Browser()
            let body = "data=" + (file.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            let response = try await browser.post("/settings/import", body, client: client)
            #expect(response.status == .badRequest)
            #expect(browser.profile == nil)
        }
    }

    @Test func aBadImportIsExplainedInThePageLanguage() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var browser = Browser()
            let german = try await browser.post(
                "/settings/import", "data=not%20json", client: client, extra: [.acceptLanguage: "de-DE"])
            #expect(german.status == .badRequest)
            #expect(german.text.contains("Das ist kein GameGiveaways-Export"))
            let english = try await browser.post("/settings/import", "data=", client: client)
            #expect(english.text.contains("Choose an export file or paste its contents first."))
            let rules = try await browser.post(
                "/settings", "store=nowhere", client: client, extra: [.cookie: "lang=de"])
            #expect(rules.status == .badRequest)
            #expect(rules.text.contains("Einen Store „nowhere“ gibt es nicht."))
        }
    }

    @Test func aNewFeedAddressReplacesTheOldOne() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var browser = Browser()
            #expect(try await browser.get("/settings", client: client).text.contains("Create my feed address"))
            _ = try await browser.post("/settings/feed", "", client: client)
            let first = try await browser.get("/settings", client: client).text
            #expect(first.contains("/feeds/p/"))
            _ = try await browser.post("/settings/feed", "", client: client)
            let second = try await browser.get("/settings?done=feed", client: client).text
            #expect(second.contains("The old one no longer works"))
            let token = { (html: String) in html.components(separatedBy: "/feeds/p/").dropFirst().first?.prefix(32) }
            #expect(token(first) != token(second))
        }
    }
}
