import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// First-hand offers and GamerPower as one feed, without a database: titles normalised, one giveaway per game and
/// window, ids that never change once published, upcoming windows, mystery games revealed, each game's history.
@Suite struct FeedMergeTests {
    let monday = utc("2026-11-23T16:00:00Z")
    let thursday = utc("2026-11-26T16:00:00Z")
    let nextThursday = utc("2026-12-03T16:00:00Z")

    func epic(
        _ title: String, id: String = "ns:1", from: Date? = nil, until: Date? = nil, mystery: Bool = false
    ) -> StoreOffer {
        StoreOffer(
            store: .epic, storeID: id, title: title, claimURL: mystery ? nil : "https://store.epicgames.com/p/x",
            imageURL: "https://cdn1.epicgames.com/x.jpg", startsAt: from ?? thursday, endsAt: until ?? nextThursday,
            isMystery: mystery, platforms: Platform.parseList("PC, Epic Games Store"))
    }

    func listing(_ id: Int, _ title: String, platforms: String = "PC, Epic Games Store", seen: Date) -> StoredGiveaway {
        StoredGiveaway(
            giveaway: .stub(id: id, title: title, platforms: platforms),
            history: FeedHistory(
                firstSeenAt: seen, lastSeenAt: seen, periods: [FeedPeriod(appearedAt: seen, leftAt: nil)]))
    }

    @Test func titlesOfOneGameNormaliseAlike() {
        let one = GameTitle.normalized("Lantern Quest")
        #expect(one == "lantern quest")
        for other in [
            "Lantern Quest (Epic Games) Giveaway", "LANTERN QUEST™", "Lantern Quest® - Standard Edition",
            "Lantern Quest Key Giveaway", "Lantern Quest (Steam) Key Giveaway", "  Lantern   Quest: ", "Lantérn Quest",
        ] {
            #expect(GameTitle.normalized(other) == one, "\(other)")
        }
        #expect(GameTitle.normalized("Lantern Quest Deluxe Edition") != one, "another product stays apart")
        #expect(GameTitle.normalized("Cats & Dogs") == GameTitle.normalized("Cats and Dogs"))
        #expect(GameTitle.normalized("™ ®").isEmpty)
        #expect(GameTitle.normalized("Giveaway") == "giveaway", "a title that is only the suffix keeps it")
    }

    @Test func theLoaderEndsTheOffersOfStoresNotReadAndDropsDemoDataOnceAStoreIsThere() {
        let offer = OfferRecord(
            id: OfferRecord.firstID, offer: epic("Tidewater Keep"), firstSeenAt: monday, lastSeenAt: monday)
        var demo = listing(9001, "Demo Example", platforms: "PC, Steam", seen: monday)
        demo.isDemo = true

        let read = MergedFeedLoader.merge(gamerpower: [demo], offers: [offer], readStores: [.epic])
        #expect(read.stored.map(\.giveaway.title) == ["Tidewater Keep"], "the store's offer is the feed: no demo")
        #expect(read.stored[0].history.leftAt == nil)

        let notRead = MergedFeedLoader.merge(gamerpower: [demo], offers: [offer], readStores: [])
        let ended = notRead.stored.first { $0.giveaway.title == "Tidewater Keep" }
        #expect(ended?.history.leftAt == monday, "a store turned off: its offer ended when last seen")
        #expect(notRead.stored.contains { $0.isDemo }, "no live offer: the demo data still stands in")
    }

    @Test func aGiveawayBothListAreOneUnderTheIdPublishedFirst() {
        let offer = OfferRecord(
            id: OfferRecord.firstID, offer: epic("Lantern Quest™"), firstSeenAt: thursday, lastSeenAt: thursday)
        let gamerpower = listing(3140, "Lantern Quest (Epic Games) Giveaway", seen: thursday.addingTimeInterval(3_600))
        let merge = FeedMerge(gamerpower: [gamerpower], offers: [offer])
        #expect(merge.stored.count == 1)
        let one = merge.stored[0]
        #expect(one.id == OfferRecord.firstID, "the store saw it first")
        #expect(merge.aliases == [3140: OfferRecord.firstID])
        #expect(one.giveaway.title == "Lantern Quest™")
        #expect(one.giveaway.endsAt == nextThursday, "the store's times win")
        #expect(one.giveaway.openGiveawayURL == "https://store.epicgames.com/p/x")
        #expect(one.giveaway.description == "A test giveaway.", "GamerPower's texts stay")
        #expect(one.giveaway.sources.map(\.source) == ["epic", "gamerpower"])
        #expect(one.giveaway.sources[1].id == 3140)
        #expect(one.history.firstSeenAt == thursday)

        // GamerPower first: its id is kept.
        let early = listing(3140, "Lantern Quest (Epic Games) Giveaway", seen: thursday.addingTimeInterval(-3_600))
        let other = FeedMerge(gamerpower: [early], offers: [offer])
        #expect(other.stored.map(\.id) == [3140])
        #expect(other.aliases == [OfferRecord.firstID: 3140])
    }

