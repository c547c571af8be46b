import Foundation
import GiveawaysDomain
import Logging

/// Delivers the outbox: raises `ending` for giveaways that entered the 24-hour window, claims due events with a
/// lease, sends them, and records each outcome (delivered, retry at the policy's next time, or given up).
///
/// Exactly once, and where it needs the receiver: an event exists once (the outbox's unique key) and is
/// delivered until one attempt is *recorded* as a success. A crash after the receiver got the request but before
/// the success was recorded leaves the event claimed; when its lease runs out it is sent again. No sender can
/// close that window alone — the receiver's "I got it" and our "it was got" are two writes on two machines. So
/// every attempt of one event carries the same `X-Giveaways-Delivery` id, and a receiver that keeps the ids it
/// has seen gets each event exactly once. Without a crash there are no repeats: the lease (`lease`, longer than
/// the sender's timeout) keeps other workers off an event while it is being sent, and the outcome is fenced by
/// the attempt number.
public struct HookDeliveryWorker: Sendable {
    let repository: any HookRepository
    let sender: HookSender
    let clock: @Sendable () -> Date
    let logger: Logger
    /// How long a claim keeps an event from other workers: above the time one hook's share of a batch can take
    /// (`batchSize` events, one after the other, each bounded by the sender's timeout).
    public var lease: TimeInterval = 600
    /// Events claimed per round; they are sent concurrently.
    public var batchSize = 32
    /// Told every recorded attempt (for /metrics).
    public var recorded: @Sendable (Hook, HookDeliveryAttempt) -> Void = { _, _ in }
    /// Where Telegram's Bot API is, and how Details links are made.
    public var channels = HookChannels()
    /// Web Push (`webpush` hooks); without it their events are given up as unsendable.
    public var push: WebPush?
    /// The merged feed's giveaways the tick weighs for the stores' own and announced giveaways' events
    /// (`HookEventPlanner.firstHandCandidates`); `nil` raises none (GamerPower's table alone).
    public var firstHand: (@Sendable (Date) async throws -> [Giveaway])?

    public init(
        repository: any HookRepository, sender: HookSender, clock: @escaping @Sendable () -> Date, logger: Logger
    ) {
        self.repository = repository
        self.sender = sender
        self.clock = clock
        self.logger = logger
    }

    /// One pass: raises due `ending` events, then sends every event due now, batch after batch. Answers how many
    /// attempts were made.
    @discardableResult
    public func runOnce() async throws -> Int {
        try await repository.raiseEndingSoon(at: clock())
        if let firstHand {
            let now = clock()
            try await repository.raiseFirstHand(try await firstHand(now), at: now)
        }
        var attempts = 0
        // A hook that failed in this pass gets nothing more until its retry time, so that its later events (past
        // this batch) neither overtake the failed one nor spend attempts on a receiver that is down.
        var failed = Set<Int>()
        while true {
            let claimed = try await repository.claimDue(now: clock(), lease: lease, limit: batchSize, skipping: failed)
            if claimed.isEmpty { return attempts }
            // Hooks in parallel, each hook's events one after the other, in the order they were raised: a receiver
            // sees them in order and is not hit by a burst (Discord limits a webhook to a few requests a second).
            let byHook = Dictionary(grouping: claimed, by: \.hook.id)
            let results = await withTaskGroup(of: (hook: Int, attempts: Int, failed: Bool).self) { group in
                for (hook, events) in byHook {
                    group.addTask {
                        let (attempts, failed) = await deliverInOrder(events)
                        return (hook, attempts, failed)
                    }
                }
                return await group.reduce(into: [(hook: Int, attempts: Int, failed: Bool)]()) { $0.append($1) }
            }
            for result in results {
                attempts += result.attempts
                if result.failed { failed.insert(result.hook) }
            }
        }
    }

    /// How long `hooks log` looks back.
    public static let logRetention: TimeInterval = 30 * 86_400

