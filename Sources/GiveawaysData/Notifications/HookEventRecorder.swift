import Foundation
import GiveawaysDomain

/// Writes the webhook events `HookEventPlanner` plans into the outbox, inside the sync's own transaction
/// (`GiveawayFeedSQLRepository.saveFeed`), on SQLite as on PostgreSQL: the feed and its events are committed together or not at all, so a
/// sync that fails (or a process that dies mid-sync) raises nothing, and one that commits cannot lose its events.
/// Every insert is `ON CONFLICT DO NOTHING` against the outbox's unique key, so syncing the same feed again raises
/// nothing twice. It reads what the planner needs and writes what it answers; it decides nothing itself.
enum HookEventRecorder {
    /// Plans and writes the events of the sync that just saved `giveaways`.
    /// - Parameters:
    ///   - firstSeen: when each giveaway that entered the feed was first seen.
    ///   - firstLoad: the store never held a giveaway of GamerPower's before (at most a store's own offers).
    static func record(
        _ db: any SQLSession, planner: HookEventPlanner, report: SyncReport, giveaways: [Giveaway],
        firstSeen: [Int: Date], firstLoad: Bool, at time: Date
    ) throws {
        let hooks = try HookSQL.hooks(db.rows(HookSQL.all))
        guard !hooks.isEmpty else { return }
        let offers = try db.rows(StoreOfferSQL.all).compactMap(OfferRecord.init(shared:))
        let marks = try marks(db, of: hooks)
        let facts = HookEventPlanner.SyncFacts(
            gamerpower: report, giveaways: giveaways, firstSeen: firstSeen, offers: offers, firstLoad: firstLoad,
            hooks: hooks, marks: marks, time: time)
        var plan = HookEventPlanner.Plan()
        _ = try planning(db, planner, marks: marks, of: hooks) { planner in
            plan = planner.plan(facts)
            return plan.events
        }
        if !plan.baselines.isEmpty { try db.execute(HookEventSQL.baseline, time, IDList(plan.baselines)) }
        try write(db, plan.events, at: time)
    }

    /// Plans and writes `ending` for live giveaways in the feed that are ending soon, and the reminders: the
    /// periodic tick. What it reads is decided by `HookEventPlanner.Tick`.
    static func raiseEndingSoon(_ db: any SQLSession, planner: HookEventPlanner, at now: Date) throws -> Int {
        let tick = HookEventPlanner.Tick(hooks: try HookSQL.hooks(db.rows(HookSQL.all)), at: now)
        let reminders = try raiseReminders(db, planner: planner, tick: tick)
        guard !tick.endingHooks.isEmpty else { return reminders }
        let ids = try db.rows(HookEventSQL.endingWithin, now, tick.endingUntil).map { try $0.value(0, as: Int.self) }
        guard !ids.isEmpty else { return reminders }
        let feed = try ids.compactMap { try HookSQLRepository.giveaway(db, id: $0) }
        let marks = try marks(db, of: tick.endingHooks)
        let events = try planning(db, planner, marks: marks, of: tick.endingHooks) {
            $0.endingSoon(feed, hooks: tick.endingHooks, marks: marks, at: now)
        }
        return try reminders + write(db, events, at: now)
    }

    /// Plans and writes the events of the stores' own giveaways and of announced ones going free, for `candidates`
    /// of the merged feed (`HookEventPlanner.firstHand`).
    static func raiseFirstHand(
        _ db: any SQLSession, _ candidates: [Giveaway], planner: HookEventPlanner, at now: Date
    ) throws -> Int {
        let hooks = try HookSQL.hooks(db.rows(HookSQL.all)).filter { !$0.events.isDisjoint(with: Self.firstHandEvents) }
        guard !hooks.isEmpty else { return 0 }
        let profiles = HookEventPlanner.Tick.profiles(of: hooks)
        let leads =
            profiles.isEmpty
            ? [:]
            : try HookSQL.preferences(db.rows(HookSQL.preferences(of: profiles))).mapValues(\.preferences.reminderLead)
        let marks = try marks(db, of: hooks)
        let events = try planning(db, planner, marks: marks, of: hooks) {
            $0.firstHand(candidates, hooks: hooks, marks: marks, leads: leads, at: now)
        }
        return try write(db, events, at: now)
    }

