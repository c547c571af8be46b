import Foundation
import GiveawaysDomain
import Hummingbird
import Metrics
import Prometheus
import Synchronization

/// What `/metrics` shows, in Prometheus's text format: requests by route pattern, method and status class, their
/// latency, kept-page hits and misses, sync runs by source and outcome, upstream latency, hook deliveries by
/// outcome, and the database pool. One registry per application rather than the process-wide `MetricsSystem`, so
/// that several applications in one process (the tests) keep their own counts. Labels are patterns and fixed words
/// only: never an id, a query string, a URL or anything a visitor typed.
final class AppMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// What the page cache and the pool report as running totals or levels, read when `/metrics` is asked for.
    private let sampled: SampledMetrics

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Kept pages take microseconds, a cold personal page milliseconds, an upstream call seconds.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(250), .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
        ]
        self.factory = factory
        sampled = SampledMetrics(registry: registry)
    }

    func request(route: String, method: HTTPRequest.Method, status: Int, duration: Duration) {
        let statusClass = (100...599).contains(status) ? "\(status / 100)xx" : "other"
        Counter(
            label: "giveaways_http_requests_total",
            dimensions: [("route", route), ("method", method.rawValue), ("status", statusClass)], factory: factory
        ).increment()
        Metrics.Timer(
            label: "giveaways_http_request_duration_seconds", dimensions: [("route", route)], factory: factory
        )
        .record(duration: duration)
    }

    /// A sync run: `succeeded`, `failed`, or `skipped` (another instance holds the lease).
    func syncRun(_ source: SourceID, outcome: String) {
        Counter(
            label: "giveaways_sync_runs_total", dimensions: [("source", source.rawValue), ("outcome", outcome)],
            factory: factory
        ).increment()
    }

    /// One call to an upstream, answered or not.
    func upstreamCall(_ source: SourceID, duration: Duration, failed: Bool) {
        Metrics.Timer(
            label: "giveaways_upstream_request_duration_seconds",
            dimensions: [("source", source.rawValue), ("outcome", failed ? "failed" : "answered")], factory: factory
        ).record(duration: duration)
    }

    /// One recorded hook delivery attempt: `delivered`, `retrying` or `gave_up`, by the hook's format.
    func hookDelivery(format: HookFormat, attempt: HookDeliveryAttempt) {
        let outcome = attempt.succeeded ? "delivered" : attempt.gaveUp ? "gave_up" : "retrying"
        Counter(
            label: "giveaways_hook_deliveries_total", dimensions: [("format", format.rawValue), ("outcome", outcome)],
            factory: factory
        ).increment()
    }

    /// The text `/metrics` answers, after reading the sampled values.
    func exposition(pages: PageCache.Counts, pool: (inUse: Int, waiting: Int)?) -> ByteBuffer {
        sampled.update(pages: pages, pool: pool)
        return ByteBuffer(bytes: registry.emitToBuffer())
    }
}

/// Values kept elsewhere and read at scrape time: the page cache's running counts (turned into counters by adding
/// what they grew since the last scrape) and the pool's levels.
private final class SampledMetrics: Sendable {
    private let hits: Prometheus.Counter
    private let misses: Prometheus.Counter
    private let inUse: Prometheus.Gauge
    private let waiting: Prometheus.Gauge
    private let seen = Mutex(PageCache.Counts())

    init(registry: PrometheusCollectorRegistry) {
        hits = registry.makeCounter(
            name: "giveaways_page_cache_hits_total", help: "Pages answered from the kept pages")
        misses = registry.makeCounter(
            name: "giveaways_page_cache_misses_total", help: "Pages that had to be rendered")
        inUse = registry.makeGauge(
            name: "giveaways_database_connections_in_use", help: "PostgreSQL pool connections held by queries")
        waiting = registry.makeGauge(
            name: "giveaways_database_connections_waiting", help: "Queries waiting for a PostgreSQL pool connection")
    }

    func update(pages: PageCache.Counts, pool: (inUse: Int, waiting: Int)?) {
        let (newHits, newMisses) = seen.withLock { seen in
            defer { seen = pages }
            return (max(0, pages.hits - seen.hits), max(0, pages.misses - seen.misses))
        }
        hits.increment(by: Int64(newHits))
        misses.increment(by: Int64(newMisses))
        inUse.set(Double(pool?.inUse ?? 0))
        waiting.set(Double(pool?.waiting ?? 0))
    }
}
