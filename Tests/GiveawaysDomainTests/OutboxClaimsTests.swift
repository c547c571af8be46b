import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// Which due outbox rows a claimer takes, without a database.
@Suite struct OutboxClaimsTests {
    let raised = utc("2026-03-31T12:00:00Z")
    let hook = Hook(
        id: 1, url: URL(string: "https://example.org/1")!, rules: .none, events: Set(HookEvent.allCases),
        createdAt: utc("2026-03-30T12:00:00Z"), baselineAt: nil, profileID: nil)

    func due(
        _ id: Int, hook: Int = 1, giveaway: Int = 7, event: String = "new", occurrence: Int = 0, attempts: Int = 0
    )
        -> DueHookEvent
    {
        DueHookEvent(
            id: id, hookID: hook, giveawayID: giveaway, event: event, occurrence: occurrence, attempts: attempts,
            raisedAt: raised)
    }

    @Test func eachClaimCountsAsTheNextAttempt() {
        let claims = OutboxClaims(
            due: [due(1), due(2, attempts: 3)], hooks: [1: hook], giveaways: [7: .stub(id: 7)])
        #expect(claims.claimed.map(\.row.id) == [1, 2])
        #expect(claims.claimed.map(\.attempt) == [1, 4])
        #expect(claims.givenUp.isEmpty)
    }

    @Test func aRowPastTheLastAttemptIsGivenUp() {
        let claims = OutboxClaims(
            due: [due(1, attempts: HookRetryPolicy.maximumAttempts)], hooks: [1: hook], giveaways: [7: .stub(id: 7)])
        #expect(claims.claimed.isEmpty)
        #expect(claims.givenUp.map(\.id) == [1])
        #expect(claims.givenUp.map(\.reason) == ["gave up: no outcome recorded for the last attempt"])
    }

    @Test func aRowWhoseHookGiveawayOrEventIsGoneIsGivenUp() {
        let claims = OutboxClaims(
            due: [due(1, hook: 2), due(2, giveaway: 8), due(3, event: "from-a-newer-release")], hooks: [1: hook],
            giveaways: [7: .stub(id: 7)])
        #expect(claims.claimed.isEmpty)
        #expect(claims.givenUp.map(\.id) == [1, 2, 3])
        #expect(Set(claims.givenUp.map(\.reason)) == ["gave up: the hook or the giveaway is gone"])
    }

    @Test func blockedRowsAreNeitherClaimedNorGivenUp() {
        let claims = OutboxClaims(
            due: [due(1), due(2, attempts: 99)], blocked: [1, 2], hooks: [1: hook], giveaways: [7: .stub(id: 7)])
        #expect(claims.claimed.isEmpty && claims.givenUp.isEmpty)
    }

    @Test func aChangedEventCarriesTheEndDateMoveItReports() {
        let move = EndDateChange(changedAt: raised, from: nil, to: utc("2026-04-02T12:00:00Z"))
        let claims = OutboxClaims(
            due: [due(1, event: "changed", occurrence: 42), due(2, event: "new", occurrence: 0)], hooks: [1: hook],
            giveaways: [7: .stub(id: 7)])
        #expect(claims.endDateMoves == [42])
        let events = claims.events(moves: [42: move])
        #expect(events.map(\.endDateChange) == [move, nil])
        #expect(events.map(\.raisedAt) == [raised, raised])
    }
}
