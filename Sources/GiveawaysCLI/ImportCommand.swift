import ArgumentParser
import Foundation
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysWeb

/// `giveaways import`: replay saved `/giveaways` answers as if they had been fetched at given times.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Load saved GamerPower /giveaways answers as if they were fetched at the given time(s).",
        discussion: """
            Files are imported in the order given, each in its own transaction. Give one --as-of per file, one \
            --as-of for a single file, or none: then each file's time is the YYYY-MM-DD date in its name (00:00 UTC).
            """
    )

    @Argument(help: "Saved answers of GET /giveaways (JSON arrays, as the API sends them).")
    var files: [String]

    @Option(name: .customLong("as-of"), help: "When the file was fetched, ISO 8601. Repeat once per file.")
    var asOf: [String] = []

    @OptionGroup var store: StoreOptions

    func validate() throws {
        try Self.validate(files: files, asOf: asOf)
        if asOf.isEmpty {
            for file in files where Self.dateInName(file) == nil {
                throw ValidationError("No --as-of given and '\(file)' has no YYYY-MM-DD date in its name.")
            }
        }
    }

    func run() async throws {
        let repositories = try await store.openStore().repositories
        let repository = repositories.feed
        let log = repositories.syncLog
        var titles: [Int: String] = [:]
        for (index, file) in files.enumerated() {
            let time = asOf.isEmpty ? Self.dateInName(file)! : Timestamp.parse(asOf[index])!
            let feed: GamerPowerFeedDecoder.Feed
            do {
                let body = try Data(contentsOf: URL(fileURLWithPath: file))
                feed = try GamerPowerFeedDecoder().decode(status: 200, body: body)
            } catch {
                Console.error("cannot import \(file): \(error); nothing from it was stored")
                throw ExitStatus.badInput
            }
            for reason in feed.skipped { Console.error("\(file): skipped \(reason)") }
            for giveaway in feed.giveaways { titles[giveaway.id] = giveaway.title }
            // An import stands for a sync at that time: the status shows it like one, and it raises the same
            // webhook events.
            let report = try await SyncGiveawaysUseCase(source: FetchedFeed(feed.giveaways), feed: repository, log: log)
                .execute(now: time)
            Console.progress("[\(index + 1)/\(files.count)] \(file) as of \(Timestamp.format(time))")
            ChangeSummary.print(report, titles: titles, label: "Imported")
        }
    }

    /// The checks every import shares: at least one file, and `--as-of` times that parse, one per file or none.
    static func validate(files: [String], asOf: [String]) throws {
        guard !files.isEmpty else { throw ValidationError("Give at least one file to import.") }
        for text in asOf where Timestamp.parse(text) == nil {
            throw ValidationError("--as-of '\(text)' is not an ISO 8601 time (e.g. 2026-03-31T12:00:00Z).")
        }
        if !asOf.isEmpty, asOf.count != files.count {
            throw ValidationError("Give one --as-of per file (\(files.count) files, \(asOf.count) times), or none.")
        }
    }

    /// The first `YYYY-MM-DD` in a file's name, as midnight UTC.
    static func dateInName(_ path: String) -> Date? {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let characters = Array(name)
        guard characters.count >= 10 else { return nil }
        for start in 0...(characters.count - 10) {
            let candidate = String(characters[start..<start + 10])
            if candidate.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil,
                let date = Timestamp.parse(candidate)
            {
                return date
            }
        }
        return nil
    }
}
