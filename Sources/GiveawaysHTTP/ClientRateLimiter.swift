import Foundation
import Synchronization

/// A token bucket per client address, in memory: a client may act `capacity` times at once and gains one more
/// try every `refill`. Keeps at most `maxClients` buckets; past that, the client quiet the longest is forgotten
/// (a forgotten client starts again with a full bucket, which is what it would have had by then anyway, unless
/// someone floods the table with addresses — and then every address counts separately still).
package final class ClientRateLimiter: Sendable {
    package let capacity: Double
    package let refill: TimeInterval
    package let maxClients: Int

    private struct Bucket {
        var tokens: Double
        var updatedAt: Date
    }

    private let buckets = Mutex<[String: Bucket]>([:])

    package init(capacity: Int, refill: TimeInterval, maxClients: Int = 10_000) {
        self.capacity = Double(capacity)
        self.refill = refill
        self.maxClients = maxClients
    }

    /// Takes one try from `client`'s bucket; `nil` when it had one, else when the next one comes.
    package func take(_ client: ClientAddress, at now: Date) -> Date? {
        take(key: client.description, at: now)
    }

    /// Takes one try from the bucket of `key` (a client's address, a profile); `nil` when it had one, else when the
    /// next one comes.
    package func take(key: String, at now: Date) -> Date? {
        buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: capacity, updatedAt: now)
            let gained = max(0, now.timeIntervalSince(bucket.updatedAt)) / refill
            bucket.tokens = min(capacity, bucket.tokens + gained)
            bucket.updatedAt = max(bucket.updatedAt, now)
            guard bucket.tokens >= 1 else {
                buckets[key] = bucket
                return now.addingTimeInterval((1 - bucket.tokens) * refill)
            }
            bucket.tokens -= 1
            if buckets[key] == nil, buckets.count >= maxClients,
                let quiet = buckets.min(by: { $0.value.updatedAt < $1.value.updatedAt })
            {
                buckets[quiet.key] = nil
            }
            buckets[key] = bucket
            return nil
        }
    }

    /// How many clients have a bucket (for tests of the bound).
    package var clientCount: Int { buckets.withLock { $0.count } }
}
