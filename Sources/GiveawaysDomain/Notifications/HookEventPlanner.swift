import Foundation

/// The notification policy: which webhook events a sync raises, and which `ending` events the periodic tick
/// raises. Pure: it reads what the store hands it and answers what to write, so every rule (the baseline, "a
/// visitor's hook follows their rules and marks", "claimed ⇒ no ending alert") is tested without a database. The
/// store writes the plan in the sync's own transaction.
public struct HookEventPlanner: Sendable {
    /// The games (`GameTitle.normalized` titles) of the giveaways each hook owner marked claimed, for the owners
    /// whose rules hide games claimed anywhere: the store reads them with the marks (`HookEventRecorder`).
    public var claimedGames: [ProfileID: Set<String>]
    /// What each hook owner owns, for the owners whose rules hide games they own (`GiveawayRules.hideOwned`).
    public var ownedGames: [ProfileID: OwnedLibrary]

    public init(claimedGames: [ProfileID: Set<String>] = [:], ownedGames: [ProfileID: OwnedLibrary] = [:]) {
        self.claimedGames = claimedGames
        self.ownedGames = ownedGames
    }

    /// What the store knows at the moment of a sync, after the feed was saved.
    public struct SyncFacts: Sendable {
        /// What the sync changed.
        public var report: SyncReport
        /// The feed just saved (the last copy of a repeated id counts).
        public var giveaways: [Giveaway]
        /// When each giveaway that entered the feed (added or back) was first seen: now for a new one, earlier for
        /// one that came back.
        public var firstSeen: [Int: Date]
        /// Every hook, oldest first, with a visitor's hook carrying the visitor's current rules.
        public var hooks: [Hook]
        /// The marks of each profile that owns a hook.
        public var marks: [ProfileID: VisitorMarks]
        public var time: Date

        public init(
            report: SyncReport, giveaways: [Giveaway], firstSeen: [Int: Date], hooks: [Hook],
            marks: [ProfileID: VisitorMarks], time: Date
        ) {
            self.report = report
            self.giveaways = giveaways
            self.firstSeen = firstSeen
            self.hooks = hooks
            self.marks = marks
            self.time = time
        }
    }

    /// One event to raise. The store keys it by (hook, giveaway, event, occurrence) so raising it again is a no-op;
    /// a `changed` event's occurrence is the store's record of the end-date move it reports.
    public struct PlannedEvent: Hashable, Sendable {
        public var hookID: Int
        public var giveawayID: Int
        public var event: HookEvent
        /// What makes a repeat of the event news again: the end date's Unix time for a `reminder`, the return's
        /// time for `back`; `nil` lets the store decide (0, or the end-date move for `changed`).
        public var occurrence: Int?

        public init(hookID: Int, giveawayID: Int, event: HookEvent, occurrence: Int? = nil) {
            self.hookID = hookID
            self.giveawayID = giveawayID
            self.event = event
            self.occurrence = occurrence
        }
    }

    /// What a sync writes besides the feed: hooks whose baseline starts now, and events in the order they go out.
    public struct Plan: Hashable, Sendable {
        /// Hooks without a baseline: this sync becomes it (`Hook.baselineAt` = the sync's time).
        public var baselines: [Int] = []
        public var events: [PlannedEvent] = []

        public init(baselines: [Int] = [], events: [PlannedEvent] = []) {
            self.baselines = baselines
            self.events = events
        }
    }

