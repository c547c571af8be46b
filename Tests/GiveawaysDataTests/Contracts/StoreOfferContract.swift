import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// The contract of `StoreOfferRepository`: every field of an offer survives, ids are handed out from
/// `OfferRecord.firstID` and never change, an offer gone is kept as left, each store's offers are its own, and an
/// offer listed again comes back under its id.
struct StoreOfferContract {
    let offers: any StoreOfferRepository

    let monday = utc("2026-11-23T16:00:00Z")
    let thursday = utc("2026-11-26T16:00:00Z")

    func offer(_ store: FirstHandStore, _ id: String, title: String = "Lantern Quest™ — Édition") -> StoreOffer {
        StoreOffer(
            store: store, storeID: id, title: title, type: .dlc, claimURL: "https://store.example/p/\(id)",
            imageURL: nil, startsAt: store == .epic ? thursday : nil, endsAt: store == .steam ? nil : thursday,
            isMystery: id.hasPrefix("m"), platforms: Platform.parseList("PC, Epic Games Store"),
            worth: Worth(cents: 1999))
    }

    func everyFieldSurvivesAndIdsAreHandedOutOnce() async throws {
        #expect(try await offers.allOffers().isEmpty)
        let report = try await offers.saveOffers(
            [offer(.epic, "a"), offer(.epic, "m1"), offer(.epic, "a")], of: .epic, at: monday)
        #expect(report.added == [OfferRecord.firstID, OfferRecord.firstID + 1], "a repeat is stored once")
        _ = try await offers.saveOffers([offer(.steam, "440")], of: .steam, at: monday)
        let all = try await offers.allOffers()
        #expect(all.map(\.id) == [OfferRecord.firstID, OfferRecord.firstID + 1, OfferRecord.firstID + 2])
        #expect(all[0].offer == offer(.epic, "a"), "every field, the title's bytes too")
        #expect(all[1].offer.isMystery)
        #expect(all[2].offer.startsAt == nil && all[2].offer.endsAt == nil && all[2].offer.imageURL == nil)
        #expect(all.allSatisfy { $0.firstSeenAt == monday && $0.lastSeenAt == monday && $0.leftAt == nil })
    }

    func anOfferGoneIsKeptAsLeftAndEachStoreIsItsOwn() async throws {
        _ = try await offers.saveOffers([offer(.epic, "a"), offer(.epic, "b")], of: .epic, at: monday)
        _ = try await offers.saveOffers([offer(.gog, "x")], of: .gog, at: monday)
        let report = try await offers.saveOffers([offer(.epic, "b", title: "B renamed")], of: .epic, at: thursday)
        #expect(report.left == [OfferRecord.firstID])
        #expect(report.updated == [OfferRecord.firstID + 1], "a changed title is an update")
        #expect(report.added.isEmpty)
        let all = try await offers.allOffers()
        #expect(all.count == 3, "nothing is deleted")
        #expect(all[0].leftAt == thursday)
        #expect(all[1].offer.title == "B renamed" && all[1].firstSeenAt == monday && all[1].lastSeenAt == thursday)
        #expect(all[2].leftAt == nil, "another store's offers stay as they are")
        // Listed again in the same window: the same giveaway, back under its id.
        let back = try await offers.saveOffers(
            [offer(.epic, "a"), offer(.epic, "b", title: "B renamed")], of: .epic, at: thursday)
        #expect(back.added.isEmpty && back.updated == [OfferRecord.firstID])
        #expect(try await offers.allOffers()[0].leftAt == nil)
    }
}
