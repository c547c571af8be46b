import Foundation
import GiveawaysUpstream
import Testing

@testable import GiveawaysDomain

/// The one list of stores read first-hand (`FirstHandStore.allCases`) and what each store says of itself: every
/// store has its feed, and the ids, options and variables an operator or a database already holds stay as they were.
@Suite struct StoreRegistryTests {
    @Test func everyStoreHasItsFeedInTheRegistrysOrder() {
        #expect(StoreFeed.all.map(\.store) == FirstHandStore.allCases)
    }

    /// The stores an operator's settings and a database already name keep their ids, options, variables and
    /// defaults, in `/status`'s order (a new store comes after them).
    @Test func idsOptionsAndVariablesAreThoseAlreadyInUse() throws {
        let known = [
            ("epic", "epic-url", "GIVEAWAYS_EPIC_URL", "https://store-site-backend-static-ipv4.ak.epicgames.com"),
            (
                "epic-mobile", "epic-mobile-url", "GIVEAWAYS_EPIC_MOBILE_URL",
                "https://egs-platform-service.store.epicgames.com"
            ),
            ("steam", "steam-url", "GIVEAWAYS_STEAM_URL", "https://store.steampowered.com"),
            ("gog", "gog-url", "GIVEAWAYS_GOG_URL", "https://www.gog.com"),
        ]
        #expect(FirstHandStore.allCases.prefix(known.count).map(\.rawValue) == known.map(\.0))
        for (id, option, variable, url) in known {
            let store = try #require(FirstHandStore(rawValue: id))
            #expect(store.urlOption == option && store.urlVariable == variable)
            #expect(store.defaultURL.absoluteString == url)
        }
        #expect(SourceID.allCases.prefix(6).map(\.rawValue) == ["gamerpower", "freetogame"] + known.map(\.0))
        #expect(SourceID.giveawaySources.prefix(5).map(\.rawValue) == ["gamerpower"] + known.map(\.0))
    }

    /// The database and the API keep a source by its id: every one reads back as itself, in JSON too.
    @Test func everySourceReadsBackFromItsId() throws {
        for source in SourceID.allCases {
            #expect(SourceID(rawValue: source.rawValue) == source)
            let json = try JSONEncoder().encode(source)
            #expect(String(decoding: json, as: UTF8.self) == "\"\(source.rawValue)\"")
            #expect(try JSONDecoder().decode(SourceID.self, from: json) == source)
        }
        for store in FirstHandStore.allCases {
            #expect(FirstHandStore(rawValue: store.rawValue) == store)
            #expect(SourceID(store).store == store)
            #expect(try JSONDecoder().decode(FirstHandStore.self, from: JSONEncoder().encode(store)) == store)
        }
        #expect(SourceID(rawValue: "no-such-store") == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SourceID.self, from: Data("\"nope\"".utf8)) }
    }

    /// A game's store is chosen from its platforms in the order it always was: storefronts, then devices.
    @Test func aGamesStoreIsChosenInTheOrderItAlwaysWas() {
        let before = ["epic-games-store", "steam", "gog", "ubisoft", "itchio", "battlenet", "origin", "android", "ios"]
        #expect(GameHistory.storeSlugs.filter(before.contains) == before)
    }
}
