import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// The contract of the live stream's log, for every `LiveEventRepository`: ids rise in the order of appends, a change
/// appended twice (two instances planning it) is kept once, reading after an id is bounded by time and count, and old
/// events are pruned.
struct LiveEventContract {
    let log: any LiveEventRepository

    let start = utc("2026-11-28T12:00:00Z")

    func event(_ kind: LiveEventKind, _ giveaway: Int?, _ occurrence: Int) -> PlannedLiveEvent {
        PlannedLiveEvent(
            kind: kind, giveawayID: giveaway, occurrence: occurrence, data: "{\"id\":\(giveaway ?? 0)}",
            platforms: giveaway == nil ? [] : ["pc", "steam"], type: giveaway == nil ? nil : "Game")
    }

    func appendsAreKeptOnceInOrderAndReadBack() async throws {
        #expect(try await log.latestID() == 0)
        let planned = [event(.giveawayNew, 1, 100), event(.giveawayNew, 2, 100), event(.syncFinished, nil, 7)]
        #expect(try await log.append(planned, at: start) == 3)
        // Another instance plans the same changes, and one more.
        #expect(try await log.append([event(.giveawayNew, 2, 100), event(.giveawayEnded, 1, 100)], at: start) == 1)
        let all = try await log.events(after: 0, since: .distantPast, limit: 100)
        #expect(all.map(\.kind) == [.giveawayNew, .giveawayNew, .syncFinished, .giveawayEnded])
        #expect(all.map(\.id) == all.map(\.id).sorted() && Set(all.map(\.id)).count == 4)
        #expect(all[0].giveawayID == 1 && all[0].platforms == ["pc", "steam"] && all[0].type == "Game")
        #expect(all[2].giveawayID == nil && all[2].platforms.isEmpty && all[2].type == nil)
        #expect(all[3].data == "{\"id\":1}" && all[3].at == start)
        #expect(try await log.latestID() == all[3].id)
        #expect(try await log.events(after: all[1].id, since: .distantPast, limit: 1).map(\.id) == [all[2].id])
    }

    func oldEventsArePrunedAndNotReplayed() async throws {
        _ = try await log.append([event(.giveawayNew, 1, 1)], at: start)
        _ = try await log.append([event(.giveawayNew, 2, 1)], at: start.addingTimeInterval(86_400))
        let later = start.addingTimeInterval(86_400)
        #expect(try await log.events(after: 0, since: later, limit: 10).count == 1, "only the last day is replayed")
        #expect(try await log.prune(before: later) == 1)
        #expect(try await log.events(after: 0, since: .distantPast, limit: 10).map(\.giveawayID) == [2])
    }
}
