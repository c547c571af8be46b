import Foundation
import GiveawaysDomain
import PostgresNIO

/// Sync leases in PostgreSQL: one `sync_lease` row per source naming its holder and when the lease ends, taken by
/// one conditional upsert, so of several instances asking at once exactly one gets it. Nothing is held open while
/// the holder syncs: a holder killed mid-sync leaves a row that simply expires. Times are the instances' own clocks
/// (kept in step by NTP, as the sync log's times already are).
public struct PostgresSyncLease: SyncLease {
    let database: PostgresDatabase
    /// This instance's name in the lease rows: new for every process.
    public let holder: String

    public init(database: PostgresDatabase, holder: String = UUID().uuidString) {
        self.database = database
        self.holder = holder
    }

    public func take(
        _ source: SourceID, now: Date, for duration: Duration, force: Bool
    ) async throws
        -> SyncLeaseAnswer
    {
        let until = now.addingTimeInterval(
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        // The upsert's WHERE decides: a free or expired lease (or a forced take) is written, a running one is left
        // alone and returns no row. Not even its own holder renews it early: one fetch per interval (it moves the
        // end to its next planned run with `keep` instead).
        let taken = try await database.rows(
            """
            INSERT INTO sync_lease (source, holder, expires_at) VALUES (\(source.rawValue), \(holder), \(until))
            ON CONFLICT (source) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
            WHERE sync_lease.expires_at <= \(now) OR \(force)
            RETURNING holder
            """)
        if !taken.isEmpty { return .taken }
        // Held elsewhere: when it ends, so the caller asks again then (a holder killed mid-run is replaced as soon
        // as its lease runs out). A row gone since (an operator's cleanup) is free in an instant.
        let ends = try await database.rows("SELECT expires_at FROM sync_lease WHERE source = \(source.rawValue)")
            .first?.decode(Date.self)
        return .heldElsewhere(until: ends ?? now)
    }

    public func keep(_ source: SourceID, until: Date) async throws {
        _ = try await database.rows(
            "UPDATE sync_lease SET expires_at = \(until) WHERE source = \(source.rawValue) AND holder = \(holder)")
    }

    /// Who holds `source`'s lease, expired or not; `nil` before anyone took it.
    public func currentHolder(of source: SourceID) async throws -> String? {
        try await database.rows("SELECT holder FROM sync_lease WHERE source = \(source.rawValue)")
            .first?.get("holder", as: String.self)
    }
}
