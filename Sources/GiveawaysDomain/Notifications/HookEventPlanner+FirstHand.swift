import Foundation

// Events about the stores' own giveaways (Epic, Epic mobile, Steam, GOG) and about announced ones going free. A
// GamerPower sync raises its events in its own transaction from what it saved; a store's giveaway is known only in
// the merged feed (`FeedMerge`), so the periodic tick plans these from it, as it plans `ending` and reminders: the
// same rules, the same outbox, raised once each by its key, on time rather than at the next sync.
extension HookEventPlanner {
    /// How long after a giveaway goes free its `new` and `started` are still news: a server that was off for longer
    /// does not wake up to a flood of old news.
    public static let firstHandLookback: TimeInterval = 86_400

    /// Of the merged feed, what the tick weighs: the stores' own giveaways (not merged into an earlier GamerPower
    /// listing: GamerPower's sync announced those) that are live now and went free within the lookback or end within
    /// the longest reminder lead, and any announced giveaway that went free within the lookback.
    public static func firstHandCandidates(_ feed: some Sequence<Giveaway>, at now: Date) -> [Giveaway] {
        let horizon = now.addingTimeInterval(max(EndingSoon.window, ReminderLead.longest))
        return feed.filter { giveaway in
            guard giveaway.isLive(at: now) else { return false }
            if let start = giveaway.startsAt, now.timeIntervalSince(start) <= firstHandLookback { return true }
            // A game that went free lately may be one a visitor hearted on Games (`heartedGameNews`).
            if giveaway.type.isWholeGame, now.timeIntervalSince(wentFree(giveaway)) <= firstHandLookback { return true }
            guard OfferRecord.isStoreID(giveaway.id) else { return false }
            if now.timeIntervalSince(wentFree(giveaway)) <= firstHandLookback { return true }
            return giveaway.endsAt.map { $0 > now && $0 <= horizon } ?? false
        }
        .sorted { $0.id < $1.id }
    }

    /// When a giveaway went free as far as this server knows: its first sighting, or its start when it was
    /// announced ahead.
    static func wentFree(_ giveaway: Giveaway) -> Date {
        let seen = giveaway.sources.map(\.firstSeenAt).min() ?? giveaway.publishedAt
        return max(seen, giveaway.startsAt ?? seen)
    }

    /// The events of `candidates` (`firstHandCandidates`): `started` for a visitor's hook when a giveaway they
    /// hearted and have not claimed was announced and is free now (once per start; it stands in for `new` then),
    /// or when a giveaway of a game they hearted on Games went free (`heartedGameNews`); and for the stores' own
    /// giveaways, `new` when one went free after the hook's baseline, `ending` and
    /// reminders as for GamerPower's. By giveaway id, then hook.
    /// - Parameter leads: each profile's reminder lead; a profile not in it has `ReminderLead.standard`.
    public func firstHand(
        _ candidates: [Giveaway], hooks: [Hook], marks: [ProfileID: VisitorMarks], leads: [ProfileID: ReminderLead],
        at now: Date
    ) -> [PlannedEvent] {
        var events: [PlannedEvent] = []
        let stores = candidates.filter { OfferRecord.isStoreID($0.id) }
        let heartedGames = marks.compactMapValues { marks in
            let games = Self.heartedGames(marks)
            return games.isEmpty ? nil : games
        }
        for giveaway in candidates where giveaway.isLive(at: now) {
            var told = Set<Int>()
            if let start = giveaway.startsAt, start <= now, now.timeIntervalSince(start) <= Self.firstHandLookback {
                for hook in hooks where hook.events.contains(.started) {
                    guard let profile = hook.profileID, Self.wantsNews(of: giveaway.id, marks[profile] ?? .none)
                    else { continue }
                    events.append(
                        PlannedEvent(
                            hookID: hook.id, giveawayID: giveaway.id, event: .started,
                            occurrence: Int(start.timeIntervalSince1970)))
                    told.insert(hook.id)
                }
            }
            for event in heartedGameNews(giveaway, hooks: hooks, marks: marks, games: heartedGames, at: now)
            where !told.contains(event.hookID) {
                events.append(event)
                told.insert(event.hookID)
            }
            guard OfferRecord.isStoreID(giveaway.id) else { continue }
            let free = Self.wentFree(giveaway)
            guard now.timeIntervalSince(free) <= Self.firstHandLookback else { continue }
            for hook in hooks where hook.events.contains(.new) && !told.contains(hook.id) {
                guard let baseline = hook.baselineAt, free >= baseline, admits(giveaway, to: hook, marks: marks)
                else { continue }
                events.append(PlannedEvent(hookID: hook.id, giveawayID: giveaway.id, event: .new))
            }
        }
        events += endingSoon(stores, hooks: hooks, marks: marks, at: now)
        events += reminders(stores, hooks: hooks, marks: marks, leads: leads, at: now)
        return events
    }
}

