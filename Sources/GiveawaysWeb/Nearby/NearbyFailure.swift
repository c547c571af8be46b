import Foundation
import GiveawaysDomain

/// What a failed place search means to a visitor or an API client: one `AppError` per kind of failure, none
/// naming the key (a refused key is the operator's to fix: 503).
struct NearbyFailure: Sendable {
    let error: AppError
    /// Whole seconds for `Retry-After`, when the source said.
    let retryAfter: Int?

    init(_ failure: PlaceSourceError, hasCursor: Bool) {
        var retryAfter: Int?
        // The ids a source kept are the page's to show; an API client gets what went wrong.
        switch failure.reason {
        case .refusedKey:
            error = AppError(.serviceUnavailable) { $0.errors.nearbyRefusedKey }
        case .rateLimited(let seconds):
            retryAfter = seconds.map { Int($0.rounded(.up)) }
            error = AppError(.tooManyRequests) { $0.errors.nearbyRateLimited }
        case .unknownPlace:
            error = AppError(.notFound) { $0.errors.nearbyUnknownPlace }
        case .busy(let seconds):
            // This server's own queue, not the source's answer: a 503 that says when to come back.
            retryAfter = max(1, Int(seconds.rounded(.up)))
            error = AppError(.serviceUnavailable) { $0.errors.nearbyBusy }
        case .unavailable(let status) where (400..<500).contains(status):
            // The source refused the search itself: a cursor from elsewhere, or a name it cannot place.
            error =
                hasCursor
                ? AppError(.notFound) { $0.errors.badNearbyCursor }
                : AppError(.notFound) { $0.errors.nearbyUnknownPlace }
        case .unavailable, .unreachable, .malformed, .onlyIDsKept:
            error = AppError(.badGateway) { $0.errors.nearbyUnavailable }
        }
        self.retryAfter = retryAfter
    }
}
