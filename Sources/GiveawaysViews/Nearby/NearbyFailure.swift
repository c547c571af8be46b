import Foundation
import GiveawaysDomain
import HTTPTypes

/// What a failed place search means, the same on `/nearby` and `/api/v1/nearby`: this is the one place where a
/// failure gets its status (and `openapi.yaml` says it for the API). None names the key.
///
/// - 502 Bad Gateway: the source failed — no connection, an error status, an answer that is not its format (with
///   or without the place ids kept of the area: those are the page's to show).
/// - 504 Gateway Timeout: the source did not answer within the deadline.
/// - 503 Service Unavailable: this server cannot search now, whoever asks: the source refused the operator's key,
///   the source asks this server to slow down, or this server's own queue of searches is full (the last two with
///   `Retry-After` when known). 429 stays the client's own share of searches (`NearbyLimitMiddleware`).
/// - 404 Not Found: a typed place nothing matches, or a cursor the source refuses (a 4xx from the source for a
///   next page, or for a typed place).
package struct NearbyFailure: Sendable {
    package enum Meaning: Sendable, Equatable {
        case sourceFailed, timedOut, refusedKey, slowDown, busy, unknownPlace, badCursor
    }

    package let meaning: Meaning
    /// Whole seconds for `Retry-After`, when the source or this server said.
    package let retryAfter: Int?

    package init(_ failure: PlaceSourceError, hasCursor: Bool, isTypedPlace: Bool) {
        switch failure.reason {
        case .refusedKey: meaning = .refusedKey
        case .rateLimited: meaning = .slowDown
        case .busy: meaning = .busy
        case .unknownPlace: meaning = .unknownPlace
        case .timedOut: meaning = .timedOut
        case .unavailable(let status) where (400..<500).contains(status) && hasCursor: meaning = .badCursor
        case .unavailable(let status) where (400..<500).contains(status) && isTypedPlace: meaning = .unknownPlace
        case .unavailable, .unreachable, .malformed, .onlyIDsKept: meaning = .sourceFailed
        }
        // The source's wait as it said it; this server's own at least a second.
        retryAfter =
            switch failure.reason {
            case .rateLimited(let seconds): seconds.map { max(1, Int($0.rounded(.up))) }
            case .busy(let seconds): max(1, Int(seconds.rounded(.up)))
            default: nil
            }
    }

    package init(_ failure: PlaceSourceError, query: PlaceQuery) {
        var isTypedPlace = false
        if case .named = query.area { isTypedPlace = true }
        self.init(failure, hasCursor: query.cursor != nil, isTypedPlace: isTypedPlace)
    }

    package var status: HTTPResponse.Status {
        switch meaning {
        case .sourceFailed: .badGateway
        case .timedOut: .gatewayTimeout
        case .refusedKey, .slowDown, .busy: .serviceUnavailable
        case .unknownPlace, .badCursor: .notFound
        }
    }

    /// The API's answer: the status and what it means, in the request's language.
    package var error: AppError {
        let status = status
        return switch meaning {
        case .sourceFailed: AppError(status) { $0.errors.nearbyUnavailable }
        case .timedOut: AppError(status) { $0.errors.nearbyTimedOut }
        case .refusedKey: AppError(status) { $0.errors.nearbyRefusedKey }
        case .slowDown: AppError(status) { $0.errors.nearbyRateLimited }
        case .busy: AppError(status) { $0.errors.nearbyBusy }
        case .unknownPlace: AppError(status) { $0.errors.nearbyUnknownPlace }
        case .badCursor: AppError(status) { $0.errors.badNearbyCursor }
        }
    }
}
