import ArgumentParser
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysWeb

extension CatalogPlatform: ExpressibleByArgument {}
extension CatalogQuery.Sort: ExpressibleByArgument {}

/// `giveaways catalog`: the FreeToGame free-to-play catalog from the command line.
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "The free-to-play catalog (FreeToGame): sync, list, show, import.",
        subcommands: [Sync.self, List.self, Show.self, Import.self]
    )

    /// `giveaways catalog sync`: the same as `giveaways sync --source freetogame`.
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fetch the catalog from FreeToGame once (one request) and update the store.",
            discussion: "On failure the stored catalog is left exactly as it was and the command exits with 69.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var upstream: UpstreamOptions

        func run() async throws {
            var command = SyncCommand()
            command.source = .freetogame
            command.store = store
            command.upstream = upstream
            try await command.run()
        }
    }

    /// `giveaways catalog list`: the catalog, filtered and sorted like `/free-to-play`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the catalog's games.")

        @Option(help: "A genre, by name or slug (e.g. MMORPG, card-game); case and spaces do not matter.")
        var genre: String?

        @Option(help: "pc or browser.")
        var platform: CatalogPlatform?

        @Option(help: "popularity (FreeToGame's order), release or alphabetical.")
        var sort: CatalogQuery.Sort = .popularity

        @Option(help: "Only games whose title, genre, publisher or developer contain every word.")
        var search: String = ""

        @Flag(help: "Also list games that have left the catalog.")
        var includeRemoved = false

        @Flag(help: "Print a JSON array instead of a table.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let games = try await store.openStore().repositories.catalog.allCatalogGames()
            let query = CatalogQuery(
                genre: genre, platform: platform, sort: sort, search: search, includeRemoved: includeRemoved)
            if let key = query.genreKey, !games.contains(where: { $0.game.genreKey == key }) {
                let known = Set(games.map(\.game.genre)).sorted().joined(separator: ", ")
                Console.error("there is no genre '\(genre ?? "")' in the catalog; genres: \(known)")
                throw ExitStatus.usage
            }
            let result = query.apply(to: games)
            if json {
                Console.print(
                    String(decoding: try GiveawayJSON.encoder().encode(result.map(CatalogGameJSON.init)), as: UTF8.self)
                )
                return
            }
            if games.isEmpty {
                Console.error("no catalog stored in \(store.databaseName) yet; run `giveaways catalog sync` first")
                return
            }
            Console.print(CatalogTable(games: result).render())
            Console.progress("\(result.count) of \(games.filter { !$0.isRemoved }.count) games in the catalog")
        }
    }

    /// `giveaways catalog show ID`: one game, with its detail when it has been fetched.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one catalog game.")

        @Argument(help: "The game's FreeToGame id.")
        var id: Int

        @Flag(help: "Print JSON.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let games = try await store.openStore().repositories.catalog.allCatalogGames()
            guard let stored = games.first(where: { $0.id == id }) else {
                Console.error("no game \(id) in the catalog")
                throw ExitStatus.notFound
            }
            if json {
                Console.print(
                    String(decoding: try GiveawayJSON.encoder().encode(CatalogGameJSON(stored)), as: UTF8.self))
                return
            }
            let game = stored.game
            var lines = [
                game.title + (stored.isRemoved ? "  (no longer in the catalog)" : ""),
                "  Genre       \(game.genre.isEmpty ? "unknown" : game.genre)",
                "  Platforms   \(game.platforms.sorted().map(\.displayName).joined(separator: ", "))",
                "  Released    \(game.releaseDate?.iso ?? "unknown")",
                "  Publisher   \(game.publisher.isEmpty ? "unknown" : game.publisher)",
                "  Developer   \(game.developer.isEmpty ? "unknown" : game.developer)",
                "  Play        \(game.gameURL?.absoluteString ?? "no link")",
                "", game.shortDescription,
            ]
            if let detail = stored.detail {
                if !detail.description.isEmpty { lines += ["", detail.description] }
                if let requirements = detail.requirements {
                    lines += ["", "Minimum system requirements:"]
                    for (label, value) in [
                        ("OS", requirements.os), ("Processor", requirements.processor), ("Memory", requirements.memory),
                        ("Graphics", requirements.graphics), ("Storage", requirements.storage),
                    ] {
                        lines.append(
                            "  \(label.padding(toLength: 10, withPad: " ", startingAt: 0))\(value ?? "not listed")")
                    }
                }
            }
            Console.print(lines.joined(separator: "\n"))
        }
    }

    /// `giveaways catalog import FILE…`: saved `GET /games` answers, as if fetched at the given times.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Load saved FreeToGame /games answers as if they were fetched at the given time(s).",
            discussion: "Without --as-of, each file's time is the YYYY-MM-DD date in its name, or now.")

        @Argument(help: "Saved answers of GET /games (JSON arrays).")
        var files: [String]

        @Option(name: .customLong("as-of"), help: "When the file was fetched, ISO 8601. Repeat once per file.")
        var asOf: [String] = []

        @OptionGroup var store: StoreOptions

        func validate() throws {
            try ImportCommand.validate(files: files, asOf: asOf)
        }

        func run() async throws {
            let repositories = try await store.openStore().repositories
            let repository = repositories.catalog
            let log = repositories.syncLog
            for (index, file) in files.enumerated() {
                let time =
                    asOf.isEmpty
                    ? ImportCommand.dateInName(file) ?? store.currentTime() : Timestamp.parse(asOf[index])!
                let catalog: FreeToGameDecoder.Catalog
                do {
                    catalog = try FreeToGameDecoder().decodeCatalog(
                        status: 200, body: try Data(contentsOf: URL(fileURLWithPath: file)))
                } catch {
                    Console.error("cannot import \(file): \(error); nothing from it was stored")
                    throw ExitStatus.badInput
                }
                for reason in catalog.skipped { Console.error("\(file): skipped \(reason)") }
                let report = try await repository.saveCatalog(catalog.games, at: time)
                try await log.recordSuccess(of: .freetogame, report: report, at: time)
                Console.progress("[\(index + 1)/\(files.count)] \(file) as of \(Timestamp.format(time))")
                let titles = Dictionary(catalog.games.map { ($0.id, $0.title) }) { first, _ in first }
                ChangeSummary.print(report, titles: titles, label: "Imported the catalog:", noun: "games")
            }
        }
    }
}

/// A plain-text table of catalog games that fits a terminal.
struct CatalogTable {
    let games: [StoredCatalogGame]

    func render() -> String {
        let header = ["ID", "TITLE", "GENRE", "PLATFORMS", "RELEASED", "PUBLISHER"]
        let rows = games.map { stored in
            let game = stored.game
            return [
                String(game.id), TextTable.clip(game.title + (stored.isRemoved ? " (removed)" : ""), 40),
                TextTable.clip(game.genre, 16), game.platforms.sorted().map(\.displayName).joined(separator: ", "),
                game.releaseDate?.iso ?? "unknown", TextTable.clip(game.publisher, 24),
            ]
        }
        return TextTable.render(header: header, rows: rows, rightAligned: [0])
    }
}
