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
