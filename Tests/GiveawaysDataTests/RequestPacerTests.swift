import Foundation
import Testing

@testable import GiveawaysUpstream

/// The pacer behind Nominatim's one request a second: a caller who would wait longer than it allows is refused and
/// books nothing, so a flood of callers cannot push everyone else's turn far away.
@Suite struct RequestPacerTests {
    @Test func aTurnFurtherAwayThanTheCallerWaitsIsRefusedAndBooksNothing() async throws {
        let pacer = RequestPacer(maxPerSecond: 1)
        try await pacer.waitForTurn(maximumWait: .milliseconds(500))
        // The next turn is a second away: refused, and refusing again and again moves it no further.
        for _ in 0..<20 {
            await #expect(throws: RequestPacer.Busy.self) {
                try await pacer.waitForTurn(maximumWait: .milliseconds(500))
            }
        }
        // A caller willing to wait a second and a half still gets the very next turn.
        let started = ContinuousClock.now
        try await pacer.waitForTurn(maximumWait: .milliseconds(1500))
        // Had the 20 refusals booked their slots, this turn would be 21 s away.
        #expect(ContinuousClock.now - started < .seconds(10), "the refusals booked no slots")
    }
}
