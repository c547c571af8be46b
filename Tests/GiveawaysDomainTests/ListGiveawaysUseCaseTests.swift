import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@Suite struct ListGiveawaysUseCaseTests {
    let now = utc("2026-03-31T12:00:00Z")
    let list = ListGiveawaysUseCase()

    var giveaways: [Giveaway] {
        [
            .stub(
                id: 1, title: "The Witcher 3 (GOG) Giveaway", worth: Worth(cents: 3999), platforms: "PC, GOG",
                publishedAt: utc("2026-03-30T10:00:00Z"), endsAt: utc("2026-04-05T00:00:00Z"), users: 500),
            .stub(
                id: 2, title: "Pokémon Café Pack", worth: nil, description: "Cozy café DLC", type: .dlc,
                platforms: "Android, iOS", publishedAt: utc("2026-03-29T10:00:00Z"), endsAt: nil, users: 9000),
            .stub(
                id: 3, title: "Expired Classic", worth: Worth(cents: 999), platforms: "PC, Steam",
                publishedAt: utc("2026-03-31T09:00:00Z"), endsAt: utc("2026-03-31T11:59:59Z"), users: 20),
            .stub(
                id: 4, title: "Rally Beta", worth: Worth(cents: 100), type: .earlyAccess, platforms: "PC, Steam",
                publishedAt: utc("2026-03-28T10:00:00Z"), endsAt: utc("2026-04-01T00:00:00Z"), users: 70),
        ]
    }

    func ids(_ query: GiveawayQuery) -> [Int] {
        list.execute(giveaways, query: query, now: now).map(\.id)
    }

    @Test func expiredGiveawaysAreHiddenByDefault() {
        #expect(ids(GiveawayQuery()) == [1, 2, 4])
        #expect(ids(GiveawayQuery(includeExpired: true)) == [3, 1, 2, 4])
    }

    @Test func expiryIsJudgedFromTheEndDateNotTheStatus() {
        let giveaway = Giveaway.stub(endsAt: utc("2026-03-31T12:00:00Z"))
        #expect(giveaway.status == "Active")
        #expect(giveaway.isExpired(at: now))
        #expect(!giveaway.isExpired(at: utc("2026-03-31T11:59:59Z")))
        #expect(!Giveaway.stub(endsAt: nil).isExpired(at: .distantFuture))
    }

    @Test func filtersByPlatformAndType() {
        #expect(ids(GiveawayQuery(platform: "steam")) == [4])
        #expect(ids(GiveawayQuery(platform: "ios")) == [2])
        #expect(ids(GiveawayQuery(type: .loot)) == [2])
        #expect(ids(GiveawayQuery(platform: "pc", type: .game)) == [1])
        #expect(ids(GiveawayQuery(platform: "switch")) == [])
    }

    @Test func searchIsCaseAndAccentInsensitiveOverTitlePlatformsAndDescription() {
        #expect(ids(GiveawayQuery(search: "WITCHER")) == [1])
        #expect(ids(GiveawayQuery(search: "pokemon")) == [2])
        #expect(ids(GiveawayQuery(search: "CAFÉ")) == [2])
        #expect(ids(GiveawayQuery(search: "cozy")) == [2])
        #expect(ids(GiveawayQuery(search: "gog")) == [1])
        #expect(ids(GiveawayQuery(search: "  witcher   gog ")) == [1])
        #expect(ids(GiveawayQuery(search: "witcher steam")) == [])
        #expect(ids(GiveawayQuery(search: "")) == [1, 2, 4])
    }

    @Test func sortsByValuePopularityAndEndingWithMissingValuesLast() {
        #expect(ids(GiveawayQuery(sort: .value)) == [1, 4, 2])
        #expect(ids(GiveawayQuery(sort: .popularity)) == [2, 1, 4])
        #expect(ids(GiveawayQuery(sort: .ending)) == [4, 1, 2])
        #expect(ids(GiveawayQuery(sort: .date)) == [1, 2, 4])
    }

    @Test func tiesFallBackToNewestThenId() {
        let same = [Giveaway.stub(id: 7, users: 5), .stub(id: 9, users: 5), .stub(id: 8, users: 5)]
        #expect(list.execute(same, query: GiveawayQuery(sort: .popularity), now: now).map(\.id) == [9, 8, 7])
    }

    @Test func searchTextFoldsWidthCaseAndAccents() {
        #expect(SearchQuery.fold("ÉCOLE Ｆｕｌｌ") == "ecole full")
        #expect(SearchQuery(query: " a  B ").terms == ["a", "b"])
    }
}

@Suite struct SearchIndexTests {
    let giveaways: [Giveaway] = [
        .stub(id: 1, title: "The Witcher 3 (GOG) Giveaway", platforms: "PC, GOG"),
        .stub(id: 2, title: "Pokémon-like Café Pack", description: "Cozy café DLC", platforms: "Android, iOS"),
        .stub(id: 3, title: "Neon Rally", description: "Race through Itch.io's finest", platforms: "Xbox Series X|S"),
        .stub(id: 4, title: "Witchcraft Tales", platforms: "PC, Steam"),
    ]

    @Test func indexFindsWhatTheWordScanFinds() {
        let index = SearchIndex(giveaways)
        for query in [
            "witch", "WITCHER", "pokemon", "café cozy", "itch.io", "xbox x", "pc", "gog witcher", "steam gog", "zzz",
            "", "  ", "3", "tales witch",
        ] {
            let search = SearchQuery(query: query)
            let scanned = giveaways.indices.filter { search.matches(words: SearchQuery.words(of: giveaways[$0])) }
            #expect(index.positions(matching: search) == scanned, "\(query)")
        }
        #expect(index.positions(matching: SearchQuery(query: "witch")) == [0, 3])
        #expect(index.positions(matching: SearchQuery(query: "itch.io")) == [2])
    }

    @Test func useCaseGivesTheSameAnswerWithAndWithoutTheIndex() {
        let index = SearchIndex(giveaways)
        let now = utc("2026-03-31T12:00:00Z")
        for query in ["witch", "pokemon", "rally x", ""] {
            let plain = ListGiveawaysUseCase().execute(giveaways, query: GiveawayQuery(search: query), now: now)
            let indexed = ListGiveawaysUseCase().execute(
                giveaways, query: GiveawayQuery(search: query), now: now, index: index)
            #expect(plain.map(\.id) == indexed.map(\.id), "\(query)")
        }
    }

    @Test func wordsAreFoldedAndSplitOnPunctuation() {
        #expect(
            SearchQuery.words(in: "Pokémon-like CAFÉ, Itch.io & X|S") == [
                "pokemon", "like", "cafe", "itch", "io", "x", "s",
            ])
        #expect(SearchQuery(query: "  Witch  ").terms == ["witch"])
    }
}
