import Foundation
import GiveawaysDomain
import PostgresNIO

extension PostgresDatabase: ServerSecretStore {
    /// The server's own secret called `name` (32 random bytes), made and stored on first use. Every instance on
    /// this database reads the same one, so a cookie signed by one is good on all: of two instances starting at
    /// once, the second's insert waits for the first's and changes nothing.
    public func serverSecret(named name: String, at time: Date) async throws -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let fresh = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try await rows(
            """
            INSERT INTO server_secret (name, value, created_at) VALUES (\(name), \(fresh), \(time))
            ON CONFLICT (name) DO NOTHING
            """)
        let stored = try await rows("SELECT value FROM server_secret WHERE name = \(name)").first
        return try stored.map { [UInt8](try $0.get("value", as: Data.self)) } ?? [UInt8](fresh)
    }

    public func forgetServerSecret(named name: String) async throws {
        _ = try await rows("DELETE FROM server_secret WHERE name = \(name)")
    }
}
