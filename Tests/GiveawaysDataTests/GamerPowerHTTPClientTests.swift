import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

@testable import GiveawaysUpstream

@Suite struct GamerPowerHTTPClientTests {
    func client(
        _ url: URL, timeout: Duration = .seconds(2), retries: [Duration] = [], maxBody: Int = 8 * 1_048_576
    )
        -> GamerPowerHTTPClient
    {
        GamerPowerHTTPClient(
            connections: .forTests, baseURL: url, timeout: timeout, maxBodyBytes: maxBody, retryDelays: retries)
    }

    func failure(
        of behavior: FakeGamerPower.Behavior, timeout: Duration = .seconds(2), maxBody: Int = 8 * 1_048_576
    )
        async throws -> GamerPowerError?
    {
        let fake = FakeGamerPower(behavior)
        return try await fake.withServer { url in
            do {
                _ = try await client(url, timeout: timeout, maxBody: maxBody).fetchGiveaways()
                return nil
            } catch let error as GamerPowerError {
                return error
            }
        }
    }

    @Test func fetchesAndMapsTheFeedWithOneRequest() async throws {
        let fake = FakeGamerPower(.json(GamerPowerWire.sampleFeed))
        let giveaways = try await fake.withServer { url in try await client(url).fetchGiveaways() }
        #expect(giveaways.count == 6)
        #expect(fake.requestCount == 1)
    }

    @Test func status201IsAnEmptyResultNotAnError() async throws {
        let fake = FakeGamerPower(
            .raw(status: 201, body: GamerPowerWire.statusObject("No active giveaways"), contentType: "application/json")
        )
        let giveaways = try await fake.withServer { url in try await client(url).fetchGiveaways() }
        #expect(giveaways.isEmpty)
    }

    @Test func serverErrorsHTMLAndTruncatedBodiesAreTypedErrors() async throws {
        #expect(
            try await failure(of: .raw(status: 500, body: "oops", contentType: "text/plain")) == .badStatus(500, "oops")
        )
        let html = try await failure(
            of: .raw(status: 200, body: "<html><body>Down</body></html>", contentType: "text/html"))
        #expect(html == .notJSON(status: 200, snippet: "<html><body>Down</body></html>"))
        let truncated = try await failure(of: .json(String(GamerPowerWire.sampleFeed.prefix(300))))
        guard case .malformed = truncated else { Issue.record("got \(String(describing: truncated))"); return }
        let notFound = try await failure(
            of: .raw(
                status: 404, body: GamerPowerWire.statusObject("No category found"), contentType: "application/json"))
        #expect(notFound == .notFound("No category found"))
    }

    @Test(arguments: [
        FakeGamerPower.Behavior.stall(seconds: 4), .stallMidBody(prefix: "[{\"id\":1,", seconds: 4),
    ])
    func slowAnswersAndStalledBodiesTimeOut(behavior: FakeGamerPower.Behavior) async throws {
        let fake = FakeGamerPower(behavior)
        let (error, elapsed) = try await fake.withServer { url in
            let start = ContinuousClock().now
            do {
                _ = try await client(url, timeout: .seconds(1)).fetchGiveaways()
                return (GamerPowerError?.none, ContinuousClock().now - start)
            } catch let error as GamerPowerError {
                return (error, ContinuousClock().now - start)
            }
        }
        #expect(error == .timedOut(seconds: 1))
        #expect(elapsed < .seconds(3), "gave up after \(elapsed)")
    }

    @Test func oversizedBodiesAreRefused() async throws {
        #expect(try await failure(of: .huge(megabytes: 3), maxBody: 1_048_576) == .bodyTooLarge(limit: 1_048_576))
    }

    @Test func connectionRefusedIsUnreachable() async throws {
        // Port 9 (discard) on loopback has no listener here; nothing leaves the machine.
        do {
            _ = try await client(URL(string: "http://127.0.0.1:9")!).fetchGiveaways()
            Issue.record("fetch succeeded")
        } catch let error as GamerPowerError {
            guard case .unreachable(let reason) = error else { Issue.record("got \(error)"); return }
            #expect(reason.contains("refused"))
        }
    }

    @Test func transientFailuresAreRetriedWithBackoffAndPacedToFourPerSecond() async throws {
        let fake = FakeGamerPower(
            .json(GamerPowerWire.sampleFeed),
            script: [
                .raw(status: 503, body: "busy", contentType: "text/plain"),
                .raw(status: 503, body: "busy", contentType: "text/plain"),
            ])
        let giveaways = try await fake.withServer { url in
            try await client(url, retries: [.milliseconds(10), .milliseconds(10)]).fetchGiveaways()
        }
        #expect(giveaways.count == 6)
        #expect(fake.requestCount == 3)
        // The next request waits a full interval after the previous one finished, so arrivals are 250 ms apart.
        let times = fake.requestTimes
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later - earlier >= .milliseconds(250), "requests arrived \(later - earlier) apart")
        }
    }

    @Test func permanentFailuresAreNotRetried() async throws {
        let fake = FakeGamerPower(
            .raw(status: 404, body: GamerPowerWire.statusObject("nope"), contentType: "application/json"))
        await #expect(throws: GamerPowerError.self) {
            try await fake.withServer { url in
                try await client(url, retries: [.milliseconds(1), .milliseconds(1)]).fetchGiveaways()
            }
        }
        #expect(fake.requestCount == 1)
    }

    @Test func pacerNeverStartsMoreThanFourRequestsPerSecond() async throws {
        let pacer = RequestPacer(maxPerSecond: 4)
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<9 { try await pacer.waitForTurn() }
        // Nine turns need at least eight intervals of 250 ms.
        #expect(clock.now - start >= .milliseconds(1990))
    }
}

@Suite struct GamerPowerBudgetTests {
    @Test func aStallingUpstreamIsGivenUpOnWithinTheTotalBudgetRetriesIncluded() async throws {
        let fake = FakeGamerPower(.stall(seconds: 6))
        let elapsed = try await fake.withServer { url in
            let client = GamerPowerHTTPClient(
                connections: .forTests, baseURL: url, timeout: .seconds(2),
                retryDelays: [.milliseconds(200), .milliseconds(200)],
                totalBudget: .seconds(4))
            let start = ContinuousClock().now
            await #expect(throws: GamerPowerError.self) { try await client.fetchGiveaways() }
            return ContinuousClock().now - start
        }
        #expect(elapsed < .milliseconds(5500), "took \(elapsed)")  // under the 6 s stall: the budget cut it short
        #expect(fake.requestCount == 2)  // 2 s, a pause, the 1.8 s left; a third attempt would not fit
    }
}
