import Foundation

/// Spaces requests out so that no more than `maxPerSecond` ever start in any second.
actor RequestPacer {
    private let interval: Duration
    private var nextSlot: ContinuousClock.Instant?

    init(maxPerSecond: Int) {
        interval = .milliseconds(1000 / max(1, maxPerSecond))
    }

    /// The turn is further away than the caller would wait: nothing was booked.
    struct Busy: Error {
        /// How long until a turn would come.
        let wait: Duration
    }

    /// Waits until this caller may start a request; callers are served in arrival order. With `maximumWait`, a turn
    /// further away than that is refused (`Busy`) instead of booked, so a flood of callers cannot push everyone
    /// else's turn minutes away.
    func waitForTurn(maximumWait: Duration? = nil) async throws {
        let clock = ContinuousClock()
        let now = clock.now
        let slot = max(now, nextSlot ?? now)
        if let maximumWait, slot - now > maximumWait { throw Busy(wait: slot - now) }
        nextSlot = slot + interval
        if slot > now { try await clock.sleep(until: slot) }
    }

    /// Called when a request has finished: the next one waits a full interval from now, so the upstream sees
    /// requests at least `interval` apart however long the network took to deliver the previous one.
    func requestFinished() {
        let earliest = ContinuousClock().now + interval
        nextSlot = max(nextSlot ?? earliest, earliest)
    }
}
