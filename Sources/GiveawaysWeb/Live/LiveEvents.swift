import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream
import Logging
import ServiceLifecycle
import Synchronization

/// The live stream's engine on one instance. Every second it compares the merged feed's live giveaways with the
/// last look (`LivePlanner`) and appends what changed to the log; syncs append `sync.finished`. The log is the one
/// truth: whatever it holds past the last event this instance passed on (its own appends, another instance's, told
/// by `NOTIFY` or found by the same look) goes to every open stream here, in id order, so every instance sends the
/// same events under the same ids. A stream's buffer is bounded: a reader that falls that far behind is cut off.
final class LiveEvents: Service, Sendable {
    private let log: any LiveEventRepository
    private let readModel: ReadModel
    private let changes: any StoreChangeChannel
    private let clock: @Sendable () -> Date
    private let logger: Logger
    /// How often the feed is looked at (a start or an end passes between syncs).
    let tickInterval: Duration
    private let state = Mutex(State())

    /// How long and how many events a stream resuming with `Last-Event-ID` can catch up on.
    static let replayWindow: TimeInterval = 86_400
    static let replayLimit = 1_000
    /// Events a stream may have waiting before its reader counts as too slow and is cut off.
    static let bufferSize = 256
    /// Events a resuming stream reads from the log at a time.
    static let replayPage = 100

    private struct State {
        var streams: [Int: AsyncStream<LiveEvent>.Continuation] = [:]
        var nextStream = 0
        /// The newest event passed on to the streams; `nil` until the first look at the log.
        var published: Int?
        /// The live giveaways at the last look; `nil` before the first (which makes no events).
        var live: [Int: LivePlanner.Mark]?
    }

    init(
        log: any LiveEventRepository, readModel: ReadModel, changes: any StoreChangeChannel,
        clock: @escaping @Sendable () -> Date, logger: Logger, tickInterval: Duration = .seconds(1)
    ) {
        self.log = log
        self.readModel = readModel
        self.changes = changes
        self.clock = clock
        self.logger = logger
        self.tickInterval = tickInterval
    }

    // MARK: - Streams

