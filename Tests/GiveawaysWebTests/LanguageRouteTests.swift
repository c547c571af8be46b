import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysViews
@testable import GiveawaysWeb

@Suite struct LanguageRouteTests {
    private static func page(
        _ uri: String, _ headers: HTTPFields = [:], client: some TestClientProtocol
    ) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .get, headers: headers)
    }

    @Test func englishIsTheDefaultAndPagesSayWhichLanguageTheyAreIn() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let response = try await Self.page("/", client: client)
            #expect(response.text.contains("<html lang=\"en\">"))
            #expect(response.text.contains("Free right now"))
            #expect(response.headers[.contentLanguage] == "en")
            let vary = try #require(response.headers[.vary])
            #expect(vary.contains("Accept-Language") && vary.contains("Cookie"))
        }
    }

    @Test func acceptLanguageChoosesGermanByQualityAndRegion() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let german = [
                "de", "de-AT", "de-CH,en;q=0.5", "en;q=0.4, de;q=0.9", "fr, de;q=0.8, en;q=0.7", "DE-de",
            ]
            for header in german {
                let response = try await Self.page("/", [.acceptLanguage: header], client: client)
                #expect(response.text.contains("<html lang=\"de\">"), "\(header)")
                #expect(response.headers[.contentLanguage] == "de", "\(header)")
            }
            let english = [
                "en-GB", "fr", "*", "de;q=0, en", "de;q=abc", ";;;,,,q=", "de;q=2",
                String(repeating: "x,", count: 5000),
            ]
            for header in english {
                let response = try await Self.page("/", [.acceptLanguage: header], client: client)
                #expect(response.status == .ok, "\(header.prefix(40))")
                #expect(response.text.contains("<html lang=\"en\">"), "\(header.prefix(40))")
            }
        }
    }

    @Test func theCookieBeatsTheHeaderAndTheQueryBeatsBoth() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let cookie = try await Self.page("/", [.acceptLanguage: "en", .cookie: "lang=de"], client: client)
            #expect(cookie.text.contains("<html lang=\"de\">"))
            let query = try await Self.page("/?lang=en", [.acceptLanguage: "de", .cookie: "lang=de"], client: client)
            #expect(query.text.contains("<html lang=\"en\">"))
            #expect(query.cookies["lang"] == "en", "an explicit choice is remembered")
            let unknown = try await Self.page("/?lang=xx", [.acceptLanguage: "de"], client: client)
            #expect(unknown.status == .ok)
            #expect(unknown.text.contains("<html lang=\"de\">"), "an unknown ?lang= is ignored")
            #expect(unknown.cookies["lang"] == nil)
            let junkCookie = try await Self.page("/", [.cookie: "lang=%%%"], client: client)
            #expect(junkCookie.text.contains("<html lang=\"en\">"))
        }
    }

    @Test func theFooterSwitchRemembersTheLanguageWithoutAProfileAndGoesBack() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let home = try await Self.page("/?platform=steam&lang=de", client: client)
            #expect(home.text.contains("href=\"/language?lang=en&amp;back=/?platform%3Dsteam\""))
            let switched = try await Self.page("/language?lang=de&back=%2F%3Fplatform%3Dsteam", client: client)
            #expect(switched.status == .seeOther)
            #expect(switched.headers[.location] == "/?platform=steam")
            #expect(switched.cookies["lang"] == "de")
            #expect(switched.cookies["gg_profile"] == nil, "choosing a language creates no profile")
            let cookieHeader = try #require(switched.headers[.setCookie])
            #expect(cookieHeader.contains("HttpOnly") && cookieHeader.contains("SameSite=Lax"))
            for back in ["//evil.example/", "https://evil.example/", "/\\evil.example"] {
                let escaped = back.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? back
                let response = try await Self.page("/language?lang=en&back=\(escaped)", client: client)
                #expect(response.headers[.location] == "/", "\(back)")
            }
            let bad = try await Self.page("/language?lang=klingon", client: client)
            #expect(bad.status == .badRequest)
        }
    }

    @Test func theSameAddressIsCachedOncePerLanguage() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let english = try await Self.page("/more", [.acceptLanguage: "en"], client: client)
            let german = try await Self.page("/more", [.acceptLanguage: "de"], client: client)
            let englishAgain = try await Self.page("/more", [.acceptLanguage: "en"], client: client)
            let germanAgain = try await Self.page("/more", [.cookie: "lang=de"], client: client)
            #expect(english.text.contains("More to explore"))
            #expect(german.text.contains("Mehr entdecken"))
            #expect(englishAgain.text == english.text)
            #expect(germanAgain.text == german.text)
            #expect(germanAgain.headers[.contentLanguage] == "de")
            let tags = [english, german].compactMap { $0.headers[.eTag] }
            #expect(tags.count == 2 && tags[0] != tags[1])
            let revalidated = try await client.execute(
                uri: "/more", method: .get, headers: [.acceptLanguage: "de", .ifNoneMatch: tags[0]])
            #expect(revalidated.status == .ok, "the English validator does not match the German page")
        }
    }

    @Test func germanPagesFormatNumbersMoneyDatesAndPlurals() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let details = try await Self.page("/giveaways/3101", [.acceptLanguage: "de"], client: client).text
            #expect(details.contains("<s>19,99 $</s> Gratis"))
            #expect(details.contains("15.230 Personen"))
            #expect(details.contains("datetime=\"2026-04-06T15:00:00Z\" data-t=\"ends\">Endet in 6 Tagen</time>"))
            #expect(details.contains("data-t=\"date\">Mo., 6. Apr. 2026, 15:00 UTC</time>"))
            #expect(details.contains("Jetzt holen"))
            let english = try await Self.page("/giveaways/3101", client: client).text
            #expect(english.contains("<s>$19.99</s> Free"))
            #expect(english.contains("15,230 people"))
            #expect(english.contains("datetime=\"2026-04-06T15:00:00Z\" data-t=\"ends\">Ends in 6 days</time>"))
            #expect(english.contains("data-t=\"date\">Mon 6 Apr 2026, 15:00 UTC</time>"))
            let home = try await Self.page("/", [.acceptLanguage: "de"], client: client).text
            #expect(home.contains("<s>1.299,00 $</s> Gratis"))
            #expect(home.contains("Kein Enddatum"), "no end date: no <time> at all")
            #expect(!home.contains("data-t=\"ends\">Kein Enddatum"))
        }
    }

    @Test func badAddressesAreExplainedInThePageLanguageAndInEnglishByTheAPI() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let page = try await Self.page("/?type=xyz", [.acceptLanguage: "de"], client: client)
            #expect(page.status == .badRequest)
            #expect(page.text.contains("Der Typ muss game, loot oder beta sein, nicht „xyz“."))
            #expect(page.text.contains("Diesen Filter gibt es nicht"))
            let api = try await Self.page("/api/v1/giveaways?type=xyz", [.acceptLanguage: "de"], client: client)
            #expect(api.status == .badRequest)
            #expect(api.text.contains("The type must be game, loot or beta, not “xyz”."))
            let missing = try await Self.page("/giveaways/999999", [.acceptLanguage: "de"], client: client)
            #expect(missing.status == .notFound)
            #expect(missing.text.contains("Es gibt kein Giveaway mit der Nummer 999999."))
        }
    }

    /// One way to make an error message: what a form, a mark or a refused request is told comes from the
    /// catalogue, so a German page says it in German (these were English on every page before).
    @Test func refusedFormsAndMarksAreExplainedInThePageLanguage() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            var browser = Browser()
            let german: HTTPFields = [.acceptLanguage: "de"]
            let heart = try await browser.heart(999_999, on: true, client: client, extra: german)
            #expect(heart.status == .notFound)
            #expect(heart.text.contains("Es gibt kein Giveaway mit der Nummer 999999."))
            let claimed = try await browser.post(
                "/giveaways/999999/mark", "kind=claimed&on=1&back=%2F", client: client, extra: german)
            #expect(claimed.status == .notFound)
            #expect(claimed.text.contains("Es gibt kein Giveaway mit der Nummer 999999."))
            let worth = try await browser.post("/settings", "min_worth=lots", client: client, extra: german)
            #expect(worth.status == .badRequest)
            #expect(worth.text.contains("Der Mindestwert muss ein Betrag in Dollar sein"))
            let sort = try await Self.page("/free-to-play?sort=best", german, client: client)
            #expect(sort.text.contains("Die Sortierung muss popularity, release oder alphabetical sein"))
            let api = try await Self.page("/api/v1/giveaways?include_expired=maybe", german, client: client)
            #expect(api.status == .badRequest)
            #expect(api.text.contains("must be true, false, 1 or 0, not “maybe”"))
        }
    }

    @Test func theTimeScriptGetsItsPhrasesOncePerPage() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            let german = try await Self.page("/", [.acceptLanguage: "de"], client: client).text
            let start = try #require(german.range(of: "<script type=\"application/json\" id=\"time-strings\">"))
            let end = try #require(german.range(of: "</script>", range: start.upperBound..<german.endIndex))
            let json = Data(german[start.upperBound..<end.lowerBound].utf8)
            let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            #expect(object["endsIn"] as? String == "Endet in {span}")
            #expect(object["endedAgo"] as? String == "Endete vor {span}")
            let spanIn = try #require(object["spanIn"] as? [String: [String: String]])
            #expect(spanIn["day"] == ["one": "1 Tag", "other": "{n} Tagen"])
            #expect((object["spanAgo"] as? [String: [String: String]])?["hour"]?["other"] == "{n} Stunden")
            for key in ["endsToday", "endsTomorrow", "endsOn"] { #expect(object[key] is String, "\(key)") }
            // The script writes dates itself (no Intl): names and patterns are the server's own.
            #expect(object["weekdays"] as? [String] == ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."])
            #expect((object["months"] as? [String])?.count == 12)
            #expect(object["dateTime"] as? String == "{weekday}, {day}. {month} {year}, {time}")
            #expect(object["day"] as? String == "{day}. {month} {year}")
            #expect(object["group"] as? String == ".")
        }
    }

    /// The time script's date pattern, filled in, is exactly what the server writes (plus the server's " UTC").
    @Test(arguments: Language.allCases) func theScriptsDatePatternIsTheServers(_ language: Language) throws {
        let strings = language.strings
        let date = Date(timeIntervalSince1970: 1_775_034_000)  // 2026-04-01 09:00 UTC, a Wednesday
        let pattern = strings.format.dateTime("{weekday}", "{day}", "{month}", "{year}", "{time}")
        let filled = pattern.replacingOccurrences(of: "{weekday}", with: strings.format.weekdaysShort[3])
            .replacingOccurrences(of: "{day}", with: "1").replacingOccurrences(
                of: "{month}", with: strings.format.monthsShort[3]
            )
            .replacingOccurrences(of: "{year}", with: "2026").replacingOccurrences(of: "{time}", with: "09:00")
        #expect(strings.date(date) == filled + " UTC")
        #expect(strings.timeScriptJSON.contains(Strings.json(pattern)))
    }

    /// English words that must not be left on a German page (outside the upstream giveaway texts).
    private static let englishUIWords = [
        "Favorites", "Ends in", "Ended", "Settings", "No end date", "Free right now", "Load more", "Claimed",
        "Not interested", "Skip to content", "Sync status", "Search", "Sort", "Everything", "Newest", "Get it",
        "How to claim", "About this giveaway", "Published", "Worth", "See all", "More to explore", "Last attempt",
        "Back to all giveaways", "Nothing here yet", "Save", "Platforms", "Language", "History", "Statistics",
        "Live now", "You claimed", "Week", "Show as table", "Every platform", "Any month", "Subscribe", "Calendar",
        "Your rules", "My stores", "Export my data", "Another device", "Notifications", "Add notification",
        "Webhook address", "every giveaway", "Use a code", "Continue", "That is not a code", "Free to play",
        "Released", "Developer", "Minimum system requirements", "Hide", "Your notes", "Restore", "Hidden games",
        "Cancel", "There is no", "Discover", "Pick a genre", "Change genre", "Next page", "Rating",
        "Developers", "Website", "Game data",
    ]

    @Test func germanPagesLeaveNoEnglishUIText() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            for uri in [
                "/", "/more", "/favorites", "/claimed", "/not-interested", "/status", "/giveaways/3101", "/nope",
                "/history", "/stats", "/settings", "/settings/notifications", "/link?code=nonsense",
            ] {
                try await Self.expectGerman(uri, client: client)
            }
        }
    }

    @Test func germanCatalogPagesLeaveNoEnglishUIText() async throws {
        let harness = try await CatalogRouteTests().harness()
        try await harness.app(catalog: StubCatalog()).test(.router) { client in
            for uri in [
                "/free-to-play", "/free-to-play?genre=mmorpg", "/free-to-play/1", "/free-to-play/hidden",
                "/free-to-play/1/hide", "/free-to-play/999",
            ] {
                try await Self.expectGerman(uri, client: client)
            }
        }
    }

    @Test func germanDiscoverPagesLeaveNoEnglishUIText() async throws {
        let harness = try await WebHarness()
        try await harness.app(discover: StubDiscover()).test(.router) { client in
            for uri in ["/discover", "/discover/action", "/discover/action?page=2", "/discover/games/101"] {
                try await Self.expectGerman(uri, client: client)
            }
            let genres = try await Self.page("/discover", [.acceptLanguage: "de"], client: client).text
            #expect(genres.contains("32.668 Spiele"))
        }
        try await harness.app().test(.router) { client in
            try await Self.expectGerman("/discover", client: client)
        }
    }

    private static func expectGerman(_ uri: String, client: some TestClientProtocol) async throws {
        let html = try await Self.page(uri, [.acceptLanguage: "de"], client: client).text
        #expect(html.contains("<html lang=\"de\">"), "\(uri)")
        let visible = Self.visibleText(
            html,
            upstreamHeading: uri.hasPrefix("/giveaways/") || uri.hasPrefix("/free-to-play/")
                || uri.hasPrefix("/discover/"))
        for word in Self.englishUIWords {
            // Whole words: "Sort" is not in "Sortierung".
            let found = visible.range(of: "\\b\(word)\\b", options: .regularExpression)
            #expect(found == nil, "“\(word)” on \(uri)")
        }
    }

    /// Text a person reads: element content and the attributes screen readers announce, without tags, scripts
    /// or the giveaways' own titles and descriptions.
    private static func visibleText(_ html: String, upstreamHeading: Bool) -> String {
        var text = html
        if upstreamHeading {
            text = text.replacingOccurrences(of: "<h1>[^<]*</h1>", with: " ", options: .regularExpression)
        }
        for pattern in [
            "<script[^>]*>[\\s\\S]*?</script>", "<h3 class=\"card__title\">[^<]*</h3>",
            "<span class=\"carousel__title\">[^<]*</span>", "<div class=\"description\"[\\s\\S]*?</div>",
            "<ol class=\"steps\">[\\s\\S]*?</ol>", "<p class=\"card__text\">[^<]*</p>",
        ] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        var labels: [String] = []
        for attribute in ["aria-label", "alt", "placeholder", "title"] {
            let regex = try? NSRegularExpression(pattern: "\(attribute)=\"([^\"]*)\"")
            let range = NSRange(text.startIndex..., in: text)
            for match in regex?.matches(in: text, range: range) ?? [] {
                if let found = Range(match.range(at: 1), in: text) { labels.append(String(text[found])) }
            }
        }
        text = text.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        return text + " " + labels.joined(separator: " ")
    }
}

