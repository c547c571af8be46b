import PostgresNIO
import Testing

@testable import GiveawaysData

/// A statement's answer is awaited so that the waiting task can walk away: in the moment PostgreSQL stops, a query
/// can be left with neither an answer nor a failure, and the database's bound (`PostgresDatabase.withConnection`)
/// ends such a wait by cancelling the work.
@Suite(.timeLimit(.minutes(1)))
struct StatementWaitTests {
    private let loop = PostgresConnection.defaultEventLoopGroup.next()

    @Test func aWaitForAnAnswerThatNeverComesEndsWhenTheTaskIsCancelled() async throws {
        let promise = loop.makePromise(of: Int.self)
        let waiting = Task { try await promise.futureResult.valueUnlessCancelled() }
        try await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        // The late answer is dropped, and resumes nothing twice.
        promise.succeed(1)
    }

    @Test func aTaskCancelledBeforeItWaitsDoesNotWaitAtAll() async throws {
        let promise = loop.makePromise(of: Int.self)
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await promise.futureResult.valueUnlessCancelled()
        }
        await #expect(throws: CancellationError.self) { try await waiting.value }
        promise.succeed(1)
    }

    @Test func anAnswerAndAFailureArePassedOnAsTheyCome() async throws {
        let answered = loop.makePromise(of: Int.self)
        loop.scheduleTask(in: .milliseconds(20)) { answered.succeed(7) }
        #expect(try await answered.futureResult.valueUnlessCancelled() == 7)

        struct Refused: Error {}
        let failed = loop.makePromise(of: Int.self)
        loop.scheduleTask(in: .milliseconds(20)) { failed.fail(Refused()) }
        await #expect(throws: Refused.self) { try await failed.futureResult.valueUnlessCancelled() }

        // Answered before anyone waits.
        #expect(try await loop.makeSucceededFuture(3).valueUnlessCancelled() == 3)
    }
}
