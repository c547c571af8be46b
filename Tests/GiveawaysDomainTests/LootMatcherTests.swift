import GiveawaysDomain
import Testing

@Suite struct LootMatcherTests {
    let matcher = LootMatcher(games: [
        CatalogGame(id: 1, title: "Albion Online"),
        CatalogGame(id: 2, title: "Neverwinter"),
        CatalogGame(id: 3, title: "Neverwinter Nights"),
        CatalogGame(id: 4, title: "Rift"),
        CatalogGame(id: 5, title: "Star Wars"),
        CatalogGame(id: 6, title: "World of Tanks"),
        CatalogGame(id: 7, title: "Blade and Soul"),
        CatalogGame(id: 8, title: "Légendes Éternelles"),
        CatalogGame(id: 9, title: "Legends"),
    ])

    @Test(arguments: [
        ("Albion Online: Epic Mage Bundle Giveaway", 1),
        ("ALBION ONLINE - Starter Pack Key", 1),
        ("Neverwinter: Red Harvest Gift Pack Key Giveaway", 2),
        ("Neverwinter Nights: Dungeon Pack Key", 3),  // the longest title wins
        ("World Of Tanks: 600 Gold + Tank Invite Code", 6),
        ("Legendes Eternelles Pack", 8),  // accents and case do not count
    ])
    func lootMatchesTheGameItsTitleStartsWith(title: String, game: Int) {
        #expect(matcher.game(forGiveawayTitled: title) == game)
    }

    @Test(arguments: [
        "Rift Apart Skin Pack",  // "Rift" is too short to tell
        "Star Wars Squadrons Key",  // two everyday words
        "Legends of Runeterra Pack",  // one everyday word
        "Blade and Soul NEO Anniversary Weapon Skin Key",  // another edition of the series
        "Albion Online",  // the title alone is the game, not loot for it
        "Free Albion Online Pack",  // must start with the title
        "Albion Onlines Pack",  // whole words only
        "",
    ])
    func nothingElseMatches(title: String) {
        #expect(matcher.game(forGiveawayTitled: title) == nil)
    }
}