@Suite struct TemplateFillTests {
    /// The byte search that fills templates gives what Foundation's `replacingOccurrences` gave, wherever the
    /// placeholder stands and whatever is around it.
    @Test(arguments: [
        "{n} Giveaways", "Noch {n}", "{n}", "", "kein Platzhalter", "{n} von {n}", "{{n}}", "{n",
        "Prämie für {n} Spiele — {n}€", "🎮{n}🎮", "e\u{301}{n}", "{span} {n} {x}",
    ])
    func fillsAsFoundationDid(template: String) {
        for value in ["3", "1.234", "", "{n}", "drei Tage", "ü"] {
            #expect(
                Strings.replacing("{n}", with: value, in: template)
                    == template.replacingOccurrences(of: "{n}", with: value), "\(template) with \(value)")
        }
    }
}

@Suite struct HTMLEscapeTests {
    /// The reference: one scalar at a time, as escaping was written before it copied runs of bytes.
    private func escapedByScalar(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    @Test(arguments: [
        "", "plain", "<script>alert('x')</script>", "&&&", "a\"\u{301}b", "'\u{308}'", "🎮<🎮>", "Pokémon & Café",
        "e\u{301}&", "<", "\u{0}\"\u{FFFF}", "ends with &", "&starts",
    ])
    func escapesAsOneScalarAtATimeDid(text: String) {
        var output = "kept "
        HTML.escape(text, into: &output)
        #expect(Array(output.utf8) == Array(("kept " + escapedByScalar(text)).utf8))
    }
}

@Suite struct PlatformShelfTests {
    private let giveaways = [
        Giveaway.stub(id: 1, platforms: "PC, Steam, Foo", publishedAt: utc("2026-03-01T00:00:00Z")),
        Giveaway.stub(id: 2, platforms: "Steam, GOG", publishedAt: utc("2026-03-02T00:00:00Z")),
        Giveaway.stub(id: 3, platforms: "PC, Epic Games Store", publishedAt: utc("2026-03-02T00:00:00Z")),
        Giveaway.stub(id: 4, platforms: "Foo, Android", publishedAt: utc("2026-03-03T00:00:00Z")),
        Giveaway.stub(id: 5, platforms: "GOG", publishedAt: utc("2026-03-01T00:00:00Z")),
    ]

