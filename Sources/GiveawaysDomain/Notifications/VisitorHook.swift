import Foundation

// Visitors' own hooks (Settings → Notifications). A hook costs the server deliveries for as long as it lives, and
// all visitors share one budget of them. There are two budgets, each with its own limits: webhooks (a URL the
// visitor typed: it takes an established profile, as a fresh cookie could aim the server anywhere) and push devices
// (`webpush` hooks, an endpoint on a push service: any profile, a new one included, so that a phone gets
// notifications on its first visit). A new hook must find a free place in its budget's share of the profile, the
// client address and the server.

/// The limits a visitor's new hook must fit. They count the hooks of the new one's budget: push devices (`webpush`)
/// or webhooks (every other format).
public struct VisitorHookLimits: Hashable, Sendable {
    /// Hooks of one profile.
    public var perProfile: Int
    /// Visitors' hooks added from one client address (see `ClientAddress` in the web target).
    public var perAddress: Int
    /// Visitors' hooks on this server, all profiles together.
    public var total: Int
    /// How long a profile must have existed, holding a favorite, mark or rule, before it may add a hook; `nil` lets
    /// any profile add one at once, a new one included (whose row is then made, so that it is a profile like any).
    public var minimumProfileAge: TimeInterval?

    public init(perProfile: Int, perAddress: Int, total: Int, minimumProfileAge: TimeInterval?) {
        self.perProfile = perProfile
        self.perAddress = perAddress
        self.total = total
        self.minimumProfileAge = minimumProfileAge
    }
}

/// Why a visitor's hook was not added.
public enum VisitorHookLimit: Error, Hashable, Sendable {
    /// The profile holds nothing yet (no favorite, mark or rule): a fresh cookie is not enough.
    case profileEmpty
    /// The profile is younger than `minimumProfileAge`; it may add one from this time on.
    case profileTooNew(readyAt: Date)
    /// The profile has its most hooks already.
    case profileFull
    /// Hooks added from this client address have used up its share of the server's.
    case addressFull
    /// The server holds its most visitor hooks already.
    case serverFull
}

/// A visitor's hook as the operator sees it: who added it, from where, and how old the profile is.
public struct VisitorHook: Hashable, Sendable {
    public var hook: Hook
    /// The client address it was added from; `nil` for hooks added before addresses were recorded.
    public var clientAddress: String?
    /// When the owning profile first appeared; `nil` if it has no row.
    public var profileCreatedAt: Date?

    public init(hook: Hook, clientAddress: String?, profileCreatedAt: Date?) {
        self.hook = hook
        self.clientAddress = clientAddress
        self.profileCreatedAt = profileCreatedAt
    }
}
