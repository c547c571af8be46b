import Foundation
import GiveawaysDomain

// A visitor's schedule in the delivery path: an event their daily summary or quiet hours hold is handed back
// (`hold`) until the schedule lets it go, without counting as an attempt.
extension HookDeliveryWorker {
    /// The schedule of a visitor's hook; `nil` for an operator's (it has none) or when it cannot be read (the
    /// events then go as they would without one, rather than not at all).
    func schedule(of hook: Hook?) async -> NotificationSchedule? {
        guard let profile = hook?.profileID else { return nil }
        do {
            return try await repository.notificationPreferences(of: profile).schedule
        } catch {
            logger.error("could not read a visitor's notification schedule", metadata: ["reason": "\(error)"])
            return nil
        }
    }

    /// Holds `event` when `schedule` says it may not go yet; answers whether it did. Reminders are urgent.
    func hold(_ event: ClaimedHookEvent, by schedule: NotificationSchedule) async -> Bool {
        let now = clock()
        guard
            let until = schedule.heldUntil(
                raisedAt: event.raisedAt ?? now, now: now, urgent: event.event == .reminder)
        else { return false }
        do {
            try await repository.hold(event, until: until)
            logger.debug(
                "hook event held by the visitor's schedule",
                metadata: ["hook": "\(event.hook.id)", "event": "\(event.id)", "until": "\(Timestamp.format(until))"])
        } catch {
            logger.error("could not hold a hook event", metadata: ["reason": "\(error)"])
        }
        return true
    }
}

// The daily summary: what a visitor's summary time released goes out as one message.
extension HookDeliveryWorker {
    /// Sends the non-urgent events among `due` as one summary when the visitor chose a daily summary and there are
    /// two or more (and the format has a summary shape), recording each event with the summary's outcome. Answers
    /// the events still to send one by one, and the summary's outcome when one was sent.
    func sendSummary(
        of due: [ClaimedHookEvent], schedule: NotificationSchedule?
    ) async -> (rest: [ClaimedHookEvent], summary: (delivered: Bool, next: Date?)?) {
        let batch = due.filter { $0.event != .reminder }
        guard schedule?.digestAt != nil, batch.count >= 2, let hook = batch.first?.hook else { return (due, nil) }
        let outcome: HookSender.Outcome
        do {
            if hook.format == .webpush {
                // One notification on the device, encrypted for it; push endpoints follow `--allow-private-hooks`.
                guard
                    let message = try await push?.summaryMessage(
                        hook: hook, giveaways: batch.map(\.giveaway), allowPrivate: sender.allowPrivate, now: clock())
                else { return (due, nil) }
                outcome = await sender.send(message)
            } else {
                guard
                    let message = try HookSummary.message(
                        hook: hook, items: batch.map { HookSummary.Item(event: $0.event, giveaway: $0.giveaway) },
                        deliveryID: "digest-\(batch[0].id)-\(batch[batch.count - 1].id)", now: clock(),
                        channels: channels)
                else { return (due, nil) }
                outcome = await sender(for: hook).send(message)
            }
        } catch {
            outcome = HookSender.Outcome(status: nil, error: "cannot build the body: \(error)")
        }
        var result: (delivered: Bool, next: Date?) = (true, nil)
        for event in batch {
            let recorded = await record(event, outcome)
            if !recorded.delivered { result = (false, recorded.next ?? result.next) }
        }
        let summarised = Set(batch.map(\.id))
        return (due.filter { !summarised.contains($0.id) }, result)
    }
}