    @Test func anotherStoreOrAnotherWindowIsAnotherGiveaway() {
        let offer = OfferRecord(
            id: OfferRecord.firstID, offer: epic("Lantern Quest"), firstSeenAt: thursday, lastSeenAt: thursday)
        let onSteam = listing(1, "Lantern Quest (Steam) Giveaway", platforms: "PC, Steam", seen: thursday)
        let lastYear = listing(2, "Lantern Quest (Epic Games) Giveaway", seen: utc("2025-11-20T16:00:00Z"))
        var gone = lastYear
        gone.history.leftAt = utc("2025-11-27T16:00:00Z")
        let merge = FeedMerge(gamerpower: [onSteam, gone], offers: [offer])
        #expect(merge.stored.map(\.id) == [1, 2, OfferRecord.firstID])
        #expect(merge.aliases.isEmpty)
        #expect(merge.stored[0].giveaway.sources.map(\.source) == ["gamerpower"])
        // A third party's keys for the game, listed while the store gives it away, stay their own giveaway.
        let keys = listing(3, "Lantern Quest Key Giveaway", seen: thursday)
        #expect(FeedMerge(gamerpower: [keys], offers: [offer]).stored.map(\.id) == [3, OfferRecord.firstID])
        // Each game's history gathers all three.
        let history = GameHistory(merge.stored)
        #expect(history.others(of: OfferRecord.firstID).map(\.giveawayID) == [2, 1])
        #expect(history.others(of: OfferRecord.firstID).map(\.store) == ["Epic Games Store", "Steam"])
    }

    @Test func anUpcomingWindowIsNotLiveUntilItStarts() {
        let offer = OfferRecord(
            id: OfferRecord.firstID, offer: epic("Next Week", from: nextThursday, until: utc("2026-12-10T16:00:00Z")),
            firstSeenAt: monday, lastSeenAt: monday)
        let giveaway = FeedMerge(gamerpower: [], offers: [offer]).stored[0].giveaway
        #expect(giveaway.status(at: monday) == .upcoming)
        #expect(!giveaway.isLive(at: monday))
        #expect(!giveaway.isExpired(at: monday))
        #expect(giveaway.status(at: nextThursday) == .live)
        #expect(giveaway.status(at: utc("2026-12-10T16:00:00Z")) == .ended)
    }

    @Test func aSyncKeepsIdsAndGivesNewOnesFromTheFirst() {
        let first = OfferDiff(
            kept: [], fresh: [epic("A", id: "a"), epic("B", id: "b"), epic("A", id: "a")], nextID: 0, at: monday)
        #expect(first.inserted.map(\.id) == [OfferRecord.firstID, OfferRecord.firstID + 1], "a repeat counts once")
        let kept = first.inserted
        let again = OfferDiff(
            kept: kept, fresh: [epic("B renamed", id: "b")], nextID: OfferRecord.firstID + 2, at: thursday)
        #expect(again.inserted.isEmpty)
        #expect(again.updated.map(\.id) == [OfferRecord.firstID + 1])
        #expect(again.updated[0].offer.title == "B renamed")
        #expect(again.updated[0].firstSeenAt == monday)
        #expect(again.left == [OfferRecord.firstID])
        // The same offer in a new window is a new giveaway.
        let window = OfferDiff(
            kept: kept, fresh: [epic("A", id: "a", from: nextThursday, until: utc("2026-12-10T16:00:00Z"))],
            nextID: OfferRecord.firstID + 2, at: thursday)
        #expect(window.inserted.map(\.id) == [OfferRecord.firstID + 2])
    }

    /// Steam's and GOG's offers have no window: one answer that missed an offer does not give it a new id when it is
    /// back the next hour; gone for more than a day and past its end, it is a new giveaway of the game.
    @Test func anOfferWithoutAWindowMissedOnceKeepsItsId() {
        func steam(until end: Date?) -> StoreOffer {
            StoreOffer(
                store: .steam, storeID: "440", title: "Rivets", claimURL: nil, imageURL: nil, startsAt: nil,
                endsAt: end,
                platforms: [])
        }
        let first = OfferDiff(kept: [], fresh: [steam(until: nil)], nextID: 0, at: monday).inserted
        var gone = first
        gone[0].leftAt = monday + 3600
        let back = OfferDiff(kept: gone, fresh: [steam(until: nil)], nextID: OfferRecord.firstID + 1, at: monday + 7200)
        #expect(back.inserted.isEmpty && back.updated.map(\.id) == [OfferRecord.firstID], "back within the hour")
        let later = OfferDiff(kept: gone, fresh: [steam(until: nil)], nextID: OfferRecord.firstID + 1, at: thursday)
        #expect(later.inserted.map(\.id) == [OfferRecord.firstID + 1], "back days later: a new giveaway")
        var ending = first
        ending[0].offer.endsAt = nextThursday
        ending[0].leftAt = monday
        let stillOn = OfferDiff(
            kept: ending, fresh: [steam(until: nextThursday)], nextID: OfferRecord.firstID + 1, at: thursday)
        #expect(stillOn.updated.map(\.id) == [OfferRecord.firstID], "its end is still ahead: the same one")
    }

