import Foundation

extension StoredGiveaway {
    /// When this giveaway stopped being claimable here: when it left the feed or when its end date passed,
    /// whichever came first; `nil` while it is live and in the feed.
    public func endedAt(at now: Date) -> Date? {
        let expiredAt = giveaway.endsAt.flatMap { $0 <= now ? $0 : nil }
        switch (history.leftAt, expiredAt) {
        case (let left?, let expired?): return min(left, expired)
        case (let left?, nil): return left
        case (nil, let expired?): return expired
        case (nil, nil): return nil
        }
    }
}
