import Foundation
import GiveawaysDomain

/// The live log's statements and row reading, written once for both stores (`SharedSQL`).
enum LiveEventSQL {
    static let columns = "id, kind, giveaway_id, data, platforms, type, created_at"
    /// One event, once: its key already there answers no row. $1 kind, $2 giveaway (0: none), $3 occurrence,
    /// $4 data, $5 platforms, $6 type, $7 time.
    static let append = SharedSQL(
        """
        INSERT INTO live_event (kind, giveaway_id, occurrence, data, platforms, type, created_at)
        VALUES ($1, $2, $3, $4, $5, $6::text, $7)
        ON CONFLICT (kind, giveaway_id, occurrence) DO NOTHING
        RETURNING id
        """)
    /// $1 after this id, $2 logged since, $3 limit.
    static let after = SharedSQL(
        "SELECT \(columns) FROM live_event WHERE id > $1 AND created_at >= $2 ORDER BY id LIMIT $3")
    static let latest = SharedSQL("SELECT COALESCE(MAX(id), 0) FROM live_event")
    /// $1 time.
    static let prune = SharedSQL("DELETE FROM live_event WHERE created_at < $1 RETURNING id")

    static func append(_ event: PlannedLiveEvent, at time: Date) -> SQLStatement {
        SQLStatement(
            append, event.kind.rawValue, event.giveawayID ?? 0, event.occurrence, event.data,
            event.platforms.joined(separator: ","), event.type, time)
    }

    /// The events of the rows of `after`; a row of a kind this release does not know is left out.
    static func events(_ rows: [some SharedRow]) throws -> [LiveEvent] {
        try rows.compactMap { row in
            guard let kind = LiveEventKind(rawValue: try row.value(1, as: String.self)) else { return nil }
            let giveaway = try row.value(2, as: Int.self)
            let platforms = try row.value(4, as: String.self)
            return LiveEvent(
                id: try row.value(0, as: Int.self), kind: kind, giveawayID: giveaway == 0 ? nil : giveaway,
                data: try row.value(3, as: String.self),
                platforms: platforms.isEmpty ? [] : platforms.split(separator: ",").map(String.init),
                type: try row.optional(5, as: String.self), at: try row.value(6, as: Date.self))
        }
    }
}

/// The live log, over SQLite or PostgreSQL (`SQLExecutor`): appends under one lock, so that of several instances
/// no reader sees a later id committed before an earlier one (it would skip the earlier one for good). SQLite's one
/// writer commits ids in the order it hands them out anyway.
public struct LiveEventSQLRepository: LiveEventRepository {
    private let database: any SQLExecutor

    public init(database: AppDatabase) { self.database = database }
    public init(database: PostgresDatabase) { self.database = database }

    public func append(_ events: [PlannedLiveEvent], at time: Date) async throws -> Int {
        guard !events.isEmpty else { return 0 }
        return try await database.transaction { db in
            try db.lock(.liveEvents)
            return try events.reduce(0) { count, event in
                count + (try db.rows(LiveEventSQL.append(event, at: time)).count)
            }
        }
    }

    public func events(after id: Int, since: Date, limit: Int) async throws -> [LiveEvent] {
        try LiveEventSQL.events(await database.rows(LiveEventSQL.after, id, since, limit))
    }

    public func latestID() async throws -> Int {
        try await database.rows(LiveEventSQL.latest).scalar(Int.self) ?? 0
    }

    public func prune(before time: Date) async throws -> Int {
        try await database.transaction { db in try db.rows(LiveEventSQL.prune, time).count }
    }
}
