import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// A stream that resumes with `Last-Event-ID` (here `?lastEventId=`) against the real HTTP server: every missed event
/// that passes its filter, in order, across the log's pages (the replay reads 100 at a time), and nothing twice.
@Suite struct LiveStreamReplayTests {
    final class Received: Sendable {
        let events = Mutex<[LiveStreamClient.Event]>([])
        var count: Int { events.withLock { $0.count } }
    }

    @Test func aResumingStreamGetsEveryMissedEventInOrderAcrossPages() async throws {
        let harness = try await WebHarness()
        let log = try #require(harness.repository.repositories.live)
        // 250 giveaways went free while the client was away: the even ones on Steam, the odd ones on GOG.
        let planned = (1...250).map { number in
            PlannedLiveEvent(
                kind: .giveawayNew, giveawayID: number, occurrence: 0, data: #"{"id":\#(number)}"#,
                platforms: number.isMultiple(of: 2) ? ["pc", "steam"] : ["pc", "gog"], type: "game")
        }
        #expect(try await log.append(planned, at: harness.now) == 250)
        let first = try #require(try await log.events(after: 0, since: .distantPast, limit: 1).first?.id)
        var configuration = harness.configuration
        configuration.port = 0
        try await harness.app(configuration: configuration).test(.live) { client in
            let port = try #require(client.port)
            let received = Received()
            let url = URL(string: "http://127.0.0.1:\(port)/api/v1/events?platform=steam&lastEventId=\(first - 1)")!
            let watching = Task {
                try await LiveStreamClient(url: url).watch { event in
                    received.events.withLock { $0.append(event) }
                }
            }
            try await SyncSchedulerTests.waitUntil { received.count >= 125 }
            try await Task.sleep(for: .milliseconds(200))  // room for a repeat or a stray event
            watching.cancel()
            let events = received.events.withLock { $0 }
            #expect(events.count == 125)
            #expect(events.allSatisfy { $0.name == "giveaway.new" })
            let giveaways = events.compactMap { event in
                (try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Int])?["id"]
            }
            #expect(giveaways == Array(stride(from: 2, through: 250, by: 2)), "every Steam one, in order, once")
            let ids = events.compactMap { $0.id.flatMap(Int.init) }
            #expect(ids == ids.sorted() && Set(ids).count == ids.count)
        }
    }
}