    private func summary(_ shelves: [PlatformShelf]) -> [String] {
        shelves.map { "\($0.platform.slug) \($0.platform.displayName) \($0.seeAllPath) \($0.giveaways.map(\.id))" }
    }

    /// More's shelves for a visitor whose rules leave a part of the list: the shared grouping filtered is the part
    /// grouped, for every part of the list.
    @Test func theSharedGroupingFilteredIsThePartGrouped() {
        let shared = PlatformShelf.group(giveaways)
        #expect(PlatformShelf.hasOnePlatformPerSlug(giveaways))
        for mask in 1..<(1 << giveaways.count) {
            let part = giveaways.indices.filter { mask & (1 << $0) != 0 }.map { giveaways[$0] }
            let kept = Set(part.map(\.id))
            #expect(summary(PlatformShelf.keeping(kept, of: shared)) == summary(PlatformShelf.group(part)), "\(kept)")
        }
    }

    /// Custom platforms of one slug by different names: the shelf's name depends on the part, so it is not filtered.
    @Test func platformsOfOneSlugByDifferentNamesAreNoticed() {
        let named = giveaways + [Giveaway.stub(id: 6, platforms: "FOO!", publishedAt: utc("2026-03-04T00:00:00Z"))]
        #expect(!PlatformShelf.hasOnePlatformPerSlug(named))
        let shelf = PlatformShelf.group(named).first { $0.platform.slug == "foo" }
        #expect(shelf?.giveaways.map(\.id) == [6, 4, 1])
    }
}
