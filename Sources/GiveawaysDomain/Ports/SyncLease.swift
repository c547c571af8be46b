import Foundation

/// Who may fetch a source now, when several instances share one store: the holder of its lease. A scheduled run
/// takes the lease for one interval before it calls the upstream; an instance that does not get it leaves the
/// upstream alone and only reloads what the holder saved. A holder that dies frees the lease when it expires, so
/// another instance takes over within one interval.
public protocol SyncLease: Sendable {
    /// Takes `source`'s lease for `duration` from `now` when it is free or expired (or always, when `force` is
    /// set: a visitor pressed Retry). Answers whether this holder has it now.
    func take(_ source: SourceID, now: Date, for duration: Duration, force: Bool) async throws -> Bool
}

/// The lease of a store only one process writes (SQLite): always this process's.
public struct SoleSyncLease: SyncLease {
    public init() {}

    public func take(_ source: SourceID, now: Date, for duration: Duration, force: Bool) async throws -> Bool {
        true
    }
}
