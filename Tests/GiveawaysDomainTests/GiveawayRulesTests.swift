import Foundation
import GiveawaysTestSupport
import Testing

@testable import GiveawaysDomain

@Suite struct GiveawayRulesTests {
    let steamGame = Giveaway.stub(id: 1, title: "Hollow Stars (Steam) Giveaway", worth: Worth(cents: 1999))
    let epicLoot = Giveaway.stub(
        id: 2, title: "Skyreach Weapon Skin Key", worth: nil, type: .dlc, platforms: "PC, Epic Games Store")
    let beta = Giveaway.stub(id: 3, title: "Café Beta Key", worth: Worth(cents: 0), type: .earlyAccess)

    @Test func noRulesLetEverythingThrough() {
        for giveaway in [steamGame, epicLoot, beta] {
            #expect(GiveawayRules.none.matches(giveaway))
            #expect(GiveawayRules.none.admits(giveaway, marks: .none))
        }
        #expect(GiveawayRules.none.isEmpty)
        #expect(!GiveawayRules(noLoot: true).isEmpty)
    }

    @Test func storesTypesAndLootNarrowTheList() {
        let stores = GiveawayRules(platforms: ["epic-games-store"])
        #expect(!stores.matches(steamGame))
        #expect(stores.matches(epicLoot))

        // Many stores are checked through the set, a few through a list: the same answers.
        let many = GiveawayRules(platforms: Set((1...12).map { "store-\($0)" } + ["epic-games-store"]))
        #expect(!many.matches(steamGame))
        #expect(many.matches(epicLoot))
        #expect(!GiveawayRules(platforms: Set((1...12).map { "store-\($0)" })).matches(epicLoot))

        let types = GiveawayRules(types: [.game, .beta])
        #expect(types.matches(steamGame))
        #expect(!types.matches(epicLoot))
        #expect(types.matches(beta))

        // "No DLC / loot" wins over a type list that includes loot.
        let noLoot = GiveawayRules(types: [.loot, .game], noLoot: true)
        #expect(!noLoot.matches(epicLoot))
        #expect(noLoot.matches(steamGame))
    }

    @Test func aMinimumWorthHidesCheaperAndUnlistedGiveaways() {
        let rules = GiveawayRules(minimumWorth: Worth(cents: 500))
        #expect(rules.matches(steamGame))
        #expect(!rules.matches(epicLoot), "N/A cannot be judged, so it does not pass a minimum")
        #expect(!rules.matches(beta))
        #expect(GiveawayRules(minimumWorth: Worth(cents: 1999)).matches(steamGame), "the minimum itself passes")
    }

    @Test func blockedKeywordsMatchWholeWordsOfTheTitleWhateverTheCaseAndAccents() {
        #expect(!GiveawayRules(blockedKeywords: ["skin"]).matches(epicLoot))
        #expect(!GiveawayRules(blockedKeywords: ["WEAPON skin"]).matches(epicLoot))
        #expect(GiveawayRules(blockedKeywords: ["ski"]).matches(epicLoot), "a part of a word is not the word")
        #expect(!GiveawayRules(blockedKeywords: ["cafe"]).matches(beta))
        #expect(GiveawayRules(blockedKeywords: ["  ", "—"]).matches(beta), "empty keywords block nothing")
    }

    @Test func keywordKeysAreFoundByteForByteWhereverTheyStand() {
        #expect(SearchQuery.contains(" weapon skin key ", " weapon "), "at the start")
        #expect(SearchQuery.contains(" weapon skin key ", " key "), "at the end")
        #expect(SearchQuery.contains(" aaab ", "aab"), "after a partial match")
        #expect(SearchQuery.contains(" pokemon café ", " café "), "past multi-byte letters")
        #expect(!SearchQuery.contains(" weapon skin ", " skins "))
        #expect(!SearchQuery.contains(" a ", " a b "), "longer than the text")
        #expect(SearchQuery.contains("", ""))
        #expect(!SearchQuery.contains("", " "))
        let blocked = Giveaway.stub(id: 3, title: "Pokémon Café: Weapon Skin")
        #expect(!GiveawayRules(blockedKeywords: ["pokemon cafe"]).matches(blocked))
        #expect(GiveawayRules(blockedKeywords: ["mon caf"]).matches(blocked), "parts of words are not words")
    }

    /// Outside ASCII the search is `String.contains` itself: a joining space can be one character with a letter that
    /// prepends (U+0D4E) or a mark that extends (U+0941), and bytes alone would find the keyword there.
    @Test(arguments: [
        (" x\u{0D4E} y ", " y "), (" a \u{0941}b ", " b "), (" café ", " cafe\u{301} "), (" 日本 語 ", " 語 "),
        (" plain words ", " words "), (" plain words ", " word "),
    ])
    func keywordKeysOutsideASCIIAreFoundAsContainsFindsThem(text: String, needle: String) {
        #expect(SearchQuery.contains(text, needle) == text.contains(needle), "\(text) / \(needle)")
    }

    @Test func factsWorkedOutBeforehandGiveTheSameAnswers() {
        var keySite = Giveaway.stub(id: 9, title: "Weapon Skin Key")
        keySite.instructions = "Log in to Alienware Arena."
        let rules = [
            GiveawayRules(blockedKeywords: ["skin"]), GiveawayRules(hideKeySites: true),
            GiveawayRules(blockedKeywords: ["weapon skin"], hideKeySites: true), GiveawayRules(noLoot: true),
        ]
        for giveaway in [steamGame, epicLoot, beta, keySite] {
            let facts = RuleFacts(giveaway)
            for rule in rules {
                #expect(rule.matches(giveaway, facts: facts) == rule.matches(giveaway), "\(giveaway.title) \(rule)")
            }
        }
        #expect(RuleFacts(keySite).keySite == .alienwareArena)
        #expect(RuleFacts(keySite).titleKey == " weapon skin key ")
    }

