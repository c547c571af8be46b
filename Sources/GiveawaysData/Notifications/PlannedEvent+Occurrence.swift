import GiveawaysDomain

// The occurrence a planned event is stored under, decided once for both stores: the event's own, or for a `changed`
// event the id of the end-date move it reports (so a second move is news again), else 0.
extension HookEventPlanner.PlannedEvent {
    /// The giveaways whose latest end-date move some `changed` event reports, each once, in ascending order.
    static func giveawaysWithEndChanges(_ events: [Self]) -> [Int] {
        Set(events.lazy.filter { $0.occurrence == nil && $0.event == .changed }.map(\.giveawayID)).sorted()
    }

    /// - Parameter latestEndChange: the id of each giveaway's latest end-date move (none: 0).
    func storedOccurrence(latestEndChange: [Int: Int]) -> Int {
        if let occurrence { return occurrence }
        return event == .changed ? latestEndChange[giveawayID] ?? 0 : 0
    }
}
