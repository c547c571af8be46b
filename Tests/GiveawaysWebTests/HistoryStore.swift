import Foundation
import GiveawaysDomain
import GiveawaysTestSupport

/// A store with a recorded past, for History, Statistics and the feeds (the clock reads 31 March 2026 noon):
/// 1 expired on 10 March after its end date moved from 8 to 10 March; 4 (GOG) left the feed on 20 March; 2 (Steam
/// loot, no end), 3 (Epic, ends 25 April after a move) and 5 (Steam, ends 5 April) are live.
enum HistoryStore {
    static let expired = Giveaway.stub(
        id: 1, title: "Harbor Lights", worth: Worth(cents: 500), platforms: "PC, Steam",
        endsAt: utc("2026-03-08T00:00:00Z"))
    static let loot = Giveaway.stub(id: 2, title: "Gem Chest", worth: nil, type: .dlc, platforms: "PC, Steam")
    static let epic = Giveaway.stub(
        id: 3, title: "Star Relay", worth: Worth(cents: 1999), platforms: "PC, Epic Games Store",
        publishedAt: utc("2026-02-28T10:00:00Z"), endsAt: utc("2026-04-20T15:00:00Z"))
    static let gog = Giveaway.stub(id: 4, title: "Paper Knights", worth: Worth(cents: 799), platforms: "PC, GOG")
    static let steam = Giveaway.stub(
        id: 5, title: "Frostline", worth: Worth(cents: 1299), platforms: "PC, Steam",
        publishedAt: utc("2026-03-29T10:00:00Z"), endsAt: utc("2026-04-05T17:00:00Z"))

    static func fill(_ store: TestStore) async throws {
        var moved = expired
        moved.endsAt = utc("2026-03-10T00:00:00Z")
        var later = epic
        later.endsAt = utc("2026-04-25T15:00:00Z")
        try await store.saveSync([expired, loot, epic, gog], at: utc("2026-03-01T06:00:00Z"))
        try await store.saveSync([moved, loot, epic, gog], at: utc("2026-03-05T06:00:00Z"))
        try await store.saveSync([moved, loot, later], at: utc("2026-03-20T06:00:00Z"))
        try await store.saveSync([loot, later, steam], at: utc("2026-03-30T06:00:00Z"))
    }
}
