import Foundation
import GiveawaysDomain

/// The body of `/api/v1/status` (and `giveaways status --json`): one entry per source, and the GamerPower feed's
/// summary at the top level, as the first release wrote it.
public struct StatusJSON: Codable, Sendable, Hashable {
    /// One source's health.
    public struct SourceJSON: Codable, Sendable, Hashable {
        public var source: String
        public var name: String
        /// `healthy`, `stale`, `failing`, `never-synced` or `syncing`.
        public var state: String
        public var items: Int
        public var demo: Bool
        public var running: Bool
        @Nullable public var lastAttempt: String?
        /// `succeeded`, `failed`, or `null` before the first attempt.
        @Nullable public var lastOutcome: String?
        @Nullable public var lastSuccess: String?
        @Nullable public var lastFailureReason: String?
        @Nullable public var lastChanges: SyncChanges?
        @Nullable public var nextRun: String?

        public init(_ health: SourceHealth) {
            source = health.source.rawValue
            name = health.source.displayName
            state = health.state.rawValue
            items = health.itemCount
            demo = health.isDemoData
            running = health.isRunning
            lastAttempt = health.log.lastAttempt.map { Timestamp.format($0.at) }
            lastOutcome = health.log.lastAttempt.map { $0.succeeded ? "succeeded" : "failed" }
            lastSuccess = health.log.lastSuccess.map { Timestamp.format($0.at) }
            lastFailureReason = health.log.lastFailure?.failureReason
            lastChanges = health.log.lastSuccess?.changes
            nextRun = health.nextRunAt.map(Timestamp.format)
        }
    }

    public var sources: [SourceJSON]
    // The giveaway feed's summary, kept from the first release for existing scripts.
    public var giveaways: Int
    @Nullable public var lastSync: String?
    @Nullable public var lastFailure: String?
    @Nullable public var lastFailureReason: String?
    public var stale: Bool
    public var demo: Bool
    public var syncing: Bool

    public init(health: [SourceHealth]) {
        sources = health.map(SourceJSON.init)
        let feed = health.first { $0.source == .gamerpower }
        giveaways = feed?.itemCount ?? 0
        lastSync = feed?.log.lastSuccess.map { Timestamp.format($0.at) }
        lastFailure = feed?.log.lastFailure.map { Timestamp.format($0.at) }
        lastFailureReason = feed?.log.lastFailure?.failureReason
        stale = feed?.log.isStale ?? false
        demo = feed?.isDemoData ?? false
        syncing = health.contains(where: \.isRunning)
    }
}