    @Test func typedKeywordListsAreCleaned() {
        #expect(
            GiveawayRules.keywords(from: " skin, Beta Key\n\nskin\r\nSKIN , café ,") == ["skin", "Beta Key", "café"])
        #expect(GiveawayRules.keywords(from: "") == [])
    }

    @Test func claimedAndNotInterestedAreHiddenOnlyWhenTheRulesSaySo() {
        let marks = VisitorMarks([
            Mark(subject: .giveaway(1), kind: .claimed, createdAt: .now, updatedAt: .now),
            Mark(subject: .giveaway(2), kind: .notInterested, createdAt: .now, updatedAt: .now),
        ])
        #expect(GiveawayRules.none.admits(steamGame, marks: marks))
        #expect(!GiveawayRules(hideClaimed: true).admits(steamGame, marks: marks))
        #expect(GiveawayRules(hideClaimed: true).admits(epicLoot, marks: marks))
        #expect(!GiveawayRules(hideNotInterested: true).admits(epicLoot, marks: marks))
    }

    @Test func rulesSurviveAJSONRoundTrip() throws {
        let rules = GiveawayRules(
            platforms: ["steam", "gog"], types: [.loot], minimumWorth: Worth(cents: 250), noLoot: true,
            blockedKeywords: ["skin"], hideKeySites: true, hideClaimed: true, hideNotInterested: true)
        let data = try JSONEncoder().encode(rules)
        #expect(try JSONDecoder().decode(GiveawayRules.self, from: data) == rules)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Worth.self, from: Data("-5".utf8))
        }
    }

    @Test func endingSoonMeansLiveAndEndingWithinADay() {
        let now = utc("2026-03-31T12:00:00Z")
        func ending(_ text: String?) -> Giveaway { .stub(endsAt: text.map(utc)) }
        #expect(EndingSoon.contains(ending("2026-03-31T12:01:00Z"), at: now))
        #expect(EndingSoon.contains(ending("2026-04-01T12:00:00Z"), at: now), "exactly 24 hours is within")
        #expect(!EndingSoon.contains(ending("2026-04-01T12:00:01Z"), at: now))
        #expect(!EndingSoon.contains(ending("2026-03-31T12:00:00Z"), at: now), "ended")
        #expect(!EndingSoon.contains(ending(nil), at: now), "no end date")
    }
}

@Suite struct KeySiteTests {
    func giveaway(title: String, instructions: String) -> Giveaway {
        var giveaway = Giveaway.stub(title: title)
        giveaway.instructions = instructions
        return giveaway
    }

    @Test(arguments: [
        (
            "Neverwinter Frayed Silken Cloak Key Giveaway",
            "1. Register or log in to your Alienware Arena account.\n2. Click Get Key.", KeySite.alienwareArena
        ),
        ("Blood And Zombies (IndieGala) Giveaway", "1. Login to IndieGala.", .indieGala),
        ("Destiny 2 Emblem Key Giveaway", "1. Log in to your SteelSeries GG account.", .steelSeries),
        ("Lords Mobile Gift Pack Key Giveaway", "1. Login or register on MMOBomb.", .mmobomb),
        ("Some Game Key", "Enter the giveaway on gleam.io and complete the actions.", .gleam),
        ("Exoprimal: Alienware Decal Steam Key Giveaway", "1. Register, then log in.", .alienwareArena),
    ])
    func keySitesAreFoundInTheTitleOrTheSteps(title: String, instructions: String, site: KeySite) {
        #expect(KeySite(detectedIn: giveaway(title: title, instructions: instructions)) == site)
    }

    @Test func storesAndPlainLoginStepsAreNotKeySites() {
        for (title, instructions) in [
            ("Isonzo (Epic Games) Giveaway", "1. Log in to your Epic Games account.\n2. Click Get."),
            ("Rose and Cross (Itch.io) Giveaway", "1. Login to itch.io and click Download."),
            ("Gleaming Swords Giveaway", "1. Create an account on Steam."),
        ] {
            #expect(KeySite(detectedIn: giveaway(title: title, instructions: instructions)) == nil, "\(title)")
        }
        let rules = GiveawayRules(hideKeySites: true)
        #expect(!rules.matches(giveaway(title: "X", instructions: "Visit Alienware Arena")))
        #expect(rules.matches(giveaway(title: "X", instructions: "Visit Steam")))
    }
}

@Suite struct EndingSoonTests {
    @Test func whatAVisitorClaimedIsNeverEndingSoonForThem() {
        let now = utc("2026-03-31T12:00:00Z")
        let giveaway = Giveaway.stub(id: 7, endsAt: utc("2026-03-31T20:00:00Z"))
        let claimed = VisitorMarks([Mark(subject: .giveaway(7), kind: .claimed, createdAt: now, updatedAt: now)])
        let hearted = VisitorMarks([Mark(subject: .giveaway(7), kind: .favorite, createdAt: now, updatedAt: now)])
        #expect(EndingSoon.contains(giveaway, at: now, for: hearted))
        #expect(!EndingSoon.contains(giveaway, at: now, for: claimed))
        #expect(EndingSoon.contains(endingAt: utc("2026-04-01T12:00:00Z"), at: now))
        #expect(!EndingSoon.contains(endingAt: utc("2026-04-01T12:00:01Z"), at: now))
    }
}
