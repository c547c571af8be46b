import ArgumentParser

/// The `giveaways` command: serve the web app, sync, import captures, and read the local store.
public struct GiveawaysCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "giveaways",
        abstract: """
            Keep a local copy of every live giveaway, from GamerPower and first-hand from the stores (Epic, Steam, \
            GOG), and serve it.
            """,
        discussion: """
            Options fall back to environment variables, then defaults: GIVEAWAYS_DATABASE, GIVEAWAYS_GAMERPOWER_URL, \
            GIVEAWAYS_HOST, GIVEAWAYS_PORT, GIVEAWAYS_SYNC_INTERVAL, GIVEAWAYS_STORE_INTERVAL, GIVEAWAYS_SOURCES, \
            GIVEAWAYS_LOG_LEVEL, GIVEAWAYS_ALLOW_PRIVATE_HOOKS.

            Exit codes: 0 success, 1 not found, 64 bad usage, 65 unreadable input file, \
            69 upstream unavailable or malformed, 74 database error.
            """,
        subcommands: [
            ServeCommand.self, SyncCommand.self, StatusCommand.self, ImportCommand.self, ListCommand.self,
            ShowCommand.self, CatalogCommand.self, HooksCommand.self, DatabaseCommand.self, NearbyCommand.self,
            PushCommand.self, WatchCommand.self, LibraryCommand.self,
        ]
    )

    public init() {}
}

/// Exit codes scripts can rely on (sysexits.h values where one fits).
enum ExitStatus {
    static let notFound = ExitCode(1)
    static let usage = ExitCode(64)
    static let badInput = ExitCode(65)
    static let upstreamUnavailable = ExitCode(69)
    static let databaseError = ExitCode(74)
}
