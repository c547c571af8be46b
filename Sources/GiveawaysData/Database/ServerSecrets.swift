import Foundation
import GRDB
import GiveawaysDomain

extension AppDatabase: ServerSecretStore {
    /// The server's own secret called `name` (32 random bytes), made and stored on first use. Every instance on
    /// this database reads the same one, so a cookie signed by one is good on all.
    public func serverSecret(named name: String, at time: Date = Date()) throws -> [UInt8] {
        try writer.write { db in
            var generator = SystemRandomNumberGenerator()
            let fresh = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try db.execute(
                sql:
                    "INSERT INTO server_secret (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
                arguments: [name, Data(fresh), time])
            let stored = try Data.fetchOne(db, sql: "SELECT value FROM server_secret WHERE name = ?", arguments: [name])
            return stored.map { [UInt8]($0) } ?? fresh
        }
    }

    public func forgetServerSecret(named name: String) throws {
        try writer.write { db in
            try db.execute(sql: "DELETE FROM server_secret WHERE name = ?", arguments: [name])
        }
    }
}
