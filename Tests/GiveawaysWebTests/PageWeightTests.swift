import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysWeb

/// Home's weight (BENCHMARKS.md §4): cards post through one shared form, and a huge feed grows with "Load more".
@Suite struct PageWeightTests {
    /// One form per card holds its heart and both marks, in a group named by the title: no hidden field, no title
    /// repeated in each button, no icon markup.
    @Test func aCardsThreeButtonsShareOneFormInAGroupNamedByItsTitle() async throws {
        let harness = try await WebHarness(seed: false)
        _ = try await harness.repository.saveSync((1...20).map { Giveaway.stub(id: $0) }, at: harness.now)
        try await harness.app().test(.router) { client in
            let html = try await client.execute(uri: "/?type=game", method: .get) { $0.text }
            let card = try #require(
                html.components(separatedBy: "data-giveaway-id=\"7\"").dropFirst().first?
                    .components(separatedBy: "</article>").first)
            #expect(card.contains("<h3 class=\"card__title\" id=\"t7\">"))
            #expect(
                card.contains(
                    "<div class=\"card__marks\" role=\"group\" aria-labelledby=\"t7\"><form method=\"post\" action=\"/giveaways/7/mark\"><button class=\"heart\" name=\"favorite\" value=\"1\" aria-pressed=\"false\" aria-label=\"Save\"></button>"
                ))
            #expect(card.contains(">Claimed</button>") && card.contains(">Not interested</button>"))
            #expect(card.components(separatedBy: "<form").count == 2)
            #expect(!card.contains("type=\"hidden\"") && !card.contains("<svg"))

            // Without JavaScript a press is the button's own name and value; the answer goes back where it came from.
            var browser = Browser()
            let from: HTTPFields = [.referer: "http://localhost:8080/?type=game"]
            let heart = try await browser.post("/giveaways/7/mark", "favorite=1", client: client, extra: from)
            #expect(heart.status == .seeOther)
            #expect(heart.headers[.location] == "/?type=game")
            let mark = try await browser.post("/giveaways/7/mark", "claimed=1", client: client, extra: from)
            #expect(mark.headers[.location] == "/?type=game")
            let elsewhere = try await browser.post("/giveaways/7/mark", "claimed=1", client: client)
            #expect(elsewhere.headers[.location] == "/giveaways/7")
            let after = try await client.execute(uri: "/?type=game", method: .get, headers: browser.cookieHeader) {
                $0.text
            }
            #expect(after.contains("name=\"favorite\" value=\"0\" aria-pressed=\"true\""))
            #expect(after.contains("aria-pressed=\"true\" name=\"claimed\" value=\"0\""))
            let json = try await browser.post(
                "/giveaways/7/mark", "favorite=0", client: client, extra: [.accept: "application/json"])
            #expect(json.text == #"{"id":7,"kind":"favorite","on":false}"#)
        }
    }

    @Test func aHugeFeedShowsItsFirstThreeHundredThenLoadMore() async throws {
        let harness = try await WebHarness(seed: false)
        let count = Defaults.homePageSize + 10
        let live = (1...count).map {
            Giveaway.stub(id: $0, publishedAt: Date(timeIntervalSince1970: 1_774_000_000 + Double($0)))
        }
        _ = try await harness.repository.saveSync(live, at: harness.now)
        try await harness.app().test(.router) { client in
            let first = try await client.execute(uri: "/", method: .get) { response in
                #expect(response.text.contains("<strong>\(count)</strong> giveaways"))
                #expect(response.text.contains("href=\"/?page=2#item-\(Defaults.homePageSize + 1)\" data-load-more"))
                return PageRouteTests.cardIDs(response.text)
            }
            #expect(first == Array((11...count).reversed()))
            let second = try await client.execute(uri: "/?page=2", method: .get) { response in
                #expect(!response.text.contains("data-load-more"))
                #expect(response.text.contains("id=\"item-\(Defaults.homePageSize + 1)\""))
                return PageRouteTests.cardIDs(response.text)
            }
            #expect(second == Array((1...count).reversed()))
            // A filter starts again from the first page; feeds never carry the page.
            let page = try await client.execute(uri: "/?page=2", method: .get) { $0.text }
            #expect(page.contains("href=\"/?type=game\"") && page.contains("href=\"/feeds/giveaways.atom\""))
            try await client.execute(uri: "/?page=0", method: .get) { #expect($0.status == .badRequest) }
        }
    }
}
