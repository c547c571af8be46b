import Foundation

/// A stored giveaway with what the local store knows beyond the upstream: its history in the feed.
public struct StoredGiveaway: Hashable, Sendable, Identifiable {
    public var giveaway: Giveaway
    public var history: FeedHistory
    /// True for the project's built-in demo data, which is never mistaken for real data.
    public var isDemo: Bool

    public var id: Int { giveaway.id }

    public init(giveaway: Giveaway, history: FeedHistory, isDemo: Bool = false) {
        self.giveaway = giveaway
        self.history = history
        self.isDemo = isDemo
    }
}

/// When a giveaway was seen in the upstream feed.
public struct FeedHistory: Hashable, Sendable {
    /// The first sync that saw it.
    public var firstSeenAt: Date
    /// The latest sync that saw it.
    public var lastSeenAt: Date
    /// When it left the feed; `nil` while it is in the feed.
    public var leftAt: Date?
    /// Every stretch of time it was in the feed, oldest first; more than one means it left and came back.
    public var periods: [FeedPeriod]
    /// Every time a sync saw the upstream move the end date, oldest first.
    public var endDateChanges: [EndDateChange]

    public init(
        firstSeenAt: Date, lastSeenAt: Date, leftAt: Date? = nil, periods: [FeedPeriod] = [],
        endDateChanges: [EndDateChange] = []
    ) {
        self.firstSeenAt = firstSeenAt
        self.lastSeenAt = lastSeenAt
        self.leftAt = leftAt
        self.periods = periods
        self.endDateChanges = endDateChanges
    }

    public var isInFeed: Bool { leftAt == nil }
}

/// One continuous stretch of time a giveaway was in the feed.
public struct FeedPeriod: Hashable, Sendable {
    public var appearedAt: Date
    /// `nil` while the stretch is still going on.
    public var leftAt: Date?

    public init(appearedAt: Date, leftAt: Date?) {
        self.appearedAt = appearedAt
        self.leftAt = leftAt
    }
}

/// The upstream moved a giveaway's end date (or added or dropped one), as one sync saw it.
public struct EndDateChange: Hashable, Sendable {
    /// The sync that saw the change.
    public var changedAt: Date
    public var from: Date?
    public var to: Date?

    public init(changedAt: Date, from: Date?, to: Date?) {
        self.changedAt = changedAt
        self.from = from
        self.to = to
    }
}
