import Foundation

/// A webhook: where to tell about giveaways, in which format, about which events, and for which giveaways.
public struct Hook: Hashable, Sendable, Identifiable {
    public var id: Int
    /// The http(s) address deliveries are POSTed to. May itself hold a secret (Discord's token is in the path):
    /// show it through `redactedURL` only.
    public var url: URL
    public var format: HookFormat
    /// The HMAC key of the `json` format's signature; never shown, logged or put in an error.
    public var secret: String?
    /// Which giveaways this hook is told about: the same rules as the web pages and feeds.
    public var rules: GiveawayRules
    public var events: Set<HookEvent>
    public var createdAt: Date
    /// `new` is raised only for giveaways first seen after this time: the hook's creation, or — when the store
    /// held no feed yet — the first sync after it. `nil` until then. Keeps a new hook from being flooded.
    public var baselineAt: Date?
    /// The visitor profile that owns it; `nil` for hooks added by the operator (`giveaways hooks add`).
    public var profileID: ProfileID?

    public init(
        id: Int = 0, url: URL, format: HookFormat = .json, secret: String? = nil, rules: GiveawayRules = .none,
        events: Set<HookEvent> = Set(HookEvent.allCases), createdAt: Date, baselineAt: Date? = nil,
        profileID: ProfileID? = nil
    ) {
        self.id = id
        self.url = url
        self.format = format
        self.secret = secret
        self.rules = rules
        self.events = events
        self.createdAt = createdAt
        self.baselineAt = baselineAt
        self.profileID = profileID
    }

    /// `scheme://host/…abcd`: enough to recognise a hook, never its whole path (Discord tokens live there).
    public var redactedURL: String {
        if format == .telegram { return "telegram chat \(telegramChat ?? "?")" }
        let scheme = url.scheme ?? "http"
        let host = url.host ?? "?"
        let port = url.port.map { ":\($0)" } ?? ""
        let rest = url.absoluteString.dropFirst("\(scheme)://".count).drop { $0 != "/" }
        guard rest.count > 1 else { return "\(scheme)://\(host)\(port)/" }
        return "\(scheme)://\(host)\(port)/…\(rest.suffix(4))"
    }
}

/// How a delivery's body is shaped.
public enum HookFormat: String, Hashable, Sendable, CaseIterable, Codable {
    /// A Discord webhook message with one embed.
    case discord
    /// An ntfy JSON publish (POSTed to the server's root with the topic in the body).
    case ntfy
    /// The giveaway as the API shows it, signed with `X-Giveaways-Signature` when the hook has a secret.
    case json
    /// A Telegram chat through the Bot API; the URL is `telegram:<chat id>` and the bot token is the secret.
    case telegram
    /// An Apprise API server: `{base}/notify/{key}`, or `{base}/notify` with the target URLs as the secret.
    case apprise
    /// A browser's Web Push subscription (RFC 8030/8291/8292): the URL is the push endpoint, the secret holds the
    /// subscription's keys as `<p256dh>.<auth>` (base64url).
    case webpush
}

/// What happened to a giveaway that a hook can be told about.
extension Hook {
    /// What a device's Web Push subscription brings (issue 23): each new giveaway that passes the visitor's rules, a
    /// reminder before a hearted one ends, a hearted one coming back, and a hearted announced one going free. Not
    /// `ending` for every giveaway: the reminder is its personal form, and a phone is not a feed.
    public static let pushEvents: Set<HookEvent> = [.new, .reminder, .back, .started]
}

public enum HookEvent: String, Hashable, Sendable, CaseIterable, Codable, Comparable {
    /// It entered the feed.
    case new
    /// It is live and ends within `EndingSoon.window`; raised once.
    case ending
    /// Its end date moved.
    case changed
    /// A giveaway the visitor hearted and has not claimed ends within their lead time; once per end date.
    case reminder
    /// A giveaway the visitor hearted is back in the feed.
    case back
    /// A giveaway the visitor hearted while it was announced (a store's "coming soon") is free now: raised at its
    /// start by the periodic tick, not at the next sync; or a giveaway of a game the visitor hearted on Games went
    /// free. A visitor who asks for `back` gets it too (Settings' "hearted" box).
    case started

    public static func < (lhs: HookEvent, rhs: HookEvent) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// When failed deliveries are tried again, and when they are given up.
public enum HookRetryPolicy {
    /// The wait after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure gives up.
    public static let delays: [TimeInterval] = [60, 5 * 60, 30 * 60, 2 * 3600]

    public static var maximumAttempts: Int { delays.count + 1 }

    /// When to try again after `attempts` failed attempts; `nil` once they are used up.
    public static func nextAttempt(after attempts: Int, failedAt time: Date) -> Date? {
        guard attempts >= 1, attempts <= delays.count else { return nil }
        return time.addingTimeInterval(delays[attempts - 1])
    }
}

/// One attempt to deliver one event, as `giveaways hooks log` shows it.
public struct HookDeliveryAttempt: Hashable, Sendable {
    public var at: Date
    public var hookID: Int
    /// `nil` for `hooks test` samples.
    public var eventID: Int?
    public var giveawayID: Int
    /// `new`, `ending`, `changed`, or `test`.
    public var event: String
    public var attempt: Int
    /// The receiver's HTTP status, when it answered.
    public var status: Int?
    /// Why it failed, without secrets.
    public var error: String?
    /// When the next try is due; `nil` when delivered or given up.
    public var nextAttemptAt: Date?
    public var gaveUp: Bool

    public init(
        at: Date, hookID: Int, eventID: Int?, giveawayID: Int, event: String, attempt: Int, status: Int?,
        error: String?, nextAttemptAt: Date?, gaveUp: Bool
    ) {
        self.at = at
        self.hookID = hookID
        self.eventID = eventID
        self.giveawayID = giveawayID
        self.event = event
        self.attempt = attempt
        self.status = status
        self.error = error
        self.nextAttemptAt = nextAttemptAt
        self.gaveUp = gaveUp
    }

    public var succeeded: Bool { error == nil && status.map { (200..<300).contains($0) } == true }
}
