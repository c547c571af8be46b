import Foundation

/// A stored giveaway as a sync compares it: its fields as last written, and whether it is in the feed.
public struct FeedRecord: Hashable, Sendable {
    public var giveaway: Giveaway
    public var firstSeenAt: Date
    /// When it left the feed; `nil` while it is in it.
    public var leftAt: Date?

    public init(giveaway: Giveaway, firstSeenAt: Date, leftAt: Date?) {
        self.giveaway = giveaway
        self.firstSeenAt = firstSeenAt
        self.leftAt = leftAt
    }
}

/// What one sync writes to the feed, decided without a database from the stored rows and the incoming feed. Every
/// store applies it the same way: `writes` in order, then `claimCounters` in one statement, then `leaving`, then
/// `last_seen_at` for every row still in the feed.
public struct FeedDiff: Hashable, Sendable {
    /// One write for one giveaway, in the feed's order (a duplicated id where its last copy is).
    public enum Write: Hashable, Sendable {
        /// A new row, its platforms and a feed period that starts now.
        case insert(Giveaway)
        /// A row that had left and is back: every field rewritten, `left_at` cleared, a new feed period; its
        /// platforms rewritten when `platformsChanged`.
        case comeBack(Giveaway, platformsChanged: Bool)
        /// A row in the feed whose fields changed: every field rewritten; its platforms when `platformsChanged`; an
        /// end-date change logged when `endDateMove` is set.
        case update(Giveaway, platformsChanged: Bool, endDateMove: EndDateMove?)

        /// The giveaway written.
        public var giveaway: Giveaway {
            switch self {
            case .insert(let giveaway), .comeBack(let giveaway, _), .update(let giveaway, _, _): giveaway
            }
        }
    }

    /// The upstream moved an end date (or added or dropped one).
    public struct EndDateMove: Hashable, Sendable {
        public var from: Date?
        public var to: Date?

        public init(from: Date?, to: Date?) {
            self.from = from
            self.to = to
        }
    }

    /// A claim counter that moved on an otherwise unchanged giveaway.
    public struct ClaimCounter: Hashable, Sendable {
        public var id: Int
        public var users: Int

        public init(id: Int, users: Int) {
            self.id = id
            self.users = users
        }
    }

    public var writes: [Write]
    /// Claim counters of otherwise unchanged rows (most of a sync): one statement in every store.
    public var claimCounters: [ClaimCounter]
    /// Ids in the feed that are gone now, ascending: `left_at` set and their open feed period closed.
    public var leaving: [Int]
    public var report: SyncReport
    /// When each giveaway that entered the feed (added or back) was first seen: now, or when its row was written.
    public var firstSeen: [Int: Date]

    /// Compares `stored` (every row, demo rows already gone) with the `incoming` feed saved at `time`.
    public init(stored: [Int: FeedRecord], incoming: [Giveaway], at time: Date) {
        var last: [Int: Giveaway] = [:]
        for giveaway in incoming { last[giveaway.id] = giveaway }
        var report = SyncReport(total: last.count)
        var writes: [Write] = []
        var claimCounters: [ClaimCounter] = []
        for giveaway in incoming where last[giveaway.id] == giveaway {
            last[giveaway.id] = nil  // the last copy of a duplicated id wins, once
            guard let record = stored[giveaway.id] else {
                writes.append(.insert(giveaway))
                report.added.append(giveaway.id)
                continue
            }
            let before = record.giveaway
            let platformsChanged = before.platforms != giveaway.platforms
            if record.leftAt != nil {
                writes.append(.comeBack(giveaway, platformsChanged: platformsChanged))
                report.returned.append(giveaway.id)
                continue
            }
            // The claim counter moves on every sync; only a change of what the giveaway *is* counts.
            var comparable = before
            comparable.users = giveaway.users
            if comparable != giveaway {
                var move: EndDateMove?
                if before.endsAt != giveaway.endsAt {
                    move = EndDateMove(from: before.endsAt, to: giveaway.endsAt)
                    report.endDateChanged.append(giveaway.id)
                }
                writes.append(.update(giveaway, platformsChanged: platformsChanged, endDateMove: move))
                report.updated.append(giveaway.id)
            } else if before.users != giveaway.users {
                claimCounters.append(ClaimCounter(id: giveaway.id, users: giveaway.users))
            }
        }
        let seen = Set(incoming.map(\.id))
        report.left = stored.values.filter { $0.leftAt == nil && !seen.contains($0.giveaway.id) }.map(\.giveaway.id)
            .sorted()
        var firstSeen: [Int: Date] = [:]
        for id in report.added + report.returned { firstSeen[id] = stored[id]?.firstSeenAt ?? time }
        self.writes = writes
        self.claimCounters = claimCounters
        self.leaving = report.left
        self.report = report
        self.firstSeen = firstSeen
    }
}