    /// A new stream of every event published from now on. Registered before a reconnecting client's missed events
    /// are read (`missed(after:)`), so that one published in between is in both, and the reader drops the repeat
    /// by id. Ends when the reader falls `bufferSize` events behind (it gets no later event, and its connection is
    /// closed) or the server stops.
    func subscribe() -> AsyncStream<LiveEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: LiveEvent.self, bufferingPolicy: .bufferingOldest(Self.bufferSize))
        let id = state.withLock { state in
            state.nextStream += 1
            state.streams[state.nextStream] = continuation
            return state.nextStream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// One page of the events after `id` still in the log (at most a day old): a resuming stream reads them page
    /// by page as it writes them, so that a replay of a thousand events never waits in memory at once.
    func missed(after id: Int, limit: Int) async throws -> [LiveEvent] {
        try await log.events(after: id, since: clock().addingTimeInterval(-Self.replayWindow), limit: limit)
    }

    var openStreams: Int { state.withLock { $0.streams.count } }

    /// Passes on every logged event after the last one passed on, in order.
    func catchUp() async {
        guard let from = state.withLock({ $0.published }) else { return }
        do {
            var after = from
            while true {
                let events = try await log.events(
                    after: after, since: clock().addingTimeInterval(-Self.replayWindow), limit: Self.replayLimit)
                guard let last = events.last else { break }
                publish(events)
                after = last.id
                if events.count < Self.replayLimit { break }
            }
        } catch {
            logger.warning("could not read the live log", metadata: ["reason": "\(error)"])
        }
    }

    private func publish(_ events: [LiveEvent]) {
        // The events not yet published and the streams, taken under the lock; yielded outside it. A stream ending at
        // that moment runs its termination handler (which takes this lock) while its task's status is locked, and a
        // yield waits for that status: yielding under the lock deadlocked the server (a stream cancelled mid-publish).
        let (fresh, streams) = state.withLock { state -> ([LiveEvent], [(Int, AsyncStream<LiveEvent>.Continuation)]) in
            let fresh = events.filter { $0.id > (state.published ?? 0) }
            if let last = fresh.last { state.published = last.id }
            return (fresh, state.streams.map { ($0.key, $0.value) })
        }
        var slow: [Int] = []
        for event in fresh {
            for (id, stream) in streams {
                if case .dropped = stream.yield(event) { slow.append(id) }
            }
        }
        for id in slow {
            // Too slow for its buffer: it gets no later event, and its connection is closed.
            state.withLock { $0.streams.removeValue(forKey: id) }?.finish()
        }
    }

    // MARK: - What goes into the log

    /// `sync.finished` for a run of `source` on this instance.
    func syncFinished(_ source: SourceID, succeeded: Bool, at time: Date) async {
        let data = Self.json([
            "source": source.rawValue, "outcome": succeeded ? "succeeded" : "failed", "at": Timestamp.format(time),
        ])
        let event = PlannedLiveEvent(
            kind: .syncFinished, giveawayID: nil,
            // Only the instance that ran the sync tells it: no other plans the same event, and two runs in one
            // instant (a frozen clock, a press of Retry) are two events.
            occurrence: Int.random(in: 1...Int.max),
            data: data)
        await append([event])
    }

    /// One look at the merged feed: what went live, changed or ended since the last look.
    func look() async {
        guard let snapshot = try? await readModel.snapshot() else { return }
        // Demo data is no one's news, nor is the real feed that replaces it: the first look at real data is the
        // baseline.
        guard !snapshot.isDemoData else {
            state.withLock { $0.live = nil }
            return
        }
        let now = clock()
        let current = LivePlanner.live(snapshot.giveaways, at: now) { giveaway in
            snapshot.stored[giveaway.id]?.history.periods.last?.appearedAt ?? giveaway.publishedAt
        }
        let previous = state.withLock { state in
            defer { state.live = current }
            return state.live
        }
        guard let previous else { return }
        let changes = LivePlanner.changes(from: previous, to: current)
        guard !changes.isEmpty else { return }
        let events = changes.compactMap { change -> PlannedLiveEvent? in
            guard let giveaway = snapshot.stored[change.giveawayID]?.giveaway else { return nil }
            var json = GiveawayJSON(giveaway: giveaway, now: now, isDemo: snapshot.isDemoData)
            if change.kind == .giveawayEnded { json.status = "ended" }
            return PlannedLiveEvent(
                kind: change.kind, giveawayID: change.giveawayID, occurrence: change.occurrence,
                data: Self.json(json), platforms: giveaway.platforms.map(\.slug), type: giveaway.type.rawValue)
        }
        await append(events)
    }

    private func append(_ events: [PlannedLiveEvent]) async {
        do {
            if try await log.append(events, at: clock()) > 0 { await changes.announce(.liveEvents) }
        } catch {
            logger.warning("could not append to the live log", metadata: ["reason": "\(error)"])
        }
        await catchUp()
    }

    // MARK: - Service

    func run() async throws {
        // The log's newest event is where this instance starts passing events on; the feed as it is now is no news.
        let latest = (try? await log.latestID()) ?? 0
        state.withLock { $0.published = latest }
        await look()
        await cancelWhenGracefulShutdown {
            var lastPrune = ContinuousClock.now
            while !Task.isCancelled {
                try? await Task.sleep(for: self.tickInterval)
                await self.look()
                await self.catchUp()
                if ContinuousClock.now - lastPrune > .seconds(3600) {
                    _ = try? await self.log.prune(before: self.clock().addingTimeInterval(-Self.replayWindow))
                    lastPrune = ContinuousClock.now
                }
            }
        }
        // Every open stream ends cleanly with the server.
        let streams = state.withLock { state in
            defer { state.streams = [:] }
            return Array(state.streams.values)
        }
        for stream in streams { stream.finish() }
    }

    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
