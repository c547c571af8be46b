import ArgumentParser
import Foundation
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysWeb

/// `giveaways status`: each source's sync health, from the sync log in the database.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show each source's sync health: last attempt and success, why it failed, what it holds and changed.",
        discussion: "Exits 0 when every source's last attempt succeeded, 69 when one failed, 1 before any sync."
    )

    @Flag(help: "Print JSON (the shape of GET /api/v1/status).")
    var json = false

    @Option(help: "Show only this source: \(SourceID.optionNames) (default: every source).")
    var source: SourceID?

    @OptionGroup var interval: SyncIntervalOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var stores: StoreSourceOptions

    func run() async throws {
        let repositories = try await store.openStore().repositories
        let feed = repositories.feed
        let catalog = repositories.catalog
        let log = repositories.syncLog
        let now = store.currentTime()
        // The interval each source follows: GamerPower's, the stores', the catalog's day.
        let feedMinutes = try interval.minutes()
        let storeMinutes = try interval.storeMinutes()
        func minutes(of source: SourceID) -> Double {
            switch source {
            case .gamerpower: feedMinutes
            case .freetogame: Defaults.catalogSyncIntervalMinutes
            case .store: storeMinutes
            }
        }
        var health: [SourceHealth] = []
        let offers = try await repositories.offers?.allOffers() ?? []
        let sources = try self.source.map { [$0] } ?? (stores.selected() + [.freetogame])
        for source in sources {
            let sourceLog = try await log.syncLog(of: source)
            // The CLI cannot see a running server's schedule; a server runs next one interval after its last try.
            let next = sourceLog.lastAttempt.map { $0.at.addingTimeInterval(minutes(of: source) * 60) }
            let items: Int
            let isDemo: Bool
            switch source {
            case .gamerpower:
                items = try await feed.giveawaysInFeed().count
                isDemo = try await feed.holdsDemoData()
            case .freetogame:
                items = try await catalog.allCatalogGames().filter { !$0.isRemoved }.count
                isDemo = false
            case .store(let store):
                items = offers.count { $0.leftAt == nil && $0.offer.store == store }
                isDemo = false
            }
            health.append(
                SourceHealth(source: source, log: sourceLog, itemCount: items, isDemoData: isDemo, nextRunAt: next))
        }
        if json {
            Console.print(
                String(decoding: try GiveawayJSON.encoder().encode(StatusJSON(health: health)), as: UTF8.self))
        } else {
            for source in health {
                Console.print(Self.describe(source, now: now, intervalMinutes: minutes(of: source.source)))
            }
        }
        if health.contains(where: { $0.log.lastAttempt == nil }) { throw ExitStatus.notFound }
        if health.contains(where: { $0.log.isStale }) { throw ExitStatus.upstreamUnavailable }
    }

    static func describe(_ health: SourceHealth, now: Date, intervalMinutes: Double) -> String {
        func when(_ date: Date?) -> String {
            guard let date else { return "never" }
            let seconds = Int(now.timeIntervalSince(date).rounded())
            let ago = seconds >= 0 ? "\(Self.span(seconds)) ago" : "in \(Self.span(-seconds))"
            return "\(Timestamp.format(date)) (\(ago))"
        }
        let noun = health.source.itemNoun
        var lines = [
            "\(health.source.displayName): \(health.state.rawValue)",
            "  Holds         \(health.itemCount) \(health.itemCount == 1 ? noun.one : noun.many)"
                + (health.isDemoData ? " (built-in demo data)" : ""),
            "  Last attempt  \(when(health.log.lastAttempt?.at))"
                + (health.log.lastAttempt.map { $0.succeeded ? ", succeeded" : ", failed" } ?? ""),
            "  Last success  \(when(health.log.lastSuccess?.at))",
        ]
        if let reason = health.log.lastFailure?.failureReason { lines.append("  Failure       \(reason)") }
        if let changes = health.log.lastSuccess?.changes {
            lines.append(
                "  Last changes  \(changes.added) new, \(changes.updated) updated, \(changes.returned) back, "
                    + "\(changes.left) left (\(changes.total) in the \(health.source == .freetogame ? "catalog" : "feed") after it)"
            )
        }
        let interval = intervalMinutes.rounded() == intervalMinutes ? "\(Int(intervalMinutes))" : "\(intervalMinutes)"
        lines.append(
            "  Next run      "
                + (health.nextRunAt.map { "\(when($0)), with a \(interval)-minute interval" }
                    ?? "when `giveaways serve` starts"))
        return lines.joined(separator: "\n")
    }

    private static func span(_ seconds: Int) -> String {
        if seconds >= 86_400 { return "\(seconds / 86_400) d" }
        if seconds >= 3_600 { return "\(seconds / 3_600) h \(seconds % 3_600 / 60) min" }
        if seconds >= 60 { return "\(seconds / 60) min" }
        return "\(seconds) s"
    }
}
