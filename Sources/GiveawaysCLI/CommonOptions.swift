import ArgumentParser
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysWeb
import Logging

/// `--database` and `--now`, taken by every command.
struct StoreOptions: ParsableArguments {
    @Option(
        help:
            "The SQLite database file, or a postgres://USER[:PASSWORD]@HOST:PORT/DB[?sslmode=…] URL (env GIVEAWAYS_DATABASE; default ./giveaways.sqlite)."
    )
    var database: String?

    @Option(help: "The current time as ISO 8601, for replaying history and tests (default: the system clock).")
    var now: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical (env GIVEAWAYS_LOG_LEVEL).")
    var logLevel: String?

    var databasePath: String {
        (try? Settings.database.value(text: database)) ?? Defaults.databasePath
    }

    /// The database as messages show it: never a password.
    var databaseName: String {
        Storage.displayName(databasePath)
    }

    func validate() throws {
        if let now, Timestamp.parse(now) == nil {
            throw ValidationError("--now '\(now)' is not an ISO 8601 time (e.g. 2026-03-31T12:00:00Z or 2026-03-31).")
        }
        _ = try Settings.logLevel.value(text: logLevel)
    }

    /// The clock: `--now` when given, the system's time otherwise.
    func currentTime() -> Date {
        now.flatMap(Timestamp.parse) ?? Date()
    }

    func makeLogger(label: String) -> Logger {
        var logger = Logger(label: label)
        logger.logLevel = (try? Settings.logLevel.value(text: logLevel)) ?? .info
        return logger
    }

    /// Opens the store, SQLite or PostgreSQL (migrating it if it was written by an earlier release), turning a
    /// failure into a one-line message and exit code 74.
    func openStore() async throws -> Storage {
        do {
            return try await Storage.open(databasePath, logger: makeLogger(label: "giveaways.database"))
        } catch {
            Console.error("\(error)")
            throw ExitStatus.databaseError
        }
    }
}

/// `--sync-interval` (GamerPower) and `--store-interval` (the stores read first-hand), taken by `serve` (its
/// schedule) and `status` (to say when the next run is due).
struct SyncIntervalOptions: ParsableArguments {
    @Option(
        help: """
            Minutes between syncs of GamerPower's giveaways, 0.05 to 10080 (env GIVEAWAYS_SYNC_INTERVAL; default 30). \
            The stores read first-hand follow --store-interval.
            """)
    var syncInterval: Double?

    @Option(
        help: """
            Minutes between syncs of each store read first-hand (\(Self.storeNames)), 0.05 to 10080 \
            (env GIVEAWAYS_STORE_INTERVAL; default 60). Epic is also asked a minute after each announced switch, and a \
            store that answered Retry-After is not asked before then.
            """)
    var storeInterval: Double?

    /// "Epic, Epic mobile, Steam, GOG": the stores `--store-interval` moves (`FirstHandStore.allCases`).
    static var storeNames: String { FirstHandStore.allCases.map(\.shortName).joined(separator: ", ") }

    /// GamerPower's interval.
    func minutes() throws -> Double {
        try Settings.syncInterval.value(syncInterval)
    }

    /// The stores' interval.
    func storeMinutes() throws -> Double {
        try Settings.storeInterval.value(storeInterval)
    }

    func validate() throws {
        guard Defaults.syncIntervalMinutesRange.contains(try minutes()) else {
            throw ValidationError("The sync interval must be between 0.05 minutes (3 s) and 7 days, in minutes.")
        }
        guard Defaults.syncIntervalMinutesRange.contains(try storeMinutes()) else {
            throw ValidationError("The store interval must be between 0.05 minutes (3 s) and 7 days, in minutes.")
        }
    }
}

/// `--gamerpower-url`, taken by the commands that reach the upstream.
struct UpstreamOptions: ParsableArguments {
    @Option(help: "The GamerPower API base URL (env GIVEAWAYS_GAMERPOWER_URL; default https://www.gamerpower.com/api).")
    var gamerpowerURL: String?

    @Option(help: "The FreeToGame API base URL (env GIVEAWAYS_FREETOGAME_URL; default https://www.freetogame.com/api).")
    var freetogameURL: String?

    var baseURL: URL {
        (try? Settings.gamerpowerURL.value(text: gamerpowerURL)) ?? Defaults.gamerpowerBaseURL
    }

    var catalogURL: URL {
        (try? Settings.freetogameURL.value(text: freetogameURL)) ?? Defaults.freetogameBaseURL
    }

    func validate() throws {
        _ = try Settings.gamerpowerURL.value(text: gamerpowerURL)
        _ = try Settings.freetogameURL.value(text: freetogameURL)
    }
}

/// Reads configuration from the environment; empty values count as unset.
enum Environment {
    static func value(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

}

/// Writes to standard output and standard error.
enum Console {
    static func print(_ line: String) {
        Swift.print(line)
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data(("giveaways: " + line + "\n").utf8))
    }

    static func progress(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
