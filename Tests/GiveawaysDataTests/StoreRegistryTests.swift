import Foundation
import GiveawaysData
import Testing

@testable import GiveawaysDomain

/// The one list of stores read first-hand (`FirstHandStore.allCases`) and what each store says of itself: every
/// store has its feed, and the ids, options and variables an operator or a database already holds stay as they were.
@Suite struct StoreRegistryTests {
    @Test func everyStoreHasItsFeedInTheRegistrysOrder() {
        #expect(StoreFeed.all.map(\.store) == FirstHandStore.allCases)
    }

    @Test func idsOptionsAndVariablesAreThoseAlreadyInUse() {
        #expect(FirstHandStore.allCases.map(\.rawValue) == ["epic", "epic-mobile", "steam", "gog"])
        #expect(
            FirstHandStore.allCases.map(\.urlOption) == ["epic-url", "epic-mobile-url", "steam-url", "gog-url"])
        #expect(
            FirstHandStore.allCases.map(\.urlVariable) == [
                "GIVEAWAYS_EPIC_URL", "GIVEAWAYS_EPIC_MOBILE_URL", "GIVEAWAYS_STEAM_URL", "GIVEAWAYS_GOG_URL",
            ])
        #expect(
            FirstHandStore.allCases.map(\.defaultURL.absoluteString) == [
                "https://store-site-backend-static-ipv4.ak.epicgames.com",
                "https://egs-platform-service.store.epicgames.com", "https://store.steampowered.com",
                "https://www.gog.com",
            ])
        #expect(
            SourceID.allCases.map(\.rawValue) == ["gamerpower", "freetogame", "epic", "epic-mobile", "steam", "gog"])
        #expect(SourceID.giveawaySources.map(\.rawValue) == ["gamerpower", "epic", "epic-mobile", "steam", "gog"])
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
        #expect(SourceID(rawValue: "indiegala") == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SourceID.self, from: Data("\"nope\"".utf8)) }
    }

    /// A game's store is chosen from its platforms in the order it always was: storefronts, then devices.
    @Test func aGamesStoreIsChosenInTheOrderItAlwaysWas() {
        #expect(
            GameHistory.storeSlugs == [
                "epic-games-store", "steam", "gog", "ubisoft", "itchio", "battlenet", "origin", "android", "ios",
            ])
    }
}
