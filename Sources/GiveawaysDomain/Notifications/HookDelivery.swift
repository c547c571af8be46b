import Foundation

extension HookRepository {
    /// `raiseEndingSoon` with the notification policy.
    @discardableResult
    public func raiseEndingSoon(at now: Date) async throws -> Int {
        try await raiseEndingSoon(at: now, planner: HookEventPlanner())
    }

    /// `raiseFirstHand` with the notification policy.
    @discardableResult
    public func raiseFirstHand(_ candidates: [Giveaway], at now: Date) async throws -> Int {
        try await raiseFirstHand(candidates, at: now, planner: HookEventPlanner())
    }

    /// `claimDue` skipping no hook.
    public func claimDue(now: Date, lease: TimeInterval, limit: Int) async throws -> [ClaimedHookEvent] {
        try await claimDue(now: now, lease: lease, limit: limit, skipping: [])
    }

    /// `recordOutcome` with no wait asked by the receiver.
    @discardableResult
    public func recordOutcome(
        of claimed: ClaimedHookEvent, status: Int?, error: String?, at now: Date
    ) async throws -> HookDeliveryAttempt {
        try await recordOutcome(of: claimed, status: status, error: error, notBefore: nil, at: now)
    }

    /// Event counts over every hook.
    public func eventCounts() async throws -> [String: Int] {
        try await eventCounts(hook: nil)
    }

    /// The 50 most recent attempts, of one hook or all.
    public func deliveries(hook: Int? = nil) async throws -> [HookDeliveryAttempt] {
        try await deliveries(hook: hook, limit: 50)
    }
}

/// One claimed outbox event, with what a delivery needs.
public struct ClaimedHookEvent: Sendable {
    public var id: Int
    public var hook: Hook
    public var giveaway: Giveaway
    public var event: HookEvent
    /// This claim's attempt number (1 for the first); also the fence for `recordOutcome`.
    public var attempt: Int
    /// For `changed`: the end date before and after the move.
    public var endDateChange: EndDateChange?
    /// When the event was raised: a held event goes at the schedule's first time after it.
    public var raisedAt: Date?

    public init(
        id: Int, hook: Hook, giveaway: Giveaway, event: HookEvent, attempt: Int, endDateChange: EndDateChange? = nil,
        raisedAt: Date? = nil
    ) {
        self.raisedAt = raisedAt
        self.id = id
        self.hook = hook
        self.giveaway = giveaway
        self.event = event
        self.attempt = attempt
        self.endDateChange = endDateChange
    }
}

extension HookDeliveryAttempt {
    /// What one attempt to deliver `claimed` came to: a 2xx answer without an error is delivered; anything else is
    /// tried again after `HookRetryPolicy`'s delay, or given up after its last try. The one rule every store records.
    /// A 413 is given up at once: the same body would be refused again. A retry is never earlier than `notBefore`,
    /// the time the receiver asked us to wait for, and never more than a day away because of it.
    public init(
        outcomeOf claimed: ClaimedHookEvent, status: Int?, error: String?, notBefore: Date? = nil, at now: Date
    ) {
        let succeeded = error == nil && status.map { (200..<300).contains($0) } == true
        var next = succeeded || status == 413 ? nil : HookRetryPolicy.nextAttempt(after: claimed.attempt, failedAt: now)
        if let policy = next, let notBefore, notBefore > policy {
            next = min(notBefore, now.addingTimeInterval(86_400))
        }
        self.init(
            at: now, hookID: claimed.hook.id, eventID: claimed.id, giveawayID: claimed.giveaway.id,
            event: claimed.event.rawValue, attempt: claimed.attempt, status: status,
            error: succeeded ? nil : (error ?? "HTTP \(status ?? 0)"), nextAttemptAt: next,
            gaveUp: !succeeded && next == nil)
    }
}
