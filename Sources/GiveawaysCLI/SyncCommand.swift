import ArgumentParser
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysWeb

/// `giveaways sync`: fetch every source (or one) once and store it.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: """
            Fetch every source once (the GamerPower giveaways, the stores' own giveaways on \(storeNames), the \
            FreeToGame catalog) and update the store.
            """,
        discussion:
            "On failure a source's stored data is left exactly as it was and the command exits with status 69."
    )

    @Option(help: "Sync only this source: \(SourceID.optionNames) (default: every source).")
    var source: SourceID?

    @OptionGroup var store: StoreOptions
    @OptionGroup var upstream: UpstreamOptions
    @OptionGroup var stores: StoreSourceOptions

    func run() async throws {
        let repositories = try await store.openStore().repositories
        var failed = false
        // Every source asked for (`--sources`) and the catalog, or the one named, even if `--sources` leaves it out.
        let sources = try source.map { [$0] } ?? (stores.selected() + [.freetogame])
        for source in sources {
            switch source {
            case .gamerpower: failed = try await syncGiveaways(repositories) == false || failed
            case .freetogame: failed = try await syncCatalog(repositories) == false || failed
            case .store(let store): failed = try await syncStore(store, repositories) == false || failed
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

    private func syncStore(_ store: FirstHandStore, _ repositories: AppRepositories) async throws -> Bool {
        guard let offers = repositories.offers else { return true }
        let url = try stores.url(of: store)
        Console.progress("Fetching \(store.displayName) at \(url.absoluteString) …")
        let now = self.store.currentTime()
        let known = try await offers.allOffers().filter { $0.offer.store == store }
        let report: SyncReport
        do {
            let fresh = try await HTTPConnections.using { connections in
                // The operator's contact in the User-Agent, as `serve` sends it (`GIVEAWAYS_MAP_CONTACT`).
                let client = StoreClient(
                    store: store, baseURL: url, country: try stores.countryCode(), connections: connections,
                    contact: try? Settings.mapContact.value(text: nil))
                return try await client.fetchOffers(now: now, known: known)
            }
            report = try await offers.saveOffers(fresh, of: store, at: now)
            try await repositories.syncLog.recordSuccess(of: SourceID(store), report: report, at: now)
        } catch let failure as StoreFetchFailure {
            try await repositories.syncLog.recordFailure(of: SourceID(store), reason: failure.reason, at: now)
            Console.error("\(store.displayName) sync failed, local data unchanged: \(failure)")
            return false
        }
        let titles = Dictionary(try await offers.allOffers().map { ($0.id, $0.offer.title) }) { first, _ in first }
        ChangeSummary.print(report, titles: titles, label: "Synced \(store.displayName):", noun: "offers")
        return true
    }

    private func titles(in repository: any GiveawayFeedRepository) async throws -> [Int: String] {
        Dictionary(try await repository.giveawaysInFeed().map { ($0.id, $0.title) }) { first, _ in first }
    }

    /// "Epic, Epic mobile, Steam and GOG".
    private static var storeNames: String {
        let names = FirstHandStore.allCases.map(\.shortName)
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

extension SourceID: ExpressibleByArgument {
    /// "gamerpower, epic, epic-mobile, steam, gog or freetogame": what `--source` takes.
    static var optionNames: String {
        (giveawaySources.map(\.rawValue).joined(separator: ", ")) + " or " + SourceID.freetogame.rawValue
    }
}

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
