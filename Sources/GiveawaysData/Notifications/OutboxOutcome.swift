import Foundation
import GiveawaysDomain

/// What one recorded delivery attempt makes of its outbox row: delivered, pending again at the retry time, or
/// failed (given up). Both stores write it with one fenced `UPDATE` (only while the row is still claimed at the
/// attempt's number), so the rule lives here once.
struct OutboxOutcome: Equatable {
    var state: String
    /// When it was delivered; `nil` keeps the column as it is.
    var deliveredAt: Date?
    /// When to try again; `nil` keeps the column as it is.
    var nextAttemptAt: Date?
    var lastError: String?

    init(_ attempt: HookDeliveryAttempt) {
        if attempt.succeeded {
            self.init(state: "delivered", deliveredAt: attempt.at, nextAttemptAt: nil, lastError: nil)
        } else {
            let next = attempt.nextAttemptAt
            self.init(
                state: next == nil ? "failed" : "pending", deliveredAt: nil, nextAttemptAt: next ?? attempt.at,
                lastError: attempt.error)
        }
    }

    init(state: String, deliveredAt: Date?, nextAttemptAt: Date?, lastError: String?) {
        self.state = state
        self.deliveredAt = deliveredAt
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
    }
}
