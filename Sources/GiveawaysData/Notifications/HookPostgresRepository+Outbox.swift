import Foundation
import GiveawaysDomain
import PostgresNIO

// The outbox over PostgreSQL: claims with `FOR UPDATE SKIP LOCKED` leases, outcomes fenced by the attempt number,
// the delivery log.
extension HookPostgresRepository {
    public func claimDue(
        now: Date, lease: TimeInterval, limit: Int, skipping: Set<Int>
    ) async throws -> [ClaimedHookEvent] {
        try await database.write { sql in
            let due = try OutboxSQL.due(
                await sql.rows(OutboxSQL.dueSkippingLocked, now, limit, IDList(skipping.sorted())))
            guard !due.isEmpty else { return [] }
            // A hook's events go out in the order they were raised: an event whose earlier sibling is held by
            // another claimer (or was claimed a moment ago) waits, as it would behind one claimer over SQLite.
            let blocked = Set(
                try await sql.rows(OutboxSQL.blocked, IDList(due.map(\.id))).map { try $0.value(0, as: Int.self) })
            let hooks = try HookSQL.hooksByID(await sql.rows(HookSQL.all))
            var giveaways: [Int: Giveaway] = [:]
            for id in Set(due.filter { !blocked.contains($0.id) }.map(\.giveawayID)) {
                if let giveaway = try await GiveawayPostgresReads.giveaway(sql, id: id) {
                    giveaways[id] = giveaway
                } else if OfferRecord.isStoreID(id) {
                    // A store's own giveaway, as the merged feed shows it when no GamerPower listing joins it.
                    giveaways[id] = try await sql.rows(StoreOfferSQL.one, id).compactMap(OfferRecord.init(shared:))
                        .first?.giveaway
                }
            }
            let claims = OutboxClaims(due: due, blocked: blocked, hooks: hooks, giveaways: giveaways)
            for giveUp in claims.givenUp {
                try await sql.run(OutboxSQL.gaveUp(await sql.rows(OutboxSQL.giveUp(giveUp)), giveUp, at: now))
            }
            guard !claims.claimed.isEmpty else { return [] }
            try await sql.run(OutboxSQL.claim, now.addingTimeInterval(lease), IDList(claims.claimed.map(\.row.id)))
            let moves =
                claims.endDateMoves.isEmpty
                ? [:] : try OutboxSQL.endDateMoves(await sql.rows(OutboxSQL.endDateMoves, IDList(claims.endDateMoves)))
            return claims.events(moves: moves)
        }
    }

    @discardableResult
    public func recordOutcome(
        of claimed: ClaimedHookEvent, status: Int?, error: String?, notBefore: Date?, at now: Date
    ) async throws -> HookDeliveryAttempt {
        let attempt = HookDeliveryAttempt(
            outcomeOf: claimed, status: status, error: error, notBefore: notBefore, at: now)
        try await database.write { sql in try await sql.run(OutboxSQL.record(claimed, attempt)) }
        return attempt
    }

    public func postpone(_ claimed: ClaimedHookEvent, until time: Date) async throws {
        try await database.rows(OutboxSQL.handBack(claimed, until: time, as: "pending"))
    }

    @discardableResult
    public func pruneLog(before time: Date) async throws -> Int {
        try await database.rows(OutboxSQL.pruneLog, time).count
    }

    public func logTestDelivery(_ attempt: HookDeliveryAttempt) async throws {
        try await database.write { sql in try await sql.run([OutboxSQL.log(attempt)]) }
    }

    public func eventCounts(hook: Int?) async throws -> [String: Int] {
        try OutboxSQL.eventCounts(await database.rows(OutboxSQL.eventCounts(hook: hook)))
    }

    public func deliveries(hook: Int?, limit: Int) async throws -> [HookDeliveryAttempt] {
        try OutboxSQL.deliveries(await database.rows(OutboxSQL.deliveries(hook: hook, limit: limit)))
    }

    @discardableResult
    public func raiseFirstHand(_ candidates: [Giveaway], at now: Date, planner: HookEventPlanner) async throws -> Int {
        guard !candidates.isEmpty, try await database.rows(HookSQL.exists).scalar(Bool.self) == true else { return 0 }
        return try await database.write { sql in
            try await HookEventPostgresRecorder.raiseFirstHand(sql, candidates, planner: planner, at: now)
        }
    }

    @discardableResult
    public func raiseEndingSoon(at now: Date, planner: HookEventPlanner) async throws -> Int {
        // A read first: the service ticks every few seconds, and most servers have no hook to write for.
        guard try await database.rows(HookSQL.exists).scalar(Bool.self) == true else { return 0 }
        return try await database.write { sql in
            try await HookEventPostgresRecorder.raiseEndingSoon(sql, planner: planner, at: now)
        }
    }
}
