import ArgumentParser
import Foundation
import GiveawaysData
import GiveawaysDomain

/// `giveaways sync`: fetch the feed once and store it.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Fetch every live giveaway from GamerPower once and update the local store.",
        discussion: "On failure the stored data is left exactly as it was and the command exits with status 69."
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var upstream: UpstreamOptions

    func run() async throws {
        let database = try store.openDatabase()
        let repository = GiveawayFeedSQLiteRepository(database: database)
        let client = GamerPowerHTTPClient(baseURL: upstream.baseURL, logger: store.makeLogger(label: "gamerpower"))
        let names = try await titles(in: repository)
        Console.progress("Fetching \(upstream.baseURL.appendingPathComponent("giveaways").absoluteString) …")
        let report: SyncReport
        do {
            report = try await SyncGiveawaysUseCase(
                source: client, feed: repository, log: SyncLogSQLiteRepository(database: database)
            ).execute(now: store.currentTime())
        } catch let error as GamerPowerError {
            Console.error("sync failed, local data unchanged: \(error)")
            throw ExitStatus.upstreamUnavailable
        }
        let after = try await titles(in: repository)
        ChangeSummary.print(report, titles: names.merging(after) { _, new in new })
    }

    private func titles(in repository: GiveawayFeedSQLiteRepository) async throws -> [Int: String] {
        Dictionary(try await repository.giveawaysInFeed().map { ($0.id, $0.title) }) { first, _ in first }
    }
}

/// Prints what a sync or import changed: counts, then the titles that arrived and left.
enum ChangeSummary {
    static func print(_ report: SyncReport, titles: [Int: String], label: String = "Synced") {
        Console.print(
            "\(label) \(report.total) giveaways: \(report.added.count) new, \(report.updated.count) updated, "
                + "\(report.returned.count) back, \(report.left.count) left.")
        for (sign, ids) in [("+", report.added), ("↺", report.returned), ("-", report.left)] {
            for id in ids.prefix(15) {
                Console.print("  \(sign) \(id)  \(titles[id] ?? "")")
            }
            if ids.count > 15 { Console.print("  \(sign) … and \(ids.count - 15) more") }
        }
    }
}