    /// The events a sync raises: per hook, `new` for what entered the feed since the hook's baseline and `changed`
    /// for each end-date move; then `ending` for what is ending soon.
    public func plan(_ facts: SyncFacts) -> Plan {
        var plan = Plan()
        guard !facts.hooks.isEmpty else { return plan }
        let byID = Dictionary(facts.giveaways.map { ($0.id, $0) }) { _, last in last }
        let entered = facts.report.added + facts.report.returned
        for hook in facts.hooks {
            if let baseline = hook.baselineAt {
                if hook.events.contains(.new) {
                    // A game the owner hearted on Games is told as "free now" by the tick (`heartedGameNews`), once.
                    let hearted =
                        hook.events.contains(.started)
                        ? hook.profileID.flatMap { facts.marks[$0] }.map(Self.heartedGames) ?? [:] : [:]
                    for id in entered {
                        guard let giveaway = byID[id], giveaway.isLive(at: facts.time),
                            let seen = facts.firstSeen[id], seen >= baseline,
                            admits(giveaway, to: hook, marks: facts.marks)
                        else { continue }
                        if !hearted.isEmpty, giveaway.type.isWholeGame,
                            hearted[GameTitle.normalized(giveaway.title)].map({ $0 <= seen }) == true
                        {
                            continue
                        }
                        plan.events.append(PlannedEvent(hookID: hook.id, giveawayID: id, event: .new))
                    }
                }
            } else {
                // The first sync after the hook was added to an empty store is its baseline: the whole feed is
                // "first seen" now, and announcing all of it would flood the hook.
                plan.baselines.append(hook.id)
            }
            plan.events += back(facts, to: hook)
            if hook.events.contains(.changed) {
                for id in facts.report.endDateChanged {
                    guard let giveaway = byID[id], admits(giveaway, to: hook, marks: facts.marks) else { continue }
                    plan.events.append(PlannedEvent(hookID: hook.id, giveawayID: id, event: .changed))
                }
            }
        }
        plan.events += endingSoon(
            Array(byID.values), hooks: facts.hooks, marks: facts.marks, at: facts.time)
        return plan
    }

    /// `ending` for each giveaway in the feed that is ending soon (`EndingSoon`) and each hook that asks for it and
    /// admits the giveaway; by giveaway id, then hook. The store raises each once, so the periodic tick can ask
    /// again and again.
    /// - Parameter feed: giveaways in the feed (not demo data); others are ignored.
    public func endingSoon(
        _ feed: [Giveaway], hooks: [Hook], marks: [ProfileID: VisitorMarks], at now: Date
    ) -> [PlannedEvent] {
        let hooks = hooks.filter { $0.events.contains(.ending) }
        guard !hooks.isEmpty else { return [] }
        var events: [PlannedEvent] = []
        for giveaway in feed.sorted(by: { $0.id < $1.id }) where EndingSoon.contains(giveaway, at: now) {
            for hook in hooks
            where admits(giveaway, to: hook, marks: marks)
                && EndingSoon.contains(giveaway, at: now, for: hook.profileID.flatMap { marks[$0] } ?? .none)
            {
                events.append(PlannedEvent(hookID: hook.id, giveawayID: giveaway.id, event: .ending))
            }
        }
        return events
    }

    /// A visitor's hook follows the visitor's rules *and marks*, like their Home and feeds: what they marked
    /// claimed or not interested is left out when their rules say to hide it, and so is a giveaway of a game they
    /// claimed on any store when their rules hide games claimed anywhere, and one of a game they own when their rules
    /// hide games they own. An operator's hook follows its own rules only.
    func admits(_ giveaway: Giveaway, to hook: Hook, marks: [ProfileID: VisitorMarks]) -> Bool {
        guard let profile = hook.profileID else { return hook.rules.matches(giveaway) }
        if hook.rules.hideClaimedAnywhere, let games = claimedGames[profile], !games.isEmpty,
            games.contains(GameTitle.normalized(giveaway.title))
        {
            return false
        }
        if hook.rules.hideOwned, let library = ownedGames[profile], library.owns(giveaway) != nil { return false }
        return hook.rules.admits(giveaway, marks: marks[profile] ?? .none)
    }

    /// The profiles whose hooks hide games claimed anywhere, with the giveaways each marked claimed: what the store
    /// looks up the titles of, to fill `claimedGames`.
    public static func claimedGiveaways(
        of hooks: [Hook], marks: [ProfileID: VisitorMarks]
    ) -> [ProfileID: [Int]] {
        var claimed: [ProfileID: [Int]] = [:]
        for hook in hooks where hook.rules.hideClaimedAnywhere {
            guard let profile = hook.profileID, claimed[profile] == nil, let marks = marks[profile] else { continue }
            let ids = marks.ids(.claimed, of: .giveaway)
            if !ids.isEmpty { claimed[profile] = ids }
        }
        return claimed
    }
}
