import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// The feed diff without a database: what a sync writes, and what it reports, from the stored rows and the feed.
@Suite struct FeedDiffTests {
    let now = utc("2026-03-31T12:00:00Z")
    let earlier = utc("2026-03-01T12:00:00Z")

    func stored(_ giveaways: Giveaway..., leftAt: Date? = nil) -> [Int: FeedRecord] {
        Dictionary(
            uniqueKeysWithValues: giveaways.map {
                ($0.id, FeedRecord(giveaway: $0, firstSeenAt: earlier, leftAt: leftAt))
            })
    }

    @Test func aNewGiveawayIsInsertedAndFirstSeenNow() {
        let diff = FeedDiff(stored: [:], incoming: [.stub(id: 1)], at: now)
        #expect(diff.writes == [.insert(.stub(id: 1))])
        #expect(diff.report == SyncReport(added: [1], total: 1))
        #expect(diff.firstSeen == [1: now])
    }

    @Test func aGiveawayThatCameBackKeepsItsFirstSightingAndIsNotAlsoUpdated() {
        let back = Giveaway.stub(id: 2, title: "Renamed while away", platforms: "PC")
        let diff = FeedDiff(stored: stored(.stub(id: 2), leftAt: earlier), incoming: [back], at: now)
        #expect(diff.writes == [.comeBack(back, platformsChanged: true)])
        #expect(diff.report == SyncReport(returned: [2], total: 1))
        #expect(diff.firstSeen == [2: earlier])
    }

    @Test func aChangedFieldIsAnUpdateAndAMovedEndDateIsLogged() {
        let moved = Giveaway.stub(id: 3, endsAt: now)
        let diff = FeedDiff(stored: stored(.stub(id: 3, endsAt: earlier)), incoming: [moved], at: now)
        #expect(
            diff.writes == [
                .update(moved, platformsChanged: false, endDateMove: .init(from: earlier, to: now))
            ])
        #expect(diff.report == SyncReport(updated: [3], total: 1, endDateChanged: [3]))
    }

    @Test func changedPlatformsAloneAreAnUpdate() {
        let moved = Giveaway.stub(id: 4, platforms: "PC, Epic Games Store")
        let diff = FeedDiff(stored: stored(.stub(id: 4)), incoming: [moved], at: now)
        #expect(diff.writes == [.update(moved, platformsChanged: true, endDateMove: nil)])
        #expect(diff.report.updated == [4])
    }

    @Test func aMovedClaimCounterAloneIsNoUpdateButOneBatchedCounter() {
        let diff = FeedDiff(
            stored: stored(.stub(id: 5, users: 100), .stub(id: 6, users: 7)),
            incoming: [.stub(id: 5, users: 250), .stub(id: 6, users: 7)], at: now)
        #expect(diff.writes.isEmpty)
        #expect(diff.claimCounters == [.init(id: 5, users: 250)])
        #expect(diff.report == SyncReport(total: 2))
    }

    @Test func aChangedGiveawayCarriesItsNewCounterInTheRowNotTheBatch() {
        let changed = Giveaway.stub(id: 7, title: "New title", users: 900)
        let diff = FeedDiff(stored: stored(.stub(id: 7, users: 100)), incoming: [changed], at: now)
        #expect(diff.writes == [.update(changed, platformsChanged: false, endDateMove: nil)])
        #expect(diff.claimCounters.isEmpty)
    }

    @Test func whatIsGoneLeavesInIdOrderAndWhatHadLeftStaysGone() {
        let diff = FeedDiff(
            stored: stored(.stub(id: 9), .stub(id: 8)).merging(stored(.stub(id: 10), leftAt: earlier)) { a, _ in a },
            incoming: [], at: now)
        #expect(diff.leaving == [8, 9])
        #expect(diff.report == SyncReport(left: [8, 9], total: 0))
    }

    @Test func theLastCopyOfADuplicatedIdWinsOnceWhereItStands() {
        let first = Giveaway.stub(id: 11, title: "First copy")
        let last = Giveaway.stub(id: 11, title: "Last copy")
        let diff = FeedDiff(stored: [:], incoming: [first, .stub(id: 12), last], at: now)
        #expect(diff.writes == [.insert(.stub(id: 12)), .insert(last)])
        #expect(diff.report == SyncReport(added: [12, 11], total: 2))
    }

    @Test func anUnchangedFeedWritesNothing() {
        let diff = FeedDiff(stored: stored(.stub(id: 13)), incoming: [.stub(id: 13)], at: now)
        #expect(diff.writes.isEmpty && diff.claimCounters.isEmpty && diff.leaving.isEmpty)
        #expect(diff.report == SyncReport(total: 1))
    }
}
