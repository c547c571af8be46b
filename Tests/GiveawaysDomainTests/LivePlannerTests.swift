import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// What the live stream says when the merged feed changes, without a database: new, updated and ended giveaways,
/// keyed so that every instance plans the same events, and the stream's filters.
@Suite struct LivePlannerTests {
    let now = utc("2026-11-26T16:00:00Z")
    let seen = utc("2026-11-20T00:00:00Z")

    func live(_ feed: [Giveaway], at time: Date? = nil) -> [Int: LivePlanner.Mark] {
        LivePlanner.live(feed, at: time ?? now) { _ in seen }
    }

    @Test func newUpdatedAndEndedFromOneLookToTheNext() {
        let before = live([.stub(id: 1, endsAt: now.addingTimeInterval(3600)), .stub(id: 2), .stub(id: 3)])
        let after = live([
            .stub(id: 1, endsAt: now.addingTimeInterval(7200)), .stub(id: 3), .stub(id: 4),
            .stub(id: 5, endsAt: now.addingTimeInterval(-1)),
        ])
        let changes = LivePlanner.changes(from: before, to: after)
        #expect(changes.map(\.giveawayID) == [1, 2, 4])
        #expect(changes.map(\.kind) == [.giveawayUpdated, .giveawayEnded, .giveawayNew], "an ended one is not new")
        #expect(LivePlanner.changes(from: after, to: after).isEmpty, "nothing changed, nothing said")
    }

    @Test func theKeysAreTheSameForEveryInstanceAndNewForANewStretch() {
        let empty = live([])
        let first = LivePlanner.changes(from: empty, to: live([.stub(id: 7)]))
        let again = LivePlanner.changes(from: empty, to: live([.stub(id: 7)]))
        #expect(first == again, "two instances planning the same change plan the same key")
        let back = LivePlanner.changes(
            from: empty, to: LivePlanner.live([Giveaway.stub(id: 7)], at: now) { _ in now })
        #expect(back.first?.occurrence != first.first?.occurrence, "back in the feed later: news again")
        let moved = LivePlanner.changes(
            from: live([.stub(id: 7, endsAt: now.addingTimeInterval(60))]),
            to: live([.stub(id: 7, endsAt: now.addingTimeInterval(120))]))
        let movedAgain = LivePlanner.changes(
            from: live([.stub(id: 7, endsAt: now.addingTimeInterval(120))]),
            to: live([.stub(id: 7, endsAt: now.addingTimeInterval(180))]))
        #expect(moved.first?.occurrence != movedAgain.first?.occurrence, "each move of the end is its own event")
    }

    @Test func anAnnouncedGiveawayIsNewAtItsStartAndEndedAtItsEnd() {
        var coming = Giveaway.stub(id: 9, endsAt: now.addingTimeInterval(7 * 86_400))
        coming.startsAt = now.addingTimeInterval(30)
        let before = live([coming])
        #expect(before.isEmpty, "not live before its start")
        let started = live([coming], at: now.addingTimeInterval(31))
        let changes = LivePlanner.changes(from: before, to: started)
        #expect(changes.map(\.kind) == [.giveawayNew])
        #expect(changes.first?.occurrence == Int(coming.startsAt!.timeIntervalSince1970), "keyed by its start")
        let over = live([coming], at: now.addingTimeInterval(7 * 86_400 + 1))
        #expect(LivePlanner.changes(from: started, to: over).map(\.kind) == [.giveawayEnded])
    }

    @Test func theStreamsFiltersAreTheAPIs() {
        let steamGame = LiveEvent(
            id: 1, kind: .giveawayNew, giveawayID: 3, data: "{}", platforms: ["pc", "steam"], type: "Game", at: now)
        let sync = LiveEvent(id: 2, kind: .syncFinished, giveawayID: nil, data: "{}", platforms: [], type: nil, at: now)
        #expect(LiveEventFilter(platform: "steam").admits(steamGame))
        #expect(!LiveEventFilter(platform: "gog").admits(steamGame))
        #expect(LiveEventFilter(type: .game).admits(steamGame) && !LiveEventFilter(type: .loot).admits(steamGame))
        #expect(LiveEventFilter(platform: "gog", type: .loot).admits(sync), "a sync passes every filter")
    }
}
