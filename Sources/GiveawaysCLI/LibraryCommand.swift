import ArgumentParser
import Foundation
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysWeb

/// `giveaways library`: a visitor's owned games from the command line (the same as Settings → Games you own).
struct LibraryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: "A visitor's owned games: import a list, or show what they own.",
        subcommands: [Import.self, Show.self]
    )

    /// The profile a `--visitor` value names: the 32-character id (the first part of their profile cookie).
    static func profile(_ text: String) throws -> ProfileID {
        guard let profile = ProfileID(rawValue: String(text.prefix(32))) else {
            throw ValidationError("--visitor must be a profile id (32 characters: the start of the gg_profile cookie).")
        }
        return profile
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace a visitor's imported list with a file: one title per line, or a CSV export.",
            discussion: """
                The file is read as Settings → Games you own reads an upload: one title per line, or a CSV with a \
                column named title, name or game (and a Steam app id column if there is one); at most 4 MB and \
                50,000 games. It replaces the visitor's last list; their Steam library is left as it is.
                """
        )

        @Argument(help: "The list (.txt or .csv).")
        var file: String

        @Option(help: "The visitor's profile id (the first 32 characters of their gg_profile cookie).")
        var visitor: String

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let profile = try LibraryCommand.profile(visitor)
            let list: OwnedGamesList
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                guard data.count <= OwnedGamesList.maxBytes else { throw OwnedGamesList.Failure.tooLarge }
                list = try OwnedGamesList(parsing: OwnedGamesList.text(decoding: Array(data)))
            } catch let failure as OwnedGamesList.Failure {
                Console.error("cannot import \(file): \(Self.reason(failure)); nothing was changed")
                throw ExitStatus.badInput
            } catch {
                Console.error("cannot read \(file): \(error.localizedDescription)")
                throw ExitStatus.badInput
            }
            guard let library = try await store.openStore().repositories.library else {
                Console.error("this store keeps no libraries")
                throw ExitStatus.databaseError
            }
            try await library.replaceListedGames(list.games, for: profile, at: Date())
            print(
                "Imported \(list.games.count) game\(list.games.count == 1 ? "" : "s")"
                    + (list.skipped > 0 ? " (\(list.skipped) rows without a title skipped)." : "."))
        }

        static func reason(_ failure: OwnedGamesList.Failure) -> String {
            switch failure {
            case .empty: "the list holds no game title"
            case .tooLarge: "a list is at most 4 MB"
            case .tooManyGames: "a list holds at most 50,000 games"
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List what a visitor owns, and their Steam link.")

        @Option(help: "The visitor's profile id (the first 32 characters of their gg_profile cookie).")
        var visitor: String

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let profile = try LibraryCommand.profile(visitor)
            guard let repository = try await store.openStore().repositories.library else {
                throw ExitStatus.databaseError
            }
            let library = try await repository.library(of: profile)
            if let steam = library.steam {
                print(
                    "Steam: \(steam.steamID), \(library.count(from: .steam)) games"
                        + (steam.refreshedAt.map { ", read \(Timestamp.format($0))" } ?? ", not read yet")
                        + (steam.failure.map { "; last read failed: \($0.rawValue)" } ?? ""))
            }
            print("Imported list: \(library.count(from: .list)) games")
            for game in library.games.sorted(by: { $0.title < $1.title }) {
                print("  \(game.source.rawValue)\t\(game.steamAppID.map(String.init) ?? "-")\t\(game.title)")
            }
        }
    }
}
