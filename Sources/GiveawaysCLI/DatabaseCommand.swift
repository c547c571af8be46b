import ArgumentParser
import Foundation
import GiveawaysData
import GiveawaysDomain
import Logging

/// `giveaways db`: moving a store between engines.
struct DatabaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db", abstract: "Work on the store itself.", subcommands: [Copy.self])

    /// `giveaways db copy --from FILE --to postgres://…`.
    struct Copy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy everything a SQLite store holds into an empty PostgreSQL database, in one transaction.",
            discussion: """
                The SQLite file is first upgraded in place to this release's schema. Every id is kept. Prints the \
                row count of every table on both sides. A target that already holds data is refused (exit 65) \
                unless --replace, which deletes what it holds first, in the same transaction.
                """)

        @Option(help: "The SQLite store to copy (a path, or file:PATH).")
        var from: String

        @Option(help: "The PostgreSQL database: postgres://USER[:PASSWORD]@HOST:PORT/DB[?sslmode=…] (or PGPASSWORD).")
        var to: String

        @Flag(help: "Empty the target first when it already holds data.")
        var replace = false

        @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
        var logLevel: String?

        func validate() throws {
            guard !PostgresURL.isPostgres(from) else {
                throw ValidationError("--from is the SQLite store to copy (a file), not a PostgreSQL URL.")
            }
            guard PostgresURL.isPostgres(to) else {
                throw ValidationError("--to must be a postgres://USER@HOST:PORT/DB URL.")
            }
            do { _ = try PostgresURL(to) } catch { throw ValidationError("\(error)") }
            _ = try Settings.logLevel.value(text: logLevel)
        }

        func run() async throws {
            let path = from.hasPrefix("file:") ? String(from.dropFirst("file:".count)) : from
            // Opening would create an empty store; a missing file is a mistake, not an empty copy.
            guard FileManager.default.fileExists(atPath: path) else {
                Console.error("no SQLite store at \(path)")
                throw ExitStatus.badInput
            }
            var logger = Logger(label: "giveaways.copy")
            logger.logLevel = (try? Settings.logLevel.value(text: logLevel)) ?? .notice
            let source: AppDatabase
            let target: PostgresDatabase
            let url = try PostgresURL(to)
            do {
                source = try AppDatabase.open(path: path)
                target = try await PostgresDatabase.open(url, logger: logger)
            } catch {
                Console.error("cannot open the databases: \(error)")
                throw ExitStatus.databaseError
            }
            let counts: [DatabaseCopy.Count]
            do {
                counts = try await DatabaseCopy.copy(from: source, to: target, replace: replace)
            } catch let refusal as DatabaseCopy.Refusal {
                await target.close()
                Console.error("\(refusal)")
                throw ExitStatus.badInput
            } catch {
                await target.close()
                Console.error("the copy failed, nothing was copied: \(PostgresDatabaseError.reason(error))")
                throw ExitStatus.databaseError
            }
            await target.close()
            Console.print("Copied \(path) into \(url).")
            Console.print("table".padding(toLength: 22, withPad: " ", startingAt: 0) + "sqlite  postgres")
            for count in counts {
                let sqlite = String(count.source)
                Console.print(
                    count.table.padding(toLength: 22, withPad: " ", startingAt: 0)
                        + String(repeating: " ", count: max(0, 6 - sqlite.count)) + sqlite
                        + String(repeating: " ", count: max(0, 10 - String(count.target).count)) + String(count.target))
            }
        }
    }
}
