import ArgumentParser
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysWeb
import Hummingbird
import Logging

/// `giveaways serve`: the web app, with background syncs.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the web app and JSON API; sync at start-up and on an interval in the background.",
        discussion:
            "Stops cleanly on SIGINT or SIGTERM. Without network it shows the stored data, or labelled demo data."
    )

    @Option(help: "The address to listen on (env GIVEAWAYS_HOST; default 127.0.0.1).")
    var host: String?

    @Option(help: "The port to listen on (env GIVEAWAYS_PORT; default 8080).")
    var port: Int?

    @Option(help: "Where cached images are kept (env GIVEAWAYS_IMAGE_CACHE; default ./image-cache).")
    var imageCache: String?

    @Option(help: "A RAWG API key: turns Discover on (env GIVEAWAYS_RAWG_KEY). Never logged or shown.")
    var rawgKey: String?

    @Option(help: "The RAWG API base URL (env GIVEAWAYS_RAWG_URL; default https://api.rawg.io/api).")
    var rawgURL: String?

    @Flag(
        help:
            "Let webhooks reach loopback, private, link-local and metadata addresses (env GIVEAWAYS_ALLOW_PRIVATE_HOOKS=1)."
    )
    var allowPrivateHooks = false

    @Option(
        help: """
            How visitors reach the server, e.g. https://games.example.org (env GIVEAWAYS_PUBLIC_URL): absolute links \
            use it, and forms are accepted only for its host, loopback names, IP addresses and --allowed-host.
            """)
    var publicURL: String?

    @Option(
        help: """
            Another host name the server answers to (env GIVEAWAYS_ALLOWED_HOSTS, comma-separated); repeat for \
            several.
            """)
    var allowedHost: [String] = []

    @Flag(
        help:
            "Let the image cache fetch from loopback, private and link-local addresses, e.g. a local mirror of an upstream (env GIVEAWAYS_ALLOW_PRIVATE_IMAGES=1)."
    )
    var allowPrivateImages = false

    @OptionGroup var interval: SyncIntervalOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var upstream: UpstreamOptions

    func validate() throws {
        if let text = rawgURL ?? Environment.value("GIVEAWAYS_RAWG_URL") {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host != nil
            else { throw ValidationError("RAWG URL '\(text)' is not an http(s) URL.") }
        }
        if let key = rawgKey ?? Environment.value("GIVEAWAYS_RAWG_KEY"),
            key.isEmpty || !key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        {
            throw ValidationError("The RAWG key must be letters, digits, - and _ only (it is not shown here).")
        }
        _ = try resolvedPublicURL()
        for name in resolvedAllowedHosts() where SiteAddress.split(authority: name) == nil {
            throw ValidationError("'\(name)' is not a host name.")
        }
        let port = try resolvedPort()
        guard (0...65535).contains(port) else { throw ValidationError("The port must be between 0 and 65535.") }
    }

    func run() async throws {
        var configuration = WebConfiguration()
        configuration.host = host ?? Environment.value("GIVEAWAYS_HOST") ?? Defaults.host
        configuration.port = try resolvedPort()
        configuration.databasePath = store.databasePath
        configuration.gamerpowerURL = upstream.baseURL
        configuration.freetogameURL = upstream.catalogURL
        configuration.rawgKey = rawgKey ?? Environment.value("GIVEAWAYS_RAWG_KEY")
        configuration.rawgURL =
            (rawgURL ?? Environment.value("GIVEAWAYS_RAWG_URL")).flatMap(URL.init(string:))
            ?? Defaults.rawgBaseURL
        configuration.syncInterval = .seconds(try interval.minutes() * 60)
        configuration.fixedNow = store.now.flatMap(Timestamp.parse)
        configuration.imageCacheDirectory =
            imageCache ?? Environment.value("GIVEAWAYS_IMAGE_CACHE") ?? Defaults.imageCacheDirectory
        configuration.logLevel = store.makeLogger(label: "giveaways").logLevel
        configuration.allowPrivateHooks = allowPrivateHooks || Environment.allowsPrivateHooks
        configuration.publicURL = try resolvedPublicURL()
        configuration.allowedHosts = Set(resolvedAllowedHosts().map { $0.lowercased() })
        configuration.allowPrivateImages =
            allowPrivateImages
            || ["1", "true", "yes"].contains(Environment.value("GIVEAWAYS_ALLOW_PRIVATE_IMAGES")?.lowercased() ?? "")
        do {
            try await buildApplication(configuration).runService()
        } catch let error as DatabaseOpenError {
            Console.error("cannot start: \(error)")
            throw ExitStatus.databaseError
        }
    }

    private func resolvedPublicURL() throws -> URL? {
        guard let text = publicURL ?? Environment.value("GIVEAWAYS_PUBLIC_URL") else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            let host = url.host, SiteAddress.split(authority: host.contains(":") ? "[\(host)]" : host) != nil,
            url.path.isEmpty || url.path == "/", url.query == nil, url.user == nil
        else {
            throw ValidationError("The public URL must look like https://games.example.org (no path), not '\(text)'.")
        }
        return url
    }

    private func resolvedAllowedHosts() -> [String] {
        let fromEnvironment = Environment.value("GIVEAWAYS_ALLOWED_HOSTS")?.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return (allowedHost.isEmpty ? fromEnvironment ?? [] : allowedHost).filter { !$0.isEmpty }
    }

    private func resolvedPort() throws -> Int {
        try port ?? Environment.number("GIVEAWAYS_PORT") ?? Defaults.port
    }
}
