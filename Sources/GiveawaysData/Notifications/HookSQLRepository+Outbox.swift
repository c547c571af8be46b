import Foundation
import GiveawaysDomain

// The outbox: claiming due events with a lease, recording outcomes fenced by the attempt number, the delivery log.
extension HookSQLRepository {
    /// Claims up to `limit` due events: pending ones whose time has come, and sending ones whose lease ran out
    /// (their sender died between send and record). Each claim counts as an attempt, so a crash loop still gives
    /// up after `HookRetryPolicy.maximumAttempts`.
    /// - Parameter skipping: hooks whose delivery failed earlier in this pass: their later events wait, in order.
    public func claimDue(
        now: Date, lease: TimeInterval, limit: Int, skipping: Set<Int>
    ) async throws -> [ClaimedHookEvent] {
        try await database.transaction { db in
            let due = try OutboxSQL.due(db.rows(OutboxSQL.due, now, limit, IDList(skipping.sorted())))
            guard !due.isEmpty else { return [] }
            // A hook's events go out in the order they were raised: an event whose earlier sibling another claimer
            // holds (PostgreSQL's `SKIP LOCKED` passed it) or claimed a moment ago waits. SQLite's one claimer sees
            // every due row, so none is blocked there.
            let blocked = Set(
                try db.rows(OutboxSQL.blocked, IDList(due.map(\.id))).map { try $0.value(0, as: Int.self) })
            let hooks = try HookSQL.hooksByID(db.rows(HookSQL.all))
            var giveaways: [Int: Giveaway] = [:]
            for id in Set(due.filter { !blocked.contains($0.id) }.map(\.giveawayID)) {
                giveaways[id] = try Self.giveaway(db, id: id)
            }
            let claims = OutboxClaims(due: due, blocked: blocked, hooks: hooks, giveaways: giveaways)
            for giveUp in claims.givenUp {
                try db.execute(OutboxSQL.gaveUp(db.rows(OutboxSQL.giveUp(giveUp)), giveUp, at: now))
            }
            guard !claims.claimed.isEmpty else { return [] }
            try db.execute(OutboxSQL.claim, now.addingTimeInterval(lease), IDList(claims.claimed.map(\.row.id)))
            let moves =
                claims.endDateMoves.isEmpty
                ? [:] : try OutboxSQL.endDateMoves(db.rows(OutboxSQL.endDateMoves, IDList(claims.endDateMoves)))
            return claims.events(moves: moves)
        }
    }

    /// Records what one attempt came to, and logs it (`OutboxSQL.record`). Answers the logged attempt.
    @discardableResult
    public func recordOutcome(
        of claimed: ClaimedHookEvent, status: Int?, error: String?, notBefore: Date?, at now: Date
    ) async throws -> HookDeliveryAttempt {
        let attempt = HookDeliveryAttempt(
            outcomeOf: claimed, status: status, error: error, notBefore: notBefore, at: now)
        try await database.transaction { db in try db.execute(OutboxSQL.record(claimed, attempt)) }
        return attempt
    }

    /// Hands a claimed event back unsent, to be tried at `time`: the attempt it was claimed for does not count.
    /// (A hook's events go out in order; when one fails, the ones behind it wait with it.)
    public func postpone(_ claimed: ClaimedHookEvent, until time: Date) async throws {
        try await database.transaction { db in try db.execute([OutboxSQL.handBack(claimed, until: time, as: "pending")])
        }
    }

    /// Forgets delivery attempts logged before `time`: the log is for looking back a while, not forever. (Outbox
    /// rows stay: they are what keeps an event from being raised twice.) Answers how many were removed.
    @discardableResult
    public func pruneLog(before time: Date) async throws -> Int {
        try await database.transaction { db in try db.rows(OutboxSQL.pruneLog, time).count }
    }

    /// Logs a `hooks test` sample delivery (it is not an outbox event).
    public func logTestDelivery(_ attempt: HookDeliveryAttempt) async throws {
        try await database.transaction { db in try db.execute([OutboxSQL.log(attempt)]) }
    }

    /// How many events wait in each state, for one hook or all.
    public func eventCounts(hook: Int?) async throws -> [String: Int] {
        try OutboxSQL.eventCounts(await database.rows(OutboxSQL.eventCounts(hook: hook)))
    }

    /// The most recent delivery attempts, newest first, for one hook or all.
    public func deliveries(hook: Int?, limit: Int) async throws -> [HookDeliveryAttempt] {
        try OutboxSQL.deliveries(await database.rows(OutboxSQL.deliveries(hook: hook, limit: limit)))
    }

    /// Raises `ending` for every live giveaway in the feed that enters the `EndingSoon` window by `now`, as
    /// `planner` plans: the periodic tick, since a giveaway can enter the window between two syncs. Answers how
    /// many events were new.
    @discardableResult
    public func raiseFirstHand(_ candidates: [Giveaway], at now: Date, planner: HookEventPlanner) async throws -> Int {
        guard !candidates.isEmpty,
            try await database.rows(HookSQL.exists).scalar(Bool.self) == true
        else { return 0 }
        return try await database.transaction { db in
            try HookEventRecorder.raiseFirstHand(db, candidates, planner: planner, at: now)
        }
    }

    @discardableResult
    public func raiseEndingSoon(at now: Date, planner: HookEventPlanner) async throws -> Int {
        // A read first: the service ticks every few seconds, and most servers have no hook to take the write lock for.
        guard try await database.rows(HookSQL.exists).scalar(Bool.self) == true else {
            return 0
        }
        return try await database.transaction { db in
            try HookEventRecorder.raiseEndingSoon(db, planner: planner, at: now)
        }
    }
}
