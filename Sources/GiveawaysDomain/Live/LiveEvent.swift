import Foundation

/// What the live stream (`GET /api/v1/events`) tells: a giveaway went free, changed, or ended; a sync finished.
public enum LiveEventKind: String, Hashable, Sendable, CaseIterable {
    case giveawayNew = "giveaway.new"
    /// Its end date, worth or status moved.
    case giveawayUpdated = "giveaway.updated"
    /// It left the feed, or its end passed.
    case giveawayEnded = "giveaway.ended"
    case syncFinished = "sync.finished"
}

/// One event of the live log, as every instance reads it: its id is the log's (monotonic, the same on every
/// instance sharing the store), its `data` the JSON a stream sends (the API's giveaway object, or a sync summary).
public struct LiveEvent: Hashable, Sendable {
    public var id: Int
    public var kind: LiveEventKind
    public var giveawayID: Int?
    /// The JSON text of the event's `data:` line (one line: JSON escapes every newline).
    public var data: String
    /// The giveaway's platform slugs and type, for the stream's filters; empty for a sync.
    public var platforms: [String]
    public var type: String?
    public var at: Date

    public init(
        id: Int, kind: LiveEventKind, giveawayID: Int?, data: String, platforms: [String], type: String?, at: Date
    ) {
        self.id = id
        self.kind = kind
        self.giveawayID = giveawayID
        self.data = data
        self.platforms = platforms
        self.type = type
        self.at = at
    }
}

/// An event to append to the live log. `key` makes appending it again a no-op: every instance sharing a store plans
/// the same changes from the same merged feed, and the log keeps one of each.
public struct PlannedLiveEvent: Hashable, Sendable {
    public var kind: LiveEventKind
    public var giveawayID: Int?
    /// What makes a repeat news again (a giveaway back for another stretch, a second move of its end date).
    public var occurrence: Int
    public var data: String
    public var platforms: [String]
    public var type: String?

    public init(
        kind: LiveEventKind, giveawayID: Int?, occurrence: Int, data: String, platforms: [String] = [],
        type: String? = nil
    ) {
        self.kind = kind
        self.giveawayID = giveawayID
        self.occurrence = occurrence
        self.data = data
        self.platforms = platforms
        self.type = type
    }
}

/// The stream's filters, the API's own: a platform slug and a type (`game`, `loot`, `beta`); a sync event passes
/// every filter.
public struct LiveEventFilter: Hashable, Sendable {
    public var platform: String?
    public var type: TypeFilter?

    public init(platform: String? = nil, type: TypeFilter? = nil) {
        self.platform = platform
        self.type = type
    }

    public func admits(_ event: LiveEvent) -> Bool {
        guard event.giveawayID != nil else { return true }
        if let platform, !event.platforms.contains(platform) { return false }
        if let type {
            guard let kind = event.type.flatMap(GiveawayType.init(rawValue:)), type.matches(kind) else { return false }
        }
        return true
    }
}

/// Which giveaway events a change of the merged feed makes, without a database: the live giveaways at two moments,
/// compared. Run after every reload of the read model and every few seconds on the same feed (a start or an end
/// passes between syncs).
public enum LivePlanner {
    /// What the stream says of one live giveaway: what `giveaway.updated` watches, and since when it is live.
    public struct Mark: Hashable, Sendable {
        public var endsAt: Date?
        public var worth: Worth?
        public var status: String
        /// When this stretch of being free began (its start, or its return to the feed).
        public var since: Date

        public init(endsAt: Date?, worth: Worth?, status: String, since: Date) {
            self.endsAt = endsAt
            self.worth = worth
            self.status = status
            self.since = since
        }

        /// The updated event's occurrence: one per combination of what it watches.
        var fingerprint: Int {
            var hasher = StableHash()
            hasher.add(endsAt.map { Int($0.timeIntervalSince1970) } ?? -1)
            hasher.add(worth?.cents ?? -1)
            hasher.add(status)
            return hasher.value
        }
    }

    /// One change: the kind, the giveaway and the occurrence that keys it in the log.
    public struct Change: Hashable, Sendable {
        public var kind: LiveEventKind
        public var giveawayID: Int
        public var occurrence: Int
    }

    /// The live giveaways of `feed` at `now`, each with its mark. `since` gives when a giveaway's current stretch
    /// began (its last return to the feed); its start counts when later.
    public static func live(
        _ feed: some Sequence<Giveaway>, at now: Date, since: (Giveaway) -> Date
    ) -> [Int: Mark] {
        var live: [Int: Mark] = [:]
        for giveaway in feed where giveaway.isLive(at: now) {
            let began = max(since(giveaway), giveaway.startsAt ?? .distantPast)
            live[giveaway.id] = Mark(
                endsAt: giveaway.endsAt, worth: giveaway.worth, status: giveaway.status, since: began)
        }
        return live
    }

    /// New, updated and ended giveaways from `old` to `new`, by id, then kind.
    public static func changes(from old: [Int: Mark], to new: [Int: Mark]) -> [Change] {
        var changes: [Change] = []
        for (id, mark) in new {
            let occurrence = Int(mark.since.timeIntervalSince1970)
            guard let before = old[id] else {
                changes.append(Change(kind: .giveawayNew, giveawayID: id, occurrence: occurrence))
                continue
            }
            if before.endsAt != mark.endsAt || before.worth != mark.worth || before.status != mark.status {
                changes.append(Change(kind: .giveawayUpdated, giveawayID: id, occurrence: mark.fingerprint))
            }
        }
        for (id, mark) in old where new[id] == nil {
            changes.append(
                Change(kind: .giveawayEnded, giveawayID: id, occurrence: Int(mark.since.timeIntervalSince1970)))
        }
        return changes.sorted { ($0.giveawayID, $0.kind.rawValue) < ($1.giveawayID, $1.kind.rawValue) }
    }
}

/// A hash that is the same in every process (Swift's `Hasher` is seeded per process): FNV-1a over the values' text.
struct StableHash {
    private(set) var value = 0

    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ part: some CustomStringConvertible) {
        for byte in part.description.utf8 + [0] {
            state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        value = Int(truncatingIfNeeded: state >> 1)
    }
}
