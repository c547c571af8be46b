import GiveawaysDomain
import Testing

@Suite struct PlatformTests {
    @Test func catalogHasEighteenPlatformsWithUniqueSlugsAndNames() {
        #expect(Platform.catalog.count == 18)
        #expect(Set(Platform.catalog.map(\.slug)).count == 18)
        #expect(Set(Platform.catalog.map(\.displayName)).count == 18)
        for slug in [
            "pc", "steam", "epic-games-store", "ubisoft", "gog", "itchio", "ps4", "ps5", "xbox-one", "xbox-series-xs",
            "switch", "android", "ios", "vr", "battlenet", "origin", "drm-free", "xbox-360",
        ] {
            #expect(Platform.known(slug: slug) != nil, "missing \(slug)")
        }
    }

    @Test func everyDisplayNameMapsBackToItsSlug() {
        for platform in Platform.catalog {
            #expect(Platform(displayName: platform.displayName) == platform)
        }
    }

    @Test(arguments: [
        ("PC, Steam", ["pc", "steam"]),
        ("PC,Steam", ["pc", "steam"]),
        ("  PC ,  Epic Games Store ,", ["pc", "epic-games-store"]),
        ("Playstation 4, Xbox Series X|S, Nintendo Switch", ["ps4", "xbox-series-xs", "switch"]),
        ("Itch.io, DRM-Free, Ubisoft Connect", ["itchio", "drm-free", "ubisoft"]),
        ("PC, PC, Steam", ["pc", "steam"]),
        ("", []),
    ])
    func platformsStringIsSplitOnCommasAndTrimmed(text: String, slugs: [String]) {
        #expect(Platform.parseList(text).map(\.slug) == slugs)
    }

    @Test func unknownDisplayNamesAreKeptWithADerivedSlug() {
        let platforms = Platform.parseList("PC, Hyperspace Store, Café Arcade!")
        #expect(platforms.map(\.displayName) == ["PC", "Hyperspace Store", "Café Arcade!"])
        #expect(platforms.map(\.slug) == ["pc", "hyperspace-store", "cafe-arcade"])
        #expect(platforms.map(\.isKnown) == [true, false, false])
        #expect(Platform(displayName: "???").slug == "other")
    }

    @Test func knownPlatformsSortBeforeUnknownOnes() {
        let sorted = Platform.parseList("Zeta Store, Android, PC, Alpha Store").sorted()
        #expect(sorted.map(\.displayName) == ["PC", "Android", "Alpha Store", "Zeta Store"])
    }

    @Test func spellingVariantsMapToTheSamePlatform() {
        #expect(Platform(displayName: "epic games store").slug == "epic-games-store")
        #expect(Platform(displayName: "Xbox Series X/S").slug == "xbox-series-xs")
        #expect(Platform(displayName: "Battle.net").slug == "battlenet")
    }
}

@Suite struct WorthAndTypeTests {
    @Test(arguments: [
        ("$12.99", 1299), ("$0.99", 99), ("$5", 500), ("$1,299.00", 129_900), ("7.5", 750), (" $3.00 ", 300),
    ])
    func dollarAmountsParseToExactCents(text: String, cents: Int) {
        #expect(Worth(upstreamText: text)?.cents == cents)
    }

    @Test(arguments: [
        "N/A", "", "$", "free", "$1.999", "$-3.00", "€5,00", "$1.2.3", "$99999999999999999999",
        "92233720368547758.08", "$1,000,000,000.00",
    ])
    func unreadableWorthIsNothing(text: String) {
        #expect(Worth(upstreamText: text) == nil)
    }

    @Test func sumsOfWorthsNeverOverflow() {
        #expect(Worth.total([Worth(cents: 150), Worth(cents: 250)]) == Worth(cents: 400))
        #expect(Worth.total([Worth(cents: .max), Worth(cents: 1)]) == Worth(cents: .max))
        #expect(Worth.total([]) == Worth(cents: 0))
        #expect(Worth(upstreamText: "$999,999,999.99")?.cents == 99_999_999_999)
    }

    @Test func worthFormatsLikeTheUpstream() {
        #expect(Worth(cents: 1299).formatted == "$12.99")
        #expect(Worth(cents: 500).formatted == "$5.00")
        #expect(Worth(cents: 129_905).formatted == "$1,299.05")
        #expect(Worth(cents: 1299).amount.description == "12.99")
        #expect(0.groupedThousands == "0")
        #expect(999.groupedThousands == "999")
        #expect((-1_234_567).groupedThousands == "-1,234,567")
    }

    @Test(arguments: [
        ("Game", GiveawayType.game), ("Full Game", .game), ("DLC", .dlc), ("Early Access", .earlyAccess),
        ("Other", .other), ("Something New", .other), ("", .other),
    ])
    func upstreamTypeLabelsMap(label: String, type: GiveawayType) {
        #expect(GiveawayType(upstreamLabel: label) == type)
    }

    @Test func typeFiltersMatchTheirKinds() {
        #expect(TypeFilter.game.matches(.game))
        #expect(TypeFilter.loot.matches(.dlc))
        #expect(TypeFilter.beta.matches(.earlyAccess))
        #expect(!TypeFilter.game.matches(.dlc))
        #expect(!TypeFilter.loot.matches(.other))
    }

    @Test func profileIDsAcceptOnlyTheShapeTheAppHandsOut() {
        let fresh = ProfileID.random()
        #expect(ProfileID(rawValue: fresh.rawValue) == fresh)
        #expect(ProfileID.random() != fresh)
        #expect(ProfileID(rawValue: "0123456789abcdef0123456789abcdef") != nil)
        for forged in ["", "admin", "0123456789ABCDEF0123456789ABCDEF", "0123456789abcdef0123456789abcde'", "../x"] {
            #expect(ProfileID(rawValue: forged) == nil)
        }
    }
}
