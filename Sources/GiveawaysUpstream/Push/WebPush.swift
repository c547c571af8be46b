import Foundation
import GiveawaysDomain

/// What the delivery worker needs to send Web Push: the server's VAPID keys, the operator's contact (`sub`), the
/// devices' languages and the words of a notification (written by the web target, which holds the strings).
public struct WebPush: Sendable {
    public var keys: VAPIDKeys
    /// `mailto:…` or `https://…` (`--vapid-subject`).
    public var subject: String
    public var devices: any PushDeviceRepository
    /// The notification for a giveaway, an event and a language, at a time.
    public var payload: @Sendable (Giveaway, String, String, Date) -> WebPushPayload
    /// The daily summary's notification for the giveaways it lists, in a language; without it, held events go to
    /// the device one by one.
    public var summary: (@Sendable ([Giveaway], String) -> WebPushPayload)?

    public init(
        keys: VAPIDKeys, subject: String, devices: any PushDeviceRepository,
        payload: @escaping @Sendable (Giveaway, String, String, Date) -> WebPushPayload
    ) {
        self.keys = keys
        self.subject = subject
        self.devices = devices
        self.payload = payload
    }

    /// The subject when the operator names none: RFC 8292 wants a way to reach the operator, and push services may
    /// refuse messages without one.
    public static let defaultSubject = "mailto:operator@localhost"

    /// Why a `webpush` hook cannot be sent to.
    public enum Refusal: Error, CustomStringConvertible {
        case noKeys
        case notHTTPS

        public var description: String {
            switch self {
            case .noKeys: "the push subscription holds no usable keys"
            case .notHTTPS: "a push endpoint must be https:// (http only with --allow-private-hooks)"
            }
        }
    }

    /// The encrypted request for one event to one subscription (RFC 8030 headers, RFC 8291 body, RFC 8292 VAPID).
    /// - Parameter allowPrivate: `--allow-private-hooks`: plain http endpoints are allowed too.
    public func message(
        hook: Hook, giveaway: Giveaway, event: String, allowPrivate: Bool, now: Date
    ) async throws -> HookMessage {
        guard let subscription = PushSubscriptionKeys(secret: hook.secret) else { throw Refusal.noKeys }
        guard allowPrivate || hook.url.scheme?.lowercased() == "https" else { throw Refusal.notHTTPS }
        let language = try await devices.device(hookID: hook.id)?.language ?? "en"
        let plaintext = try payload(giveaway, event, language, now).encoded()
        let body = try WebPushEncryption.encrypt(
            plaintext, receiverKey: subscription.p256dh, authSecret: subscription.auth)
        // TTL until the giveaway ends, at most a day: a notice about an ended giveaway is worthless.
        let untilEnd = giveaway.endsAt.map { Int($0.timeIntervalSince(now)) } ?? Int.max
        let headers = headers(
            for: hook.url, ttl: max(60, min(86_400, untilEnd)), urgent: event == "ending" || event == "reminder",
            topic: Self.topic(giveawayID: giveaway.id), now: now)
        return HookMessage(url: hook.url, headers: headers, body: body)
    }

    /// The daily summary to one subscription, as one message (topic `digest`, kept a day); `nil` without `summary`.
    public func summaryMessage(
        hook: Hook, giveaways: [Giveaway], allowPrivate: Bool, now: Date
    ) async throws -> HookMessage? {
        guard let summary else { return nil }
        guard let subscription = PushSubscriptionKeys(secret: hook.secret) else { throw Refusal.noKeys }
        guard allowPrivate || hook.url.scheme?.lowercased() == "https" else { throw Refusal.notHTTPS }
        let language = try await devices.device(hookID: hook.id)?.language ?? "en"
        let body = try WebPushEncryption.encrypt(
            try summary(giveaways, language).encoded(), receiverKey: subscription.p256dh, authSecret: subscription.auth)
        let headers = headers(for: hook.url, ttl: 86_400, urgent: false, topic: Self.summaryTopic, now: now)
        return HookMessage(url: hook.url, headers: headers, body: body)
    }

    /// RFC 8030's `TTL` and `Urgency` (`high` for what is about to end: it cannot wait), `Topic` (so a newer
    /// message about the same giveaway replaces an undelivered older one), and the encoding and VAPID headers.
    func headers(
        for endpoint: URL, ttl: Int, urgent: Bool, topic: String, now: Date
    ) -> [(name: String, value: String)] {
        [
            ("Content-Type", "application/octet-stream"), ("Content-Encoding", "aes128gcm"),
            ("TTL", String(ttl)), ("Urgency", urgent ? "high" : "normal"), ("Topic", topic),
            ("Authorization", keys.authorization(for: endpoint, subject: subject, now: now)),
            ("User-Agent", "GameGiveaways/1.0 (+self-hosted)"),
        ]
    }

    /// The daily summary's topic and notification tag: a newer summary replaces an older one.
    public static let summaryTopic = "digest"

    /// `giveaway-<id>`: base64url characters only and at most 32 of them, as RFC 8030 asks of a topic.
    public static func topic(giveawayID: Int) -> String {
        "giveaway-\(giveawayID)"
    }
}
