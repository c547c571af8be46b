import Foundation
import GiveawaysDomain
import PostgresNIO

/// Webhooks, their outbox and their delivery log over PostgreSQL (`HookSQL`, `OutboxSQL`): every write method is
/// one transaction.
///
/// As over SQLite (`HookSQLiteRepository`), an event is an outbox row written in the sync's own transaction and
/// delivered through a lease fenced by the attempt number. Several instances may drain the outbox together:
/// `claimDue` takes rows `FOR UPDATE SKIP LOCKED`, so each event goes to one claimer.
public struct HookPostgresRepository: HookRepository {
    let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    // MARK: - Hooks

    public func addHook(_ newHook: Hook) async throws -> Hook {
        try await database.write { sql in
            try HookSQL.inserted(newHook, await sql.rows(HookSQL.insert(newHook, clientAddress: nil)))
        }
    }

    public func hooks() async throws -> [Hook] {
        try await database.read { sql in try HookSQL.hooks(await sql.rows(HookSQL.all)) }
    }

    public func hook(id: Int) async throws -> Hook? {
        try await database.read { sql in try HookSQL.hooks(await sql.rows(HookSQL.byID, id)).first }
    }

    public func removeHook(id: Int) async throws -> Bool {
        try await !database.rows(HookSQL.remove, id).isEmpty
    }

    public func hooks(of profile: ProfileID) async throws -> [Hook] {
        try await database.read { sql in try HookSQL.hooks(await sql.rows(HookSQL.ofProfile, profile.rawValue)) }
    }

    public func removeHook(id: Int, of profile: ProfileID) async throws -> Bool {
        try await !database.rows(HookSQL.removeOfProfile, id, profile.rawValue).isEmpty
    }
}