    @Test func aMysteryGameRevealedKeepsItsId() {
        let mystery = OfferDiff(
            kept: [], fresh: [epic("Mystery Game", id: "ns:mystery", from: nextThursday, mystery: true)], nextID: 0,
            at: monday)
        let giveaway = FeedMerge(gamerpower: [], offers: mystery.inserted).stored[0].giveaway
        #expect(giveaway.openGiveawayURL.isEmpty, "no broken link before the reveal")
        let revealed = OfferDiff(
            kept: mystery.inserted, fresh: [epic("Hidden Gem", id: "ns:gem", from: nextThursday)],
            nextID: OfferRecord.firstID + 1,
            at: nextThursday)
        #expect(revealed.inserted.isEmpty)
        #expect(revealed.updated.map(\.id) == [OfferRecord.firstID])
        #expect(revealed.updated[0].offer.title == "Hidden Gem")
        #expect(revealed.left.isEmpty)
    }

    @Test func aSubscriptionGiveawayIsLabelled() {
        var prime = listing(7, "Lantern Quest (Prime Gaming) Giveaway", seen: monday)
        prime.giveaway.instructions = "Sign in with your Amazon Prime Gaming account."
        let merge = FeedMerge(gamerpower: [prime, listing(8, "Free Thing", seen: monday)], offers: [])
        #expect(merge.stored.map(\.giveaway.needsSubscription) == [true, false])
    }

    @Test func subscriptionNamesAreFoundInAnyCaseAmongOtherText() {
        #expect(SubscriptionNeed.detected(in: ["Gratis für PRIME GAMING-Mitglieder ✨"]))
        #expect(SubscriptionNeed.detected(in: ["", "Included with Xbox Game Pass"]))
        #expect(SubscriptionNeed.detected(in: ["ubisoft+"]))
        #expect(!SubscriptionNeed.detected(in: ["Prime", "a game. Pass it on", "Gamepass", "EA"]))
        #expect(!SubscriptionNeed.detected(in: []))
    }
}

/// The two rules the stores brought: hide what needs a subscription, hide games claimed anywhere; and rules stored by
/// an earlier release, without those keys, still read as they were.
@Suite struct FirstHandRulesTests {
    @Test func rulesStoredBeforeTheNewKeysReadAsTheyWere() throws {
        let old =
            #"{"platforms":["steam"],"types":[],"noLoot":true,"blockedKeywords":["demo"],"hideKeySites":false,"hideClaimed":true,"hideNotInterested":false}"#
        let rules = try JSONDecoder().decode(GiveawayRules.self, from: Data(old.utf8))
        #expect(rules.platforms == ["steam"] && rules.noLoot && rules.blockedKeywords == ["demo"] && rules.hideClaimed)
        #expect(!rules.hideSubscriptions && !rules.hideClaimedAnywhere)
        let again = try JSONDecoder().decode(
            GiveawayRules.self,
            from: try JSONEncoder().encode(GiveawayRules(hideSubscriptions: true, hideClaimedAnywhere: true)))
        #expect(again.hideSubscriptions && again.hideClaimedAnywhere)
    }

    @Test func aSubscriptionGiveawayIsHiddenByItsRule() {
        var prime = Giveaway.stub(id: 1, title: "Vault (Prime Gaming) Giveaway")
        prime.needsSubscription = true
        let rules = GiveawayRules(hideSubscriptions: true)
        #expect(!rules.matches(prime))
        #expect(rules.matches(.stub(id: 2)))
        #expect(GiveawayRules().matches(prime))
        #expect(rules.summary == "no subscriptions")
    }

    @Test func theGamesOfClaimedGiveawaysAreKnownAcrossStores() {
        let seen = utc("2026-03-01T12:00:00Z")
        func stored(_ id: Int, _ title: String) -> StoredGiveaway {
            StoredGiveaway(
                giveaway: .stub(id: id, title: title), history: FeedHistory(firstSeenAt: seen, lastSeenAt: seen))
        }
        let history = GameHistory([
            stored(1, "Lantern Quest (Epic Games) Giveaway"), stored(2, "Lantern Quest (GOG) Giveaway"),
            stored(3, "Other"),
        ])
        let marks = VisitorMarks([Mark(subject: .giveaway(1), kind: .claimed, createdAt: seen, updatedAt: seen)])
        #expect(history.games(claimedIn: marks) == ["lantern quest"])
        #expect(history.game(of: 2) == "lantern quest" && history.game(of: 3) == "other")
    }
}
