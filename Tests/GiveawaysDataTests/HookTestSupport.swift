import Foundation
import GRDB
import GiveawaysDomain
import GiveawaysTestSupport
import Logging
import Synchronization

@testable import GiveawaysData
@testable import GiveawaysUpstream

/// A clock the test moves by hand, so back-off delays need not be waited for.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date) { current = Mutex(start) }

    var now: Date { current.withLock { $0 } }

    func advance(_ seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }

    var function: @Sendable () -> Date { { self.now } }
}

/// A store whose syncs raise webhook events, and a worker that sends to 127.0.0.1.
struct HookStore {
    let database: AppDatabase
    let feed: GiveawayFeedSQLRepository
    let hooks: HookSQLRepository
    let clock: TestClock

    init(database: AppDatabase? = nil, start: Date = utc("2026-03-01T12:00:00Z")) throws {
        self.database = try database ?? AppDatabase.inMemory()
        feed = GiveawayFeedSQLRepository(database: self.database)
        hooks = HookSQLRepository(database: self.database)
        clock = TestClock(start)
    }

    /// Syncs `giveaways` at the clock's time.
    @discardableResult
    func sync(_ giveaways: [Giveaway]) async throws -> SyncReport {
        try await feed.saveFeed(giveaways, at: clock.now)
    }

    func addHook(
        _ url: URL, format: HookFormat = .json, secret: String? = nil, rules: GiveawayRules = .none,
        events: Set<HookEvent> = Set(HookEvent.allCases)
    ) async throws -> Hook {
        try await hooks.addHook(
            Hook(url: url, format: format, secret: secret, rules: rules, events: events, createdAt: clock.now))
    }

    func worker(
        timeout: Duration = .seconds(5), allowPrivate: Bool = true, logger: Logger = Logger(label: "hooks-test")
    ) -> HookDeliveryWorker {
        HookDeliveryWorker(
            repository: hooks, sender: HookSender(connections: .forTests, allowPrivate: allowPrivate, timeout: timeout),
            clock: clock.function, logger: logger)
    }

    /// Every outbox row as (giveaway, event, state).
    func outbox() async throws -> [OutboxRow] {
        try await database.writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT giveaway_id, event, state, attempts FROM hook_event ORDER BY giveaway_id, event, id"
            ).map {
                OutboxRow(
                    giveawayId: $0["giveaway_id"], event: $0["event"], state: $0["state"], attempts: $0["attempts"])
            }
        }
    }
}

/// One outbox row, as tests look at it.
struct OutboxRow: Hashable {
    var giveawayId: Int
    var event: String
    var state: String
    var attempts: Int
}

/// Keeps every log line (message and metadata) in memory, for checking what reaches the logs.
final class CapturedLogs: Sendable {
    private let lines = Mutex<[String]>([])

    var text: String { lines.withLock { $0.joined(separator: "\n") } }

    var logger: Logger {
        Logger(label: "captured") { _ in Handler(logs: self) }
    }

    struct Handler: LogHandler {
        let logs: CapturedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
            logs.lines.withLock { $0.append("\(event.message) \(all)") }
        }
    }
}

extension HTTPConnections {
    /// One set of pools for every test of this target, left to the process's end (a test is not a composition root).
    static let forTests = HTTPConnections()
}
