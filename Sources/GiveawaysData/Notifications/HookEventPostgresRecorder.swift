import Foundation
import GiveawaysDomain
import PostgresNIO

/// Writes the webhook events `HookEventPlanner` plans into the outbox, inside the sync's own PostgreSQL
/// transaction, as `HookEventRecorder` does over SQLite: the feed and its events are committed together or not at
/// all. Every insert is `ON CONFLICT DO NOTHING` against the outbox's unique key, so syncing the same feed again
/// raises nothing twice.
enum HookEventPostgresRecorder {
    /// Plans and writes the events of the sync that just saved `giveaways`.
    /// - Parameters:
    ///   - firstSeen: when each giveaway that entered the feed was first seen.
    ///   - firstLoad: the store never held a giveaway of GamerPower's before (at most a store's own offers).
    static func record(
        _ sql: PostgresTransaction, planner: HookEventPlanner, report: SyncReport, giveaways: [Giveaway],
        firstSeen: [Int: Date], firstLoad: Bool, at time: Date
    ) async throws {
        let hooks = try HookSQL.hooks(await sql.rows(HookSQL.all))
        guard !hooks.isEmpty else { return }
        let offers = try await sql.rows(StoreOfferSQL.all).compactMap(OfferRecord.init(shared:))
        let marks = try await marks(sql, of: hooks)
        let facts = HookEventPlanner.SyncFacts(
            gamerpower: report, giveaways: giveaways, firstSeen: firstSeen, offers: offers, firstLoad: firstLoad,
            hooks: hooks, marks: marks, time: time)
        let plan = try await knowing(planner, sql, marks: marks, of: hooks).plan(facts)
        if !plan.baselines.isEmpty {
            try await sql.run(HookEventSQL.baseline, time, IDList(plan.baselines))
        }
        try await write(sql, plan.events, at: time)
    }

    /// Plans and writes `ending` for live giveaways in the feed that are ending soon, and the reminders: the
    /// periodic tick. What it reads is decided by `HookEventPlanner.Tick`.
    static func raiseEndingSoon(_ sql: PostgresTransaction, planner: HookEventPlanner, at now: Date) async throws -> Int
    {
        let tick = HookEventPlanner.Tick(hooks: try HookSQL.hooks(await sql.rows(HookSQL.all)), at: now)
        let reminders = try await raiseReminders(sql, planner: planner, tick: tick)
        guard !tick.endingHooks.isEmpty else { return reminders }
        let ids = try await sql.rows(HookEventSQL.endingWithin, now, tick.endingUntil).map {
            try $0.value(0, as: Int.self)
        }
        guard !ids.isEmpty else { return reminders }
        let feed = try await giveaways(sql, ids)
        let marks = try await marks(sql, of: tick.endingHooks)
        let events = try await knowing(planner, sql, marks: marks, of: tick.endingHooks).endingSoon(
            feed, hooks: tick.endingHooks, marks: marks, at: now)
        return try await reminders + write(sql, events, at: now)
    }

    /// Plans and writes the events of the stores' own giveaways and of announced ones going free, for `candidates`
    /// of the merged feed, as `HookEventRecorder.raiseFirstHand` does over SQLite.
    static func raiseFirstHand(
        _ sql: PostgresTransaction, _ candidates: [Giveaway], planner: HookEventPlanner, at now: Date
    ) async throws -> Int {
        let hooks = try HookSQL.hooks(await sql.rows(HookSQL.all)).filter {
            !$0.events.isDisjoint(with: HookEventRecorder.firstHandEvents)
        }
        guard !hooks.isEmpty else { return 0 }
        let profiles = HookEventPlanner.Tick.profiles(of: hooks)
        let leads =
            profiles.isEmpty
            ? [:]
            : try HookSQL.preferences(await sql.rows(HookSQL.preferences(of: profiles))).mapValues(
                \.preferences.reminderLead)
        let marks = try await marks(sql, of: hooks)
        let events = try await knowing(planner, sql, marks: marks, of: hooks).firstHand(
            candidates, hooks: hooks, marks: marks, leads: leads, at: now)
        return try await write(sql, events, at: now)
    }

    /// The giveaways of `ids` still stored, in order.
    static func giveaways(_ sql: PostgresTransaction, _ ids: [Int]) async throws -> [Giveaway] {
        var feed: [Giveaway] = []
        for id in ids {
            if let giveaway = try await GiveawayPostgresReads.giveaway(sql, id: id) { feed.append(giveaway) }
        }
        return feed
    }

    /// The claimed, not-interested and favorite marks on giveaways of every profile that owns one of `hooks`.
    static func marks(_ sql: PostgresTransaction, of hooks: [Hook]) async throws -> [ProfileID: VisitorMarks] {
        let profiles = HookEventPlanner.Tick.profiles(of: hooks)
        guard !profiles.isEmpty else { return [:] }
        var byProfile: [ProfileID: VisitorMarks] = [:]
        for profile in profiles {
            byProfile[profile] = try MarkSQL.marks(await sql.rows(MarkSQL.plannerMarks, profile.rawValue))
        }
        return byProfile
    }

    /// `planner` knowing the games each owner of `hooks` claimed, as `HookEventRecorder.knowing` over SQLite.
    static func knowing(
        _ planner: HookEventPlanner, _ sql: PostgresTransaction, marks: [ProfileID: VisitorMarks], of hooks: [Hook]
    ) async throws -> HookEventPlanner {
        var planner = planner
        for (profile, ids) in HookEventPlanner.claimedGiveaways(of: hooks, marks: marks) {
            let titles = try await sql.rows(HookEventSQL.titlesOf, IDList(ids)).map {
                try $0.value(0, as: String.self)
            }
            planner.claimedGames[profile] = Set(titles.map(GameTitle.normalized).filter { !$0.isEmpty })
        }
        return planner
    }

    /// Inserts the events in order; a `changed` event's occurrence is the id of the end-date move it reports, so
    /// a second move is news again. Answers how many were new.
    @discardableResult
    static func write(
        _ sql: PostgresTransaction, _ events: [HookEventPlanner.PlannedEvent], at time: Date
    ) async throws -> Int {
        let giveaways = HookEventPlanner.PlannedEvent.giveawaysWithEndChanges(events)
        var latest: [Int: Int] = [:]
        if !giveaways.isEmpty {
            for row in try await sql.rows(HookEventSQL.latestEndDateMoves, IDList(giveaways)) {
                latest[try row.value(0, as: Int.self)] = try row.value(1, as: Int.self)
            }
        }
        var raised = 0
        for event in events {
            let occurrence = event.storedOccurrence(latestEndChange: latest)
            raised += try await sql.rows(
                HookEventSQL.raise, event.hookID, event.giveawayID, event.event.rawValue, occurrence, time
            ).count
        }
        return raised
    }
}
