import Foundation

/// An outbox row that is due, as a claimer reads it.
public struct DueHookEvent: Hashable, Sendable {
    public var id: Int
    public var hookID: Int
    public var giveawayID: Int
    /// The event's stored name (a newer release may have written one this release does not know).
    public var event: String
    /// For `changed`: the id of the end-date move it reports.
    public var occurrence: Int
    /// Attempts counted so far.
    public var attempts: Int
    public var raisedAt: Date

    public init(
        id: Int, hookID: Int, giveawayID: Int, event: String, occurrence: Int, attempts: Int, raisedAt: Date
    ) {
        self.id = id
        self.hookID = hookID
        self.giveawayID = giveawayID
        self.event = event
        self.occurrence = occurrence
        self.attempts = attempts
        self.raisedAt = raisedAt
    }
}

/// Which due outbox rows a claimer takes, and which it gives up, decided without a database. Every store claims
/// the `claimed` rows in one statement (state `sending`, the attempt counted, a lease) and gives up the rest.
public struct OutboxClaims: Sendable {
    /// One row to claim: what its delivery needs, and this claim's attempt number.
    public struct Claim: Sendable {
        public var row: DueHookEvent
        public var hook: Hook
        public var giveaway: Giveaway
        public var event: HookEvent
        public var attempt: Int
    }

    /// One row given up, with the reason the delivery log shows.
    public struct GiveUp: Hashable, Sendable {
        public var id: Int
        public var reason: String
    }

    /// The rows to claim, in id order.
    public var claimed: [Claim]
    /// The rows to give up, in id order.
    public var givenUp: [GiveUp]

    /// - Parameters:
    ///   - due: the due rows, in id order.
    ///   - blocked: rows to leave alone this time (an earlier event of their hook is held by another claimer).
    ///   - hooks: every hook, by id.
    ///   - giveaways: the rows' giveaways that still exist, by id.
    public init(due: [DueHookEvent], blocked: Set<Int> = [], hooks: [Int: Hook], giveaways: [Int: Giveaway]) {
        claimed = []
        givenUp = []
        for row in due where !blocked.contains(row.id) {
            let attempt = row.attempts + 1
            // Each claim counts as an attempt, so a crash loop still gives up after the last one.
            guard attempt <= HookRetryPolicy.maximumAttempts else {
                givenUp.append(GiveUp(id: row.id, reason: "gave up: no outcome recorded for the last attempt"))
                continue
            }
            guard let hook = hooks[row.hookID], let event = HookEvent(rawValue: row.event),
                let giveaway = giveaways[row.giveawayID]
            else {
                givenUp.append(GiveUp(id: row.id, reason: "gave up: the hook or the giveaway is gone"))
                continue
            }
            claimed.append(Claim(row: row, hook: hook, giveaway: giveaway, event: event, attempt: attempt))
        }
    }

    /// The end-date moves the claimed `changed` events report (their ids), to read with them.
    public var endDateMoves: [Int] {
        claimed.filter { $0.event == .changed && $0.row.occurrence > 0 }.map(\.row.occurrence)
    }

    /// The claimed events, with the end-date moves read for them.
    public func events(moves: [Int: EndDateChange]) -> [ClaimedHookEvent] {
        claimed.map { claim in
            ClaimedHookEvent(
                id: claim.row.id, hook: claim.hook, giveaway: claim.giveaway, event: claim.event,
                attempt: claim.attempt,
                endDateChange: claim.event == .changed ? moves[claim.row.occurrence] : nil,
                raisedAt: claim.row.raisedAt)
        }
    }
}
