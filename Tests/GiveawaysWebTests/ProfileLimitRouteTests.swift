import Foundation
import GiveawaysData
import GiveawaysDomain
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysWeb

/// A profile stays within `ProfileLimits` whichever route writes — hearts, marks, notes, imports, link codes — and
/// the visitor is told which limit was reached (400, in the page's language).
@Suite struct ProfileLimitRouteTests {
    /// An export file of `count` favorites on giveaways `first…`, written compactly (as any tool might).
    func exportFile(_ count: Int, from first: Int) -> String {
        let marks = (first..<first + count).map {
            #"{"subject":"giveaway","id":\#($0),"kind":"favorite","createdAt":"2026-03-31T12:00:00Z","updatedAt":"2026-03-31T12:00:00Z"}"#
        }
        return #"{"format":"gamegiveaways-profile","version":1,"exportedAt":"2026-03-31T12:00:00Z","#
            + #""rules":{"platforms":[],"types":[],"noLoot":false,"blockedKeywords":[],"hideKeySites":false,"#
            + #""hideClaimed":false,"hideNotInterested":false},"marks":["# + marks.joined(separator: ",") + "]}"
    }

    func importBody(_ file: String) -> String {
        "data=" + (file.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }

    /// Fills the browser's profile to `ProfileLimits.marks` (its heart on 3101 plus favorites far away).
    func fill(_ browser: Browser, _ harness: WebHarness) async throws {
        let id = try #require(browser.profileID)
        let rest = (1..<ProfileLimits.marks).map {
            Mark(subject: .giveaway(1_000_000 + $0), kind: .favorite, createdAt: harness.now, updatedAt: harness.now)
        }
        try await ProfileSQLRepository(database: harness.repository.database).importProfile(
            ProfileExport(marks: rest, rules: .none), into: id, at: harness.now)
    }

    @Test func repeatedImportsKeepTheProfileWithinItsLimit() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var visitor = Browser()
            let first = try await visitor.post(
                "/settings/import", importBody(exportFile(ProfileLimits.marks, from: 1)), client: client)
            #expect(first.status == .seeOther)
            for round in 1...3 {
                let again = try await visitor.post(
                    "/settings/import", importBody(exportFile(ProfileLimits.marks, from: round * 100_000)),
                    client: client)
                #expect(again.status == .badRequest)
                #expect(again.text.contains("Nothing was imported: that would take your profile past 5,000 marks"))
            }
            let id = try #require(visitor.profileID)
            #expect(try await harness.repository.marks.marks(of: id).all.count == ProfileLimits.marks)
            // One file alone holds no more than a profile may.
            var other = Browser()
            let tooLong = try await other.post(
                "/settings/import", importBody(exportFile(ProfileLimits.marks + 1, from: 1)), client: client)
            #expect(tooLong.status == .badRequest)
            #expect(tooLong.text.contains("That export holds more than 5000 marks."))
        }
    }

    @Test func clicksPastTheMarkLimitGetTheMessage() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var visitor = Browser()
            _ = try await visitor.heart(3101, on: true, client: client)
            try await fill(visitor, harness)
            let heart = try await visitor.heart(3102, on: true, client: client)
            #expect(heart.status == .badRequest)
            #expect(heart.text.contains("Your profile holds the most marks it can keep (5,000)."))
            let claimed = try await visitor.post(
                "/giveaways/3102/mark", "kind=claimed&on=1", client: client, extra: [.acceptLanguage: "de"])
            #expect(claimed.status == .badRequest)
            #expect(claimed.text.contains("Dein Profil enthält so viele Markierungen, wie es behalten kann (5.000)."))
            let id = try #require(visitor.profileID)
            #expect(try await harness.repository.marks.marks(of: id).all.count == ProfileLimits.marks)
            // Taking one away always works, and makes room for one.
            #expect(try await visitor.heart(3101, on: false, client: client).status == .seeOther)
            #expect(try await visitor.heart(3102, on: true, client: client).status == .seeOther)
        }
    }

    @Test func notesPastTheTextLimitGetTheMessage() async throws {
        let harness = try await WebHarness()
        _ = try await CatalogSQLRepository(database: harness.repository.database).saveCatalog(
            CatalogRouteTests.games, at: harness.now)
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            var visitor = Browser()
            #expect(try await visitor.post("/free-to-play/2/note", "note=first", client: client).status == .seeOther)
            let id = try #require(visitor.profileID)
            let note = String(repeating: "n", count: 4000)
            let notes = (1...(ProfileLimits.textBytes / 4000)).map {
                Mark(
                    subject: .game(1_000 + $0), kind: .note, text: note, createdAt: harness.now, updatedAt: harness.now)
            }
            try await ProfileSQLRepository(database: harness.repository.database).importProfile(
                ProfileExport(marks: notes, rules: .none), into: id, at: harness.now)
            let long = try await visitor.post(
                "/free-to-play/2/note", "note=" + String(repeating: "x", count: 4000), client: client)
            #expect(long.status == .badRequest)
            #expect(long.text.contains("Your notes hold the most text a profile can keep (1 MB)"))
            let stored = try await harness.repository.marks.marks(of: id)
            #expect(stored.mark(.note, on: .game(2))?.text == "first")
            #expect(stored.all.reduce(0) { $0 + ($1.text?.utf8.count ?? 0) } <= ProfileLimits.textBytes)
        }
    }

    @Test func linkCodesAreBoundedPerProfile() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var visitor = Browser()
            for _ in 0..<ProfileLimits.liveLinkCodes {
                #expect(try await visitor.post("/settings/link-code", "", client: client).status == .ok)
            }
            let refused = try await visitor.post("/settings/link-code", "", client: client)
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("You have 5 link codes that still work"))
        }
    }
}