    /// The events `raiseFirstHand` can raise: a hook that wants none of them is not read further.
    static let firstHandEvents: Set<HookEvent> = [.new, .ending, .reminder, .started]

    /// The claimed, not-interested and favorite marks on giveaways of every profile that owns one of `hooks`.
    static func marks(_ db: any SQLSession, of hooks: [Hook]) throws -> [ProfileID: VisitorMarks] {
        let profiles = HookEventPlanner.Tick.profiles(of: hooks)
        guard !profiles.isEmpty else { return [:] }
        var byProfile: [ProfileID: VisitorMarks] = [:]
        for profile in profiles {
            byProfile[profile] = try MarkSQL.marks(db.rows(MarkSQL.plannerMarks, profile.rawValue))
        }
        return byProfile
    }

    /// `planner` knowing the games each owner of `hooks` claimed, for the rule "hide games I already claimed
    /// anywhere": the titles of their claimed giveaways, one query per such owner.
    static func knowing(
        _ planner: HookEventPlanner, _ db: any SQLSession, marks: [ProfileID: VisitorMarks], of hooks: [Hook]
    ) throws -> HookEventPlanner {
        var planner = planner
        for (profile, ids) in HookEventPlanner.claimedGiveaways(of: hooks, marks: marks) {
            let titles = try db.rows(HookEventSQL.titlesOf, IDList(ids)).map { try $0.value(0, as: String.self) }
            planner.claimedGames[profile] = Set(titles.map(GameTitle.normalized).filter { !$0.isEmpty })
        }
        return planner
    }

    /// The events `plan` answers, with the owners' libraries read only when they could matter: planned first without
    /// them, and again with them when an event went to a hook whose rules hide games its owner owns (a collector's
    /// 30,000 games are not read on every tick of the outbox for nothing). A library only ever takes events out.
    static func planning(
        _ db: any SQLSession, _ planner: HookEventPlanner, marks: [ProfileID: VisitorMarks], of hooks: [Hook],
        _ plan: (HookEventPlanner) -> [HookEventPlanner.PlannedEvent]
    ) throws -> [HookEventPlanner.PlannedEvent] {
        var planner = try knowing(planner, db, marks: marks, of: hooks)
        let events = plan(planner)
        let hiding = Set(hooks.filter { $0.rules.hideOwned && $0.profileID != nil }.map(\.id))
        guard !hiding.isEmpty, events.contains(where: { hiding.contains($0.hookID) }) else { return events }
        for hook in hooks where hiding.contains(hook.id) {
            guard let profile = hook.profileID, planner.ownedGames[profile] == nil else { continue }
            planner.ownedGames[profile] = try LibrarySQL.library(db, of: profile)
        }
        return plan(planner)
    }

    /// Inserts the events in order; a `changed` event's occurrence is the id of the end-date move it reports, so
    /// a second move is news again. Answers how many were new.
    @discardableResult
    static func write(_ db: any SQLSession, _ events: [HookEventPlanner.PlannedEvent], at time: Date) throws -> Int {
        let giveaways = HookEventPlanner.PlannedEvent.giveawaysWithEndChanges(events)
        var latest: [Int: Int] = [:]
        if !giveaways.isEmpty {
            for row in try db.rows(HookEventSQL.latestEndDateMoves, IDList(giveaways)) {
                latest[try row.value(0, as: Int.self)] = try row.value(1, as: Int.self)
            }
        }
        var raised = 0
        for event in events {
            let occurrence = event.storedOccurrence(latestEndChange: latest)
            raised += try db.rows(
                HookEventSQL.raise, event.hookID, event.giveawayID, event.event.rawValue, occurrence, time
            ).count
        }
        return raised
    }
}