extension OfferRecord {
    /// Whether a giveaway id is one of the stores' own (handed out from `firstID` on), not GamerPower's.
    public static func isStoreID(_ id: Int) -> Bool { id >= firstID }

    /// The giveaway this offer is on its own, as the merged feed shows it when no GamerPower listing joins it (a
    /// notification's payload).
    public var giveaway: Giveaway { FeedMerge.storeOnly(self).giveaway }
}

extension FeedMerge {
    /// Of the GamerPower giveaways that just entered the feed (`ids`, first seen at `firstSeen`), those a store's
    /// own offer listed earlier: the merged feed publishes them under the store's id, which the tick announced
    /// (`HookEventPlanner.firstHand`), so GamerPower's sync must not announce them again under theirs. The same test
    /// as the merge's (`sameGiveaway`).
    public static func seenFirstByAStore(
        _ ids: [Int], in giveaways: [Giveaway], firstSeen: [Int: Date], offers: [OfferRecord]
    ) -> Set<Int> {
        guard !ids.isEmpty, !offers.isEmpty else { return [] }
        var byTitle: [String: [OfferRecord]] = [:]
        for offer in offers where !offer.offer.isMystery {
            let key = GameTitle.normalized(offer.offer.title)
            if !key.isEmpty { byTitle[key, default: []].append(offer) }
        }
        let byID = Dictionary(giveaways.map { ($0.id, $0) }) { _, last in last }
        var seen = Set<Int>()
        for id in ids {
            guard let giveaway = byID[id], let first = firstSeen[id], !isThirdPartyKey(giveaway),
                let offers = byTitle[GameTitle.normalized(giveaway.title)]
            else { continue }
            let listing = StoredGiveaway(
                giveaway: giveaway,
                history: FeedHistory(
                    firstSeenAt: first, lastSeenAt: first, leftAt: nil,
                    periods: [FeedPeriod(appearedAt: first, leftAt: nil)]))
            if offers.contains(where: { $0.firstSeenAt < first && sameGiveaway(listing, $0) }) { seen.insert(id) }
        }
        return seen
    }
}

extension HookEventPlanner.SyncFacts {
    /// The facts of a GamerPower sync beside the stores' own offers: what a store listed first is not GamerPower's
    /// news (the merged feed publishes it under the store's id, and the tick announced it); GamerPower's first load
    /// into a store that held none of its giveaways is no one's news (a hook made before it, when only a store's
    /// offers were there, would otherwise hear of the whole feed at once); and each giveaway carries what it costs
    /// (`needsSubscription`), for the "hide subscriptions" rule, as the merged feed does.
    public init(
        gamerpower report: SyncReport, giveaways: [Giveaway], firstSeen: [Int: Date], offers: [OfferRecord],
        firstLoad: Bool, hooks: [Hook], marks: [ProfileID: VisitorMarks], time: Date
    ) {
        var report = report
        if firstLoad {
            report.added = []
        } else {
            let storeFirst = FeedMerge.seenFirstByAStore(
                report.added + report.returned, in: giveaways, firstSeen: firstSeen, offers: offers)
            report.added.removeAll { storeFirst.contains($0) }
            report.returned.removeAll { storeFirst.contains($0) }
        }
        let costed = giveaways.map { giveaway in
            var giveaway = giveaway
            giveaway.needsSubscription = SubscriptionNeed.detected(in: giveaway)
            return giveaway
        }
        self.init(report: report, giveaways: costed, firstSeen: firstSeen, hooks: hooks, marks: marks, time: time)
    }
}
