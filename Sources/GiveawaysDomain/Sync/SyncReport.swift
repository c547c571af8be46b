import Foundation

/// What one successful sync changed in the store, item by item. Every store lists the ids in the same order: `added`,
/// `updated`, `returned` and `endDateChanged` in the saved feed's order (a duplicated id where its last copy is),
/// `left` by id, ascending.
public struct SyncReport: Hashable, Sendable {
    /// Ids seen for the first time.
    public var added: [Int]
    /// Ids already in the feed whose fields changed (a change of the `users` counter alone does not count).
    public var updated: [Int]
    /// Ids that had left the feed and are back.
    public var returned: [Int]
    /// Ids that were in the feed and are gone now.
    public var left: [Int]
    /// How many items the source holds after the sync.
    public var total: Int
    /// Ids in the feed whose end date the upstream moved (each is also in `updated`).
    public var endDateChanged: [Int]

    public init(
        added: [Int] = [], updated: [Int] = [], returned: [Int] = [], left: [Int] = [], total: Int = 0,
        endDateChanged: [Int] = []
    ) {
        self.added = added
        self.updated = updated
        self.returned = returned
        self.left = left
        self.total = total
        self.endDateChanged = endDateChanged
    }

    /// The counts, as the sync log keeps them.
    public var changes: SyncChanges {
        SyncChanges(
            added: added.count, updated: updated.count, returned: returned.count, left: left.count, total: total)
    }
}

/// How many items a sync added, updated, brought back and lost, and how many the source held after it.
public struct SyncChanges: Hashable, Sendable, Codable {
    public var added: Int
    public var updated: Int
    public var returned: Int
    public var left: Int
    public var total: Int

    public init(added: Int = 0, updated: Int = 0, returned: Int = 0, left: Int = 0, total: Int = 0) {
        self.added = added
        self.updated = updated
        self.returned = returned
        self.left = left
        self.total = total
    }
}

/// One sync attempt of one source, as the sync log keeps it.
public struct SyncAttempt: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        case succeeded(SyncChanges)
        /// A readable one-line reason (the upstream's secrets never appear in it).
        case failed(reason: String)
    }

    public var at: Date
    public var outcome: Outcome

    public init(at: Date, outcome: Outcome) {
        self.at = at
        self.outcome = outcome
    }

    public var succeeded: Bool {
        if case .succeeded = outcome { return true }
        return false
    }

    public var failureReason: String? {
        if case .failed(let reason) = outcome { return reason }
        return nil
    }

    public var changes: SyncChanges? {
        if case .succeeded(let changes) = outcome { return changes }
        return nil
    }
}

/// What the sync log knows of one source: its last attempt and its last success.
public struct SyncLog: Hashable, Sendable {
    public var lastAttempt: SyncAttempt?
    /// The last successful attempt; the same as `lastAttempt` when that one succeeded.
    public var lastSuccess: SyncAttempt?

    public init(lastAttempt: SyncAttempt? = nil, lastSuccess: SyncAttempt? = nil) {
        self.lastAttempt = lastAttempt
        self.lastSuccess = lastSuccess
    }

    /// The last attempt, if it failed: the data on show is older than the last try to refresh it.
    public var lastFailure: SyncAttempt? {
        guard let lastAttempt, !lastAttempt.succeeded else { return nil }
        return lastAttempt
    }

    public var isStale: Bool { lastFailure != nil }
}

/// The health of one source, as `/status`, `/api/v1/status` and `giveaways status` show it: "is it empty or is
/// it broken?"
public struct SourceHealth: Hashable, Sendable {
    public var source: SourceID
    public var log: SyncLog
    /// How many items the store holds for this source now (giveaways in the feed, for GamerPower).
    public var itemCount: Int
    /// True when the items on show are the built-in demo data.
    public var isDemoData: Bool
    /// A sync of this source is running right now.
    public var isRunning: Bool
    /// When the scheduler will try next; `nil` when nothing is scheduled (the CLI, or a stopped server).
    public var nextRunAt: Date?
    /// Until when the source asked not to be asked (its `Retry-After`): no sync, pressed or scheduled, asks it
    /// before then. `nil` when it may be asked.
    public var waitsUntil: Date?

    public init(
        source: SourceID, log: SyncLog, itemCount: Int, isDemoData: Bool = false, isRunning: Bool = false,
        nextRunAt: Date? = nil, waitsUntil: Date? = nil
    ) {
        self.source = source
        self.log = log
        self.itemCount = itemCount
        self.isDemoData = isDemoData
        self.isRunning = isRunning
        self.nextRunAt = nextRunAt
        self.waitsUntil = waitsUntil
    }

    /// One word for the state: what the status page's badge says.
    public var state: State {
        if isRunning && log.lastAttempt == nil { return .syncing }
        if log.lastAttempt == nil { return .neverSynced }
        if log.isStale { return log.lastSuccess == nil ? .failing : .stale }
        return .healthy
    }

    public enum State: String, Hashable, Sendable {
        /// The last attempt succeeded.
        case healthy
        /// The last attempt failed; older data is kept and shown.
        case stale
        /// No attempt has ever succeeded, and the last one failed.
        case failing
        /// No attempt yet.
        case neverSynced = "never-synced"
        /// The first attempt is under way.
        case syncing
    }
}
