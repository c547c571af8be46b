import Foundation
import GiveawaysDomain
import Logging
import NIOCore
import PostgresNIO

/// Changes told between instances through PostgreSQL's LISTEN/NOTIFY on one channel. Each announcement carries the
/// announcing process's tag, so a process skips its own (it has already reloaded). A notification is delivered only
/// to sessions listening when it is sent: after a lost connection the follower is told "maybe missed" (`nil`), and
/// `fingerprint` lets it check now and then anyway.
public struct PostgresStoreChanges: StoreChangeChannel {
    static let channel = "giveaways_changes"
    let database: PostgresDatabase
    /// This process's tag in the payloads.
    let origin: String
    /// Between two attempts to listen again after the connection was lost.
    let retryDelay: Duration

    public init(database: PostgresDatabase, origin: String = UUID().uuidString, retryDelay: Duration = .seconds(1)) {
        self.database = database
        self.origin = String(origin.filter { $0.isLetter || $0.isNumber || $0 == "-" }.prefix(40))
        self.retryDelay = retryDelay
    }

    public var isShared: Bool { true }

    public func announce(_ change: StoreChange) async {
        do {
            _ = try await database.rows("SELECT pg_notify(\(Self.channel), \(origin + " " + change.payload))")
        } catch {
            // The others still catch up through their periodic check.
            database.logger.warning(
                "could not tell the other instances about a change", metadata: ["change": "\(change.payload)"])
        }
    }

    public func follow(_ received: @escaping @Sendable (StoreChange?) async -> Void) async {
        var connectedBefore = false
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: PostgresDatabase.connectionConfiguration(database.url), id: 1,
                    logger: database.logger)
                // The connection must be closed however listening ends (postgres-nio traps on one left open).
                do {
                    try await withTaskCancellationHandler {
                        try await connection.listen(on: Self.channel) { notifications in
                            // Whatever was announced while nobody here listened is unknown: reload once.
                            if connectedBefore { await received(nil) }
                            connectedBefore = true
                            for try await notification in notifications {
                                if let change = change(in: notification.payload) { await received(change) }
                            }
                        }
                    } onCancel: {
                        let closing: EventLoopFuture<Void> = connection.close()
                        _ = closing
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                if Task.isCancelled { return }
                database.logger.debug("listening for changes failed; trying again", metadata: ["reason": "\(error)"])
            }
            try? await Task.sleep(for: retryDelay)
        }
    }

    /// The change in another process's payload; `nil` for this process's own and for anything unreadable.
    func change(in payload: String) -> StoreChange? {
        guard payload.utf8.count <= 128, let space = payload.firstIndex(of: " ") else { return nil }
        guard payload[..<space] != origin[...] else { return nil }
        return StoreChange(payload: String(payload[payload.index(after: space)...]))
    }

    public func fingerprint() async -> String? {
        let rows = try? await database.rows(
            """
            SELECT (SELECT coalesce(max(id), 0) FROM sync_run)::text || '/'
                || coalesce((SELECT max(detail_fetched_at) FROM catalog_game)::text, '-') AS fingerprint
            """)
        return try? rows?.first?.decode(String.self)
    }
}