    /// How long a push device may stay silent (not subscribed again, its visitor not seen) before it is dropped.
    public static let pushDeviceSilence: TimeInterval = 60 * 86_400

    /// Forgets delivery attempts older than `logRetention`, and drops push devices silent for `pushDeviceSilence`
    /// (a phone thrown away keeps a live subscription for months: it would hold a place in the server's budget).
    public func pruneLog() async throws {
        let now = clock()
        try await repository.pruneLog(before: now.addingTimeInterval(-Self.logRetention))
        let dropped = try await repository.removeSilentPushDevices(
            since: now.addingTimeInterval(-Self.pushDeviceSilence))
        if dropped > 0 {
            logger.info("dropped push devices silent for 60 days", metadata: ["count": "\(dropped)"])
        }
    }

    /// Sends one hook's events in order; after a failure the rest wait with the failed one. Answers how many
    /// attempts were made, and whether one failed.
    private func deliverInOrder(_ events: [ClaimedHookEvent]) async -> (Int, Bool) {
        let schedule = await schedule(of: events.first?.hook)
        var due: [ClaimedHookEvent] = []
        for event in events {
            // What the visitor's schedule holds (the daily summary, quiet hours) waits unsent, out of the way.
            if let schedule, await hold(event, by: schedule) { continue }
            due.append(event)
        }
        var attempts = 0
        let (rest, summary) = await sendSummary(of: due, schedule: schedule)
        if let summary {
            attempts += 1
            guard summary.delivered else {
                await postpone(rest, until: summary.next)
                return (attempts, true)
            }
        }
        for (index, event) in rest.enumerated() {
            attempts += 1
            let (delivered, next) = await deliver(event)
            guard delivered else {
                await postpone(rest[(index + 1)...], until: next)
                return (attempts, true)
            }
        }
        return (attempts, false)
    }

    /// After a failure, the hook's events behind it wait with it.
    private func postpone(_ waiting: some Sequence<ClaimedHookEvent>, until next: Date?) async {
        let retry = next ?? clock().addingTimeInterval(HookRetryPolicy.delays[0])
        for event in waiting {
            do {
                try await repository.postpone(event, until: retry)
            } catch {
                logger.error("could not postpone a hook event", metadata: ["reason": "\(error)"])
            }
        }
    }

    /// `--allow-private-hooks` is the operator's choice for the operator's hooks; a visitor's never reach the private
    /// network. A Telegram hook goes to the Bot API the operator chose (`--telegram-api-url`), which no one typed
    /// into a hook: it may be anywhere.
    func sender(for hook: Hook) -> HookSender {
        if hook.format == .telegram { return sender.allowingPrivate }
        return hook.profileID == nil ? sender : sender.refusingPrivate
    }

    /// Sends one event and records the outcome: whether it was delivered, and when it is tried next if not.
    private func deliver(_ event: ClaimedHookEvent) async -> (delivered: Bool, next: Date?) {
        let outcome: HookSender.Outcome
        do {
            if event.hook.format == .webpush {
                outcome = try await sendPush(event.hook, event.giveaway, event: event.event.rawValue)
            } else {
                let message = try HookPayload.message(
                    hook: event.hook, giveaway: event.giveaway, event: event.event.rawValue,
                    deliveryID: String(event.id), change: event.endDateChange, now: clock(), channels: channels)
                outcome = await sender(for: event.hook).send(message)
            }
        } catch {
            outcome = HookSender.Outcome(status: nil, error: "cannot build the body: \(error)")
        }
        return await record(event, outcome)
    }

