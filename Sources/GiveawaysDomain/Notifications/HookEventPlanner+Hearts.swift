import Foundation

// Events about what a visitor hearted: `reminder` before it ends (at the visitor's lead time) and `back` when it
// returns to the feed. Only a visitor's own hooks get them (an operator's hook has no hearts), and what the visitor
// marked claimed is left out. Hearting a giveaway is a choice stronger than a rule, so the store, type and worth
// rules do not filter these two (they filter `new`, `ending` and `changed`).
extension HookEventPlanner {
    /// `back` for each hearted, unclaimed giveaway that returned to the feed in this sync; each return is news.
    func back(_ facts: SyncFacts, to hook: Hook) -> [PlannedEvent] {
        guard hook.events.contains(.back), let profile = hook.profileID else { return [] }
        let marks = facts.marks[profile] ?? .none
        return facts.report.returned.compactMap { id in
            guard let giveaway = facts.giveaways.last(where: { $0.id == id }), giveaway.isLive(at: facts.time),
                Self.wantsNews(of: id, marks)
            else { return nil }
            return PlannedEvent(
                hookID: hook.id, giveawayID: id, event: .back, occurrence: Int(facts.time.timeIntervalSince1970))
        }
    }

    /// `reminder` for each hearted, unclaimed, live giveaway whose end is within its visitor's lead time; by
    /// giveaway id, then hook. The occurrence is the end date, so the store raises it once per end date and a moved
    /// end date arms it again. The periodic tick asks again and again.
    /// - Parameter leads: each profile's lead; a profile not in it has `ReminderLead.standard`.
    public func reminders(
        _ feed: [Giveaway], hooks: [Hook], marks: [ProfileID: VisitorMarks], leads: [ProfileID: ReminderLead],
        at now: Date
    ) -> [PlannedEvent] {
        let hooks = hooks.filter { $0.profileID != nil && $0.events.contains(.reminder) }
        guard !hooks.isEmpty else { return [] }
        var events: [PlannedEvent] = []
        for giveaway in feed.sorted(by: { $0.id < $1.id }) {
            guard let end = giveaway.endsAt, giveaway.isLive(at: now), end > now else { continue }
            for hook in hooks {
                guard let profile = hook.profileID, let lead = (leads[profile] ?? .standard).interval,
                    end.timeIntervalSince(now) <= lead, Self.wantsNews(of: giveaway.id, marks[profile] ?? .none)
                else { continue }
                events.append(
                    PlannedEvent(
                        hookID: hook.id, giveawayID: giveaway.id, event: .reminder,
                        occurrence: Int(end.timeIntervalSince1970)))
            }
        }
        return events
    }

    /// `started` ("free now") for each visitor's hook that asks for it when `giveaway` is the game itself (not loot
    /// or an add-on) of a game the visitor hearted on Games, it went free after the heart and within the lookback,
    /// and the visitor has not claimed it or set it aside. The match is the game history's normalised title, so
    /// "Portal" is not "Portal 2"; the occurrence is when it went free, so each giveaway of the game tells once.
    /// Hearting a game is a choice stronger than a rule, as hearting a giveaway is.
    /// - Parameter games: each profile's hearted games (`heartedGames`), read once per tick.
    func heartedGameNews(
        _ giveaway: Giveaway, hooks: [Hook], marks: [ProfileID: VisitorMarks], games: [ProfileID: [String: Date]],
        at now: Date
    ) -> [PlannedEvent] {
        guard !games.isEmpty, giveaway.type.isWholeGame, giveaway.isLive(at: now) else { return [] }
        let free = Self.wentFree(giveaway)
        guard free <= now, now.timeIntervalSince(free) <= Self.firstHandLookback else { return [] }
        let title = GameTitle.normalized(giveaway.title)
        guard !title.isEmpty else { return [] }
        return hooks.compactMap { hook in
            guard hook.events.contains(.started), let profile = hook.profileID,
                let hearted = games[profile]?[title], hearted <= free
            else { return nil }
            let visitor = marks[profile] ?? .none
            let kinds = visitor.kinds(onGiveaway: giveaway.id)
            guard !visitor.has(.claimed, in: kinds), !visitor.has(.notInterested, in: kinds) else { return nil }
            return PlannedEvent(
                hookID: hook.id, giveawayID: giveaway.id, event: .started,
                occurrence: Int(free.timeIntervalSince1970))
        }
    }

    /// The games a visitor hearted on Games, by `GameTitle.normalized` name, with when each was hearted (the
    /// earliest, should two RAWG games share a name). A heart whose text names no game is left out.
    public static func heartedGames(_ marks: VisitorMarks) -> [String: Date] {
        var games: [String: Date] = [:]
        for mark in marks.all where mark.kind == .favorite && mark.subject.kind == .rawgGame {
            guard let kept = KeptGame.read(id: mark.subject.id, text: mark.text) else { continue }
            let title = GameTitle.normalized(kept.name)
            guard !title.isEmpty else { continue }
            games[title] = min(games[title] ?? mark.createdAt, mark.createdAt)
        }
        return games
    }

    /// Hearted and not claimed.
    static func wantsNews(of id: Int, _ marks: VisitorMarks) -> Bool {
        marks.has(.favorite, on: .giveaway(id)) && !marks.has(.claimed, on: .giveaway(id))
    }
}
