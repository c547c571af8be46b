import Foundation

/// Webhooks, their outbox and their delivery log. Every write is one transaction.
///
/// The outbox is what makes delivery exactly-once on our side: an event is written in the sync's own transaction
/// (`GiveawayFeedRepository.saveFeed`), once per (hook, giveaway, event, occurrence); a sender claims it with a
/// lease (`claimDue`) and records the outcome fenced by the attempt number (`recordOutcome`).
public protocol HookRepository: NotificationPreferenceRepository {
    // MARK: - Hooks

    /// Stores a new hook and answers it with its id and baseline. Its baseline is its creation time when the store
    /// already holds a real feed; otherwise the first sync after it sets one (and raises no `new` events).
    func addHook(_ hook: Hook) async throws -> Hook
    /// Every hook, oldest first. A visitor's hook carries the visitor's current rules.
    func hooks() async throws -> [Hook]
    /// One hook by id.
    func hook(id: Int) async throws -> Hook?
    /// Removes a hook with its pending events and its log. Answers whether there was one.
    func removeHook(id: Int) async throws -> Bool

    // MARK: - Visitors' hooks

    /// A visitor profile's own hooks (Settings → Notifications), oldest first.
    func hooks(of profile: ProfileID) async throws -> [Hook]
    /// Removes one of a profile's own hooks; another profile's (or the operator's) is left alone. Answers whether
    /// there was one.
    func removeHook(id: Int, of profile: ProfileID) async throws -> Bool
    /// Adds a visitor's hook (its `profileID` set) if the profile may add one (`limits.minimumProfileAge`) and every
    /// limit of its budget (push devices or webhooks) has room: checked and inserted in one transaction, so
    /// parallel requests cannot slip past a limit together.
    func addVisitorHook(
        _ hook: Hook, from clientAddress: String, limits: VisitorHookLimits
    ) async throws -> Result<Hook, VisitorHookLimit>
    /// Every visitor's hook with who added it, oldest first (for the operator).
    func visitorHooks() async throws -> [VisitorHook]
    /// Removes the push devices (`webpush` hooks) silent since `time`: subscribed before it, and their profile not
    /// seen since (no page view, which a click on a notification is too). Their events and device names go with
    /// them. Answers how many were removed.
    @discardableResult
    func removeSilentPushDevices(since time: Date) async throws -> Int

    // MARK: - Outbox

    /// Raises `ending` for every live giveaway in the feed that enters the `EndingSoon` window by `now`, as
    /// `planner` plans: the periodic tick, since a giveaway can enter the window between two syncs. Answers how
    /// many events were new.
    @discardableResult
    func raiseEndingSoon(at now: Date, planner: HookEventPlanner) async throws -> Int
    /// Claims up to `limit` due events, oldest first: pending ones whose time has come, and sending ones whose
    /// lease ran out (their sender died between send and record). Each claim counts as an attempt, so a crash
    /// loop still gives up after `HookRetryPolicy.maximumAttempts`. A hook's events are claimed in the order they
    /// were raised: none while an earlier one of the same hook waits.
    /// - Parameter skipping: hooks whose delivery failed earlier in this pass: their later events wait, in order.
    func claimDue(now: Date, lease: TimeInterval, limit: Int, skipping: Set<Int>) async throws -> [ClaimedHookEvent]
    /// Records what one attempt came to, and logs it. Fenced: the event changes only if it is still claimed at
    /// this attempt number, so a slow sender whose lease was taken over cannot undo the newer claim. Answers the
    /// logged attempt.
    /// - Parameter notBefore: the receiver asked us to wait until then (a 429's retry time): no retry before it.
    @discardableResult
    func recordOutcome(
        of claimed: ClaimedHookEvent, status: Int?, error: String?, notBefore: Date?, at now: Date
    ) async throws -> HookDeliveryAttempt
    /// Hands a claimed event back unsent, to be tried at `time`: the attempt it was claimed for does not count.
    func postpone(_ claimed: ClaimedHookEvent, until time: Date) async throws
    /// Holds a claimed event unsent until `time` because its visitor's schedule says so (the daily summary, quiet
    /// hours): like `postpone`, but a held event does not keep the hook's later events waiting (an urgent reminder
    /// raised after it goes at once).
    func hold(_ claimed: ClaimedHookEvent, until time: Date) async throws
    /// How many events wait in each state (`pending`, `sending`, `delivered`, `failed`), for one hook or all.
    func eventCounts(hook: Int?) async throws -> [String: Int]

    // MARK: - Delivery log

    /// Logs a `hooks test` sample delivery (it is not an outbox event).
    func logTestDelivery(_ attempt: HookDeliveryAttempt) async throws
    /// The most recent delivery attempts, newest first, for one hook or all.
    func deliveries(hook: Int?, limit: Int) async throws -> [HookDeliveryAttempt]
    /// Forgets delivery attempts logged before `time` (outbox events stay: they keep an event from being raised
    /// twice). Answers how many were removed.
    @discardableResult
    func pruneLog(before time: Date) async throws -> Int
}

extension HookRepository {
    /// `raiseEndingSoon` with the notification policy.
    @discardableResult
    public func raiseEndingSoon(at now: Date) async throws -> Int {
        try await raiseEndingSoon(at: now, planner: HookEventPlanner())
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
