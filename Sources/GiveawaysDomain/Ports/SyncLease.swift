import Foundation

/// Who may fetch a source now, when several instances share one store: the holder of its lease. A scheduled run
/// takes the lease before it calls the upstream, and after the run keeps it until its own next planned run (the
/// interval, or sooner for a store's announced switch, or later for a `Retry-After`). An instance that does not get
/// it leaves the upstream alone, reloads what the holder saved, and asks again the moment the lease ends: a holder
/// that dies mid-run is replaced as soon as its lease runs out, within one interval.
public protocol SyncLease: Sendable {
    /// Takes `source`'s lease for `duration` from `now` when it is free or expired (or always, when `force` is
    /// set: a visitor pressed Retry).
    func take(_ source: SourceID, now: Date, for duration: Duration, force: Bool) async throws -> SyncLeaseAnswer
    /// Moves the end of this holder's lease of `source` to `until` (its next planned run). Nothing when another
    /// instance holds it now.
    func keep(_ source: SourceID, until: Date) async throws
}

/// What asking for a lease answered.
public enum SyncLeaseAnswer: Sendable, Equatable {
    /// This instance holds the lease now: it fetches.
    case taken
    /// Another instance holds it until then: leave the upstream alone and ask again at that moment.
    case heldElsewhere(until: Date)

    public var isTaken: Bool { self == .taken }
}

/// The lease of a store only one process writes (SQLite): always this process's.
public struct SoleSyncLease: SyncLease {
    public init() {}

    public func take(
        _ source: SourceID, now: Date, for duration: Duration, force: Bool
    ) async throws
        -> SyncLeaseAnswer
    { .taken }

    public func keep(_ source: SourceID, until: Date) async throws {}
}
