import ArgumentParser
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysWeb

/// `giveaways sync`: fetch every source (or one) once and store it.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Fetch every source once (the GamerPower giveaways, the FreeToGame catalog) and update the store.",
        discussion:
            "On failure a source's stored data is left exactly as it was and the command exits with status 69."
    )

    @Option(help: "Sync only this source: gamerpower or freetogame (default: every source).")
    var source: SourceID?

    @OptionGroup var store: StoreOptions
    @OptionGroup var upstream: UpstreamOptions

    func run() async throws {
        let repositories = try await store.openStore().repositories
        var failed = false
        for source in source.map({ [$0] }) ?? SourceID.allCases {
            switch source {
            case .gamerpower: failed = try await syncGiveaways(repositories) == false || failed
            case .freetogame: failed = try await syncCatalog(repositories) == false || failed
            }
        }
        if failed { throw ExitStatus.upstreamUnavailable }
    }

    private func syncGiveaways(_ repositories: AppRepositories) async throws -> Bool {
        // Webhook events are written with the feed; the server's delivery service sends them.
        let repository = repositories.feed
        let names = try await titles(in: repository)
        Console.progress("Fetching \(upstream.baseURL.appendingPathComponent("giveaways").absoluteString) …")
        let report: SyncReport
        do {
            report = try await HTTPConnections.using { connections in
                let client = GamerPowerHTTPClient(
                    connections: connections, baseURL: upstream.baseURL, logger: store.makeLogger(label: "gamerpower"))
                return try await SyncGiveawaysUseCase(
                    source: client, feed: repository, log: repositories.syncLog
                ).execute(now: store.currentTime())
            }
        } catch let error as GamerPowerError {
            Console.error("sync failed, local data unchanged: \(error)")
            return false
        }
        let after = try await titles(in: repository)
        ChangeSummary.print(report, titles: names.merging(after) { _, new in new })
        return true
    }

    private func syncCatalog(_ repositories: AppRepositories) async throws -> Bool {
        let repository = repositories.catalog
        Console.progress("Fetching \(upstream.catalogURL.appendingPathComponent("games").absoluteString) …")
        let report: SyncReport
        do {
            report = try await HTTPConnections.using { connections in
                let client = FreeToGameHTTPClient(
                    connections: connections, baseURL: upstream.catalogURL,
                    logger: store.makeLogger(label: "freetogame"))
                return try await SyncCatalogUseCase(
                    source: client, catalog: repository, log: repositories.syncLog
                ).execute(now: store.currentTime())
            }
        } catch let error as FreeToGameError {
            Console.error("catalog sync failed, local data unchanged: \(error)")
            return false
        }
        let titles = Dictionary(try await repository.allCatalogGames().map { ($0.id, $0.game.title) }) { a, _ in a }
        ChangeSummary.print(report, titles: titles, label: "Synced the catalog:", noun: "games")
        return true
    }

    private func titles(in repository: any GiveawayFeedRepository) async throws -> [Int: String] {
        Dictionary(try await repository.giveawaysInFeed().map { ($0.id, $0.title) }) { first, _ in first }
    }
}

extension SourceID: ExpressibleByArgument {}

/// Prints what a sync or import changed: counts, then the titles that arrived and left.
enum ChangeSummary {
    static func print(_ report: SyncReport, titles: [Int: String], label: String = "Synced", noun: String = "giveaways")
    {
        Console.print(
            "\(label) \(report.total) \(noun): \(report.added.count) new, \(report.updated.count) updated, "
                + "\(report.returned.count) back, \(report.left.count) left.")
        for (sign, ids) in [("+", report.added), ("↺", report.returned), ("-", report.left)] {
            for id in ids.prefix(15) {
                Console.print("  \(sign) \(id)  \(titles[id] ?? "")")
            }
            if ids.count > 15 { Console.print("  \(sign) … and \(ids.count - 15) more") }
        }
    }
}
