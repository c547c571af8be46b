import ArgumentParser
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysWeb

/// `giveaways show ID`: every field of one giveaway and its history in the feed.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show every field of one giveaway, including ones that have left the feed."
    )

    @Argument(help: "The giveaway's id.")
    var id: Int

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var shown: ShownSourcesOptions

    func run() async throws {
        let repositories = try await store.openStore().repositories
        let now = store.currentTime()
        let merge = try await shown.load(repositories)
        // An id merged into another giveaway's shows that one.
        let published = merge.aliases[id] ?? id
        guard let stored = merge.stored.first(where: { $0.id == published }) else {
            Console.error("no giveaway with id \(id) in \(store.databaseName)")
            throw ExitStatus.notFound
        }
        if published != id { Console.progress("\(id) is the same giveaway as \(published), shown here") }
        if json {
            let item = GiveawayDetailJSON(stored: stored, now: now)
            Console.print(String(decoding: try GiveawayJSON.encoder().encode(item), as: UTF8.self))
        } else {
            let history = GameHistory(merge.stored).others(of: published)
            Console.print(Self.describe(stored, now: now, gameHistory: history))
        }
    }

    static func describe(_ stored: StoredGiveaway, now: Date, gameHistory: [GameHistory.Entry] = []) -> String {
        let giveaway = stored.giveaway
        let history = stored.history
        var lines: [(String, String)] = [
            ("Title", giveaway.title + (stored.isDemo ? "  [demo data]" : "")),
            ("Id", String(giveaway.id)),
            ("Worth", giveaway.worth?.formatted ?? "N/A"),
            ("Type", giveaway.type.rawValue),
            ("Platforms", giveaway.platforms.map(\.displayName).joined(separator: ", ")),
            ("Users", String(giveaway.users)),
            ("Published", Timestamp.format(giveaway.publishedAt)),
            ("Starts", giveaway.startsAt.map(Timestamp.format) ?? "N/A"),
            ("Ends", giveaway.endsAt.map(Timestamp.format) ?? "N/A"),
            ("State", giveaway.isExpired(at: now) ? "expired" : giveaway.isUpcoming(at: now) ? "upcoming" : "active"),
            ("Upstream status", giveaway.status),
            ("Get it", giveaway.openGiveawayURL),
            ("Open giveaway", giveaway.openGiveaway ?? "(not sent)"),
            ("GamerPower page", giveaway.gamerpowerURL),
            ("Image", giveaway.imageURL),
            ("Thumbnail", giveaway.thumbnailURL),
            ("First seen", Timestamp.format(history.firstSeenAt)),
            ("Last seen", Timestamp.format(history.lastSeenAt)),
            ("In feed", history.leftAt.map { "no, left \(Timestamp.format($0))" } ?? "yes"),
        ]
        if !giveaway.sources.isEmpty {
            let seen = giveaway.sources.map { sighting in
                [sighting.source, sighting.id.map { "#\($0)" }, sighting.url].compactMap { $0 }.joined(separator: " ")
            }
            lines.append(("Seen on", seen.joined(separator: "; ")))
        }
        if giveaway.needsSubscription { lines.append(("Subscription", "needs a paid subscription")) }
        if !gameHistory.isEmpty {
            let entries = gameHistory.map { "\($0.store), \(Timestamp.format($0.from).prefix(10)) (#\($0.giveawayID))" }
            lines.append(("Game history", entries.joined(separator: "; ")))
        }
        if history.periods.count > 1 {
            let periods = history.periods.map { period in
                "\(Timestamp.format(period.appearedAt)) – \(period.leftAt.map(Timestamp.format) ?? "now")"
            }
            lines.append(("Periods", periods.joined(separator: "; ")))
        }
        let width = lines.map(\.0.count).max() ?? 0
        let table = lines.map { label, value in
            label + ":" + String(repeating: " ", count: width - label.count + 1) + value
        }
        return
            (table + [
                "", "Description:", indent(giveaway.description), "", "Instructions:", indent(giveaway.instructions),
            ])
            .joined(separator: "\n")
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
