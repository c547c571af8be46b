import Foundation
import GiveawaysDomain

/// At most a few upstream place searches at once, server-wide: a crowd of visitors (or one hostile client) waits
/// its turn here instead of multiplying the requests that reach Foursquare or a public Overpass instance. Waiting
/// callers are served in arrival order; one cancelled while waiting (its deadline passed) leaves the queue. The
/// queue is bounded too: past `maximumWaiting`, a search is refused at once (`PlaceSourceError.busy`), so a flood
/// costs a few bytes per request rather than a parked task and its connection each.
public actor PlaceSearchGate {
    /// The one gate every Nearby upstream of the process shares.
    public static let shared = PlaceSearchGate(limit: 4)

    /// What a refused search is told to wait, in seconds: about one search's deadline.
    public static let busyRetryAfter: TimeInterval = 5

    private let limit: Int
    /// Searches that may wait for a place; `limit` running and this many waiting, the next is refused.
    let maximumWaiting: Int
    private var running = 0
    private var waiting: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextID = 0

    public init(limit: Int, maximumWaiting: Int = 32) {
        self.limit = max(1, limit)
        self.maximumWaiting = max(0, maximumWaiting)
    }

    /// How many searches run and wait now (for tests and the status page).
    var usage: (running: Int, waiting: Int) { (running, waiting.count) }

    /// Runs `operation` when a place is free.
    func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
        try await enter()
        defer { leave() }
        return try await operation()
    }

    private func enter() async throws {
        if running < limit {
            running += 1
            return
        }
        guard waiting.count < maximumWaiting else { throw PlaceSourceError.busy(retryAfter: Self.busyRetryAfter) }
        let id = nextID
        nextID += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiting.append((id, continuation))
                }
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    private func cancel(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// Hands the place to the first waiter, if any (the count stays), else frees it.
    private func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().continuation.resume()
        }
    }
}
