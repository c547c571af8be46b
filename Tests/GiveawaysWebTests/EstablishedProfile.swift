import Foundation
import GRDB
import GiveawaysData
import GiveawaysDomain
import HummingbirdTesting
import Testing

@testable import GiveawaysWeb

/// Gives `browser` a profile that may add notifications: a heart (the cookie and a mark), and a profile row an
/// hour older than the harness's clock.
func establish(_ browser: inout Browser, _ harness: WebHarness, _ client: some TestClientProtocol) async throws {
    _ = try await browser.heart(3101, on: true, client: client)
    let id = try #require(browser.profileID)
    try await backdate(id, in: harness.repository.database, to: harness.now.addingTimeInterval(-3600))
}

/// A profile with a mark whose row is an hour older than `now`.
func established(_ store: TestStore, at now: Date) async throws -> ProfileID {
    let id = ProfileID.random()
    try await store.marks.setMark(.favorite, on: .giveaway(1), profile: id, text: nil, at: now)
    try await backdate(id, in: store.database, to: now.addingTimeInterval(-3600))
    return id
}

/// Creates the profile's row, or moves its creation back, to `time`.
func backdate(_ profile: ProfileID, in database: AppDatabase, to time: Date) async throws {
    try await database.writer.write { db in
        try db.execute(
            sql: """
                INSERT INTO profile (id, created_at) VALUES (?, ?)
                ON CONFLICT (id) DO UPDATE SET created_at = excluded.created_at
                """,
            arguments: [profile.rawValue, time])
    }
}
