import Foundation
import GiveawaysDomain

/// How a fetched catalog meets the stored one, the same for every store: each game's row (keeping when it was
/// first seen and its fetched detail), the games that left, and the sync report. The store then writes it.
struct CatalogMerge {
    /// The rows to write, one per fetched game (the first of any repeated id), in the upstream's order.
    private(set) var rows: [CatalogGameRow] = []
    /// The stored games, still listed, that the answer no longer holds: marked removed, never deleted.
    private(set) var leaving: [Int] = []
    private(set) var report = SyncReport()

    init(existing: [Int: CatalogGameRow], games: [CatalogGame], at time: Date) {
        var seen: Set<Int> = []
        for (rank, game) in games.enumerated() where seen.insert(game.id).inserted {
            var row = CatalogGameRow(game: game, rank: rank, at: time)
            if let old = existing[game.id] {
                row.firstSeenAt = old.firstSeenAt
                row.detailJSON = old.detailJSON
                row.detailFetchedAt = old.detailFetchedAt
                if old.removedAt != nil {
                    report.returned.append(game.id)
                } else if old.stored.game != game {
                    report.updated.append(game.id)
                }
            } else {
                report.added.append(game.id)
            }
            rows.append(row)
        }
        leaving = existing.values.filter { $0.removedAt == nil && !seen.contains($0.id) }.map(\.id).sorted()
        report.left = leaving
        report.total = seen.count
        report.added.sort()
        report.updated.sort()
        report.returned.sort()
    }
}
