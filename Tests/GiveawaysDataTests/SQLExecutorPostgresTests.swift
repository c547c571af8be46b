import Foundation
import GiveawaysTestSupport
import Testing

@testable import GiveawaysData

/// The PostgreSQL side of `SQLExecutor`: the algorithm runs on a thread of its own, and must never wait there past
/// its caller.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipped))
struct SQLExecutorPostgresTests {
    /// A caller cancelled while its algorithm waits for a statement (what the statement bound does to a server that
    /// stopped answering, and shutdown to every request) gets its answer at once, not when the statement ends.
    @Test func aCancelledCallerIsNotKeptWaitingForItsStatement() async throws {
        try await PostgresTestServer.withFreshPostgresURL { url in
            let database = try await PostgresDatabase.open(url, logger: PostgresTestServer.quiet)
            let clock = ContinuousClock()
            let started = clock.now
            let work = Task {
                try await database.transaction { db in
                    try db.execute(SharedSQL("SELECT pg_sleep(20)"))
                    try db.execute(SharedSQL("SELECT 1"))
                }
            }
            try await Task.sleep(for: .milliseconds(300))
            work.cancel()
            let outcome = await work.result
            #expect(throws: (any Error).self) { try outcome.get() }
            #expect(clock.now - started < .seconds(5))
            // The pool answers again (the cancelled statement's connection was closed, not given back).
            var answers = false
            for _ in 0..<20 where !answers {
                answers = await database.isReachable()
                if !answers { try await Task.sleep(for: .milliseconds(250)) }
            }
            #expect(answers)
            await database.close()
        }
    }
}