    /// Records what an attempt at `event` came to, and logs it: whether it was delivered, and when it is tried next
    /// if not.
    func record(_ event: ClaimedHookEvent, _ outcome: HookSender.Outcome) async -> (delivered: Bool, next: Date?) {
        do {
            let now = clock()
            let attempt = try await repository.recordOutcome(
                of: event, status: outcome.status, error: outcome.error,
                notBefore: outcome.retryAfter.map { now.addingTimeInterval($0) }, at: now)
            recorded(event.hook, attempt)
            if event.hook.format == .webpush { try await pushAnswered(outcome, hook: event.hook) }
            let metadata: Logger.Metadata = [
                "hook": "\(event.hook.id)", "to": "\(event.hook.redactedURL)", "giveaway": "\(event.giveaway.id)",
                "event": "\(event.event.rawValue)", "attempt": "\(event.attempt)",
            ]
            if attempt.succeeded {
                logger.debug("hook delivered", metadata: metadata)
            } else if attempt.gaveUp {
                logger.error(
                    "hook delivery failed; gave up",
                    metadata: metadata.merging(["reason": "\(attempt.error ?? "")"]) { a, _ in a })
            } else {
                logger.warning(
                    "hook delivery failed; will retry",
                    metadata: metadata.merging([
                        "reason": "\(attempt.error ?? "")",
                        "next": "\(attempt.nextAttemptAt.map(Timestamp.format) ?? "")",
                    ]) { a, _ in a })
            }
            return (attempt.succeeded, attempt.nextAttemptAt)
        } catch {
            // The lease runs out and the event is sent again, with the same delivery id.
            logger.error("could not record a hook delivery", metadata: ["event": "\(event.id)", "reason": "\(error)"])
            return (false, nil)
        }
    }

    /// Sends one push message. Push endpoints follow `--allow-private-hooks` (the browser's push service is
    /// public; a private one exists only in tests and home networks, where the operator allows it).
    private func sendPush(_ hook: Hook, _ giveaway: Giveaway, event: String) async throws -> HookSender.Outcome {
        guard let push else { return HookSender.Outcome(status: nil, error: "Web Push is not set up on this server") }
        let message = try await push.message(
            hook: hook, giveaway: giveaway, event: event, allowPrivate: sender.allowPrivate, now: clock())
        return await sender.send(message)
    }

    /// What the push service's answer means beyond the outbox's retry rule: 404 and 410 say the subscription is
    /// gone for good (the device unsubscribed, or the browser dropped it), so it is removed; 413 is our bug (the
    /// payload is capped below what services take).
    private func pushAnswered(_ outcome: HookSender.Outcome, hook: Hook) async throws {
        switch outcome.status {
        case 404, 410:
            _ = try await repository.removeHook(id: hook.id)
            logger.info(
                "push subscription gone; removed",
                metadata: ["hook": "\(hook.id)", "status": "\(outcome.status ?? 0)", "to": "\(hook.redactedURL)"])
        case 413:
            logger.error(
                "push service refused the payload as too large (a bug: payloads are capped); gave up",
                metadata: ["hook": "\(hook.id)", "to": "\(hook.redactedURL)"])
        default: break
        }
    }

    /// Sends one sample delivery to a hook now (`giveaways hooks test`), logs it, and answers the outcome. The
    /// sample is the feed's first live giveaway, or a made-up one when the feed is empty.
    public func sendTest(to hook: Hook, sample: Giveaway) async throws -> HookDeliveryAttempt {
        let now = clock()
        let outcome: HookSender.Outcome
        do {
            if hook.format == .webpush {
                outcome = try await sendPush(hook, sample, event: "test")
            } else {
                let message = try HookPayload.message(
                    hook: hook, giveaway: sample, event: "test",
                    deliveryID: "test-\(UUID().uuidString.lowercased())", now: now, channels: channels)
                outcome = await sender(for: hook).send(message)
            }
        } catch {
            outcome = HookSender.Outcome(status: nil, error: "cannot build the body: \(error)")
        }
        let attempt = HookDeliveryAttempt(
            at: clock(), hookID: hook.id, eventID: nil, giveawayID: sample.id, event: "test", attempt: 1,
            status: outcome.status, error: outcome.succeeded ? nil : (outcome.error ?? "HTTP \(outcome.status ?? 0)"),
            nextAttemptAt: nil, gaveUp: false)
        try await repository.logTestDelivery(attempt)
        return attempt
    }
}
