import Foundation
import GiveawaysHTTP

/// How many new live streams a client address may open, beside the cap on the streams it holds open at once: a
/// client that reconnects in a loop (above all with `Last-Event-ID: 0`, which replays up to 1,000 events each time)
/// is told to wait, with a 429 and `Retry-After`. Two token buckets per address:
/// - every new stream: 120 at once, then two a second (each page with live updates opens one: a visitor clicking
///   from page to page, or a tab reloaded, is nowhere near it, nor are a few people behind one address);
/// - a stream that asks for what it missed (`Last-Event-ID` or `?lastEventId=`): 30 at once, then one every 3 s.
///   A browser reconnects after the stream's `retry:` (5 s), and the page reconnects when its tab comes back into
///   view: neither, even forever, runs out.
struct LiveReconnectBudget: Sendable {
    let streams: ClientRateLimiter
    let replays: ClientRateLimiter

    static let standard = LiveReconnectBudget(
        streams: ClientRateLimiter(capacity: 120, refill: 0.5), replays: ClientRateLimiter(capacity: 30, refill: 3))

    /// Takes one new stream from `client`'s budget (and one replay when it asks for one): `nil` when it had them,
    /// else the seconds until it has (at least 1). A replay refused costs no stream.
    func take(_ client: ClientAddress, replay: Bool, at now: Date) -> Int? {
        let next = (replay ? replays.take(client, at: now) : nil) ?? streams.take(client, at: now)
        return next.map { max(1, Int($0.timeIntervalSince(now).rounded(.up))) }
    }
}
