import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GiveawaysWeb

/// `/metrics`: off unless asked for; then Prometheus text with requests by route pattern (never an id or a query),
/// kept-page hits and misses, and sync runs by outcome.
@Suite struct MetricsRouteTests {
    func scrape(_ client: some TestClientProtocol) async throws -> String {
        try await client.execute(uri: "/metrics", method: .get) { response in
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            return response.text
        }
    }

    /// The value of the sample `name{labels}` (labels in the order the registry writes them), or nil.
    func sample(_ text: String, _ series: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1))
        }
        return nil
    }

    @Test func metricsAreOffUnlessTheOperatorTurnsThemOn() async throws {
        let harness = try await WebHarness()
        try await harness.app().test(.router) { client in
            try await client.execute(uri: "/metrics", method: .get) { #expect($0.status == .notFound) }
        }
    }

    @Test func requestsAreCountedByRoutePatternAndKeptPagesAndSyncsAreCounted() async throws {
        let harness = try await WebHarness()
        var configuration = harness.configuration
        configuration.metrics = .samePort
        try await harness.app(configuration: configuration).test(.router) { client in
            for _ in 0..<3 { try await client.execute(uri: "/", method: .get) { #expect($0.status == .ok) } }
            // Three views of Home: the first rendered (one miss, however many look-ups), two from the kept pages.
            let first = try await scrape(client)
            #expect(sample(first, "giveaways_page_cache_hits_total") == 2)
            #expect(sample(first, "giveaways_page_cache_misses_total") == 1)
            try await client.execute(uri: "/giveaways/3101?secret=hunter2", method: .get) { _ in }
            try await client.execute(uri: "/giveaways/3102", method: .get) { _ in }
            try await client.execute(uri: "/no/such/page", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/?sort=sideways", method: .get) { #expect($0.status == .badRequest) }
            try await HTTPCachingTests.syncNow(client)

            let text = try await scrape(client)
            // Kept pages are answered before the router, and still counted under their route.
            #expect(sample(text, #"giveaways_http_requests_total{route="/",method="GET",status="2xx"}"#) == 3)
            #expect(sample(text, #"giveaways_http_requests_total{route="/",method="GET",status="4xx"}"#) == 1)
            // Details by its pattern: the ids and the query never become labels.
            #expect(text.contains(#"route="/giveaways/{id}""#))
            // (In the labels: a sample's value, a duration such as 0.0031015, may hold the digits by chance.)
            let labels = text.split(separator: "\n").compactMap { line in
                line.firstIndex(of: "{").flatMap { start in line[start...].firstIndex(of: "}").map { line[start...$0] }
                }
            }
            #expect(!labels.isEmpty)
            #expect(!labels.contains { $0.contains("3101") || $0.contains("3102") } && !text.contains("hunter2"))
            #expect(!text.contains("/no/such/page"))
            #expect(text.contains(#"status="4xx""#))
            // The stub upstream is down: the sync that Sync now ran failed, and its call was timed.
            #expect(
                sample(text, #"giveaways_sync_runs_total{source="gamerpower",outcome="failed"}"#) == 1)
            #expect(
                text.contains(
                    #"giveaways_upstream_request_duration_seconds_count{source="gamerpower",outcome="failed"}"#))
            #expect(text.contains("giveaways_http_request_duration_seconds_bucket"))
            #expect(sample(text, "giveaways_database_connections_in_use") == 0)
        }
    }
}
