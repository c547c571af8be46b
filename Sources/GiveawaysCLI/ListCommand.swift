import ArgumentParser
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysWeb

extension TypeFilter: ExpressibleByArgument {}
extension GiveawaySort: ExpressibleByArgument {}

/// `giveaways list`: the giveaways in the feed, filtered and sorted like the Home screen.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the giveaways currently in the feed (expired ones hidden unless asked for)."
    )

    @Option(help: "A platform slug: \(Platform.catalog.map(\.slug).joined(separator: ", ")).")
    var platform: String?

    @Option(help: "game, loot or beta.")
    var type: TypeFilter?

    @Option(help: "date, value, popularity or ending.")
    var sort: GiveawaySort = .date

    @Option(help: "Only giveaways whose title, platforms or description contain every word (case and accents ignored).")
    var search: String = ""

    @Flag(help: "Also list giveaways whose end date has passed.")
    var includeExpired = false

    @Flag(help: "List what the stores announced for later (next week's on Epic), soonest first, instead.")
    var upcoming = false

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var shown: ShownSourcesOptions

    func run() async throws {
        let repositories = try await store.openStore().repositories
        let repository = repositories.feed
        let now = store.currentTime()
        // GamerPower's feed and the stores' own offers, as one (the pages' and the API's `FeedMerge`).
        let all = try await shown.load(repositories).stored.filter(\.history.isInFeed).map(\.giveaway)
        let platform: String?
        do {
            platform = try Platform.validatedFilter(
                self.platform, slugsInData: Set(all.flatMap { $0.platforms.map(\.slug) }))
        } catch {
            throw ValidationError(error.description)
        }
        let query = GiveawayQuery(
            platform: platform, type: type, sort: sort, search: search, includeExpired: includeExpired)
        var giveaways = ListGiveawaysUseCase().execute(all, query: query, now: now)
        if upcoming {
            var announced = query
            announced.includeExpired = true
            giveaways = ListGiveawaysUseCase().execute(
                all.filter { $0.isUpcoming(at: now) }, query: announced, now: now
            )
            .sorted { ($0.startsAt ?? now, $0.id) < ($1.startsAt ?? now, $1.id) }
        }
        if json {
            let isDemo = try await repository.holdsDemoData()
            let items = giveaways.map { GiveawayJSON(giveaway: $0, now: now, isDemo: isDemo) }
            Console.print(String(decoding: try GiveawayJSON.encoder().encode(items), as: UTF8.self))
            return
        }
        if all.isEmpty {
            Console.error("no giveaways stored in \(store.databaseName) yet; run `giveaways sync` first")
            return
        }
        Console.print(GiveawayTable(giveaways: giveaways, now: now).render())
        Console.progress("\(giveaways.count) of \(all.count) giveaways in the feed")
    }
}

/// `--sources`, as `list` and `show` take it: the stores left out count as turned off, as on a server started with
/// the same setting.
struct ShownSourcesOptions: ParsableArguments {
    @Option(
        help: """
            The giveaway sources the server reads, comma-separated (env GIVEAWAYS_SOURCES; default all): the offers \
            of a store left out count as ended when last seen, as the server shows them.
            """)
    var sources: String?

    func validate() throws { _ = try StoreSourceOptions.selected(sources) }

    /// The feed the server with this setting shows (`MergedFeedLoader`: the same rules, the same merge).
    func load(_ repositories: AppRepositories) async throws -> FeedMerge {
        let stores = try StoreSourceOptions.selected(sources).compactMap(\.store)
        return try await MergedFeedLoader(
            feed: repositories.feed, offers: repositories.offers, readStores: Set(stores)
        ).load()
    }
}

/// A plain-text table of giveaways that fits a terminal.
struct GiveawayTable {
    let giveaways: [Giveaway]
    let now: Date

    func render() -> String {
        let header = ["ID", "TITLE", "PLATFORMS", "TYPE", "WORTH", "ENDS", "USERS"]
        let rows = giveaways.map { giveaway in
            [
                String(giveaway.id),
                Self.clip(giveaway.title, 46),
                Self.clip(giveaway.platforms.map(\.displayName).joined(separator: ", "), 30),
                giveaway.type.rawValue,
                giveaway.worth?.formatted ?? "N/A",
                ends(giveaway),
                String(giveaway.users),
            ]
        }
        return TextTable.render(header: header, rows: rows, rightAligned: [0, 4, 6])
    }

    private func ends(_ giveaway: Giveaway) -> String {
        if let start = giveaway.startsAt, giveaway.isUpcoming(at: now) {
            return "from " + String(Timestamp.format(start).prefix(16)).replacingOccurrences(of: "T", with: " ")
        }
        guard let end = giveaway.endsAt else { return "no end date" }
        if giveaway.isExpired(at: now) { return "expired" }
        return String(Timestamp.format(end).prefix(10))
    }

    static func clip(_ text: String, _ width: Int) -> String {
        TextTable.clip(text, width)
    }
}

/// Columns padded to their widest cell, two spaces apart, no trailing blanks.
enum TextTable {
    static func render(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ").replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
        }.joined(separator: "\n")
    }

    static func clip(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }
}
