import ArgumentParser
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysWeb
import Logging

/// One setting of the command line: its environment variable, its default, and how its text is read. Every
/// setting is resolved the same way, written once here: the command's flag, else the environment variable (an empty
/// one counts as unset), else the default; a value that cannot be read is a usage error naming where it came from.
struct Setting<Value: Sendable>: Sendable {
    let variable: String
    let defaultValue: Value
    /// What a valid value looks like, for the error message ("an http(s) URL").
    let expected: String
    /// A secret's text is never repeated in a message.
    var isSecret = false
    let read: @Sendable (String) -> Value?

    /// The value from a flag given as text.
    func value(text flag: String?) throws -> Value {
        guard let text = flag ?? Environment.value(variable) else { return defaultValue }
        guard let value = read(text) else {
            let shown = isSecret ? "(not shown here)" : "'\(text)'"
            throw ValidationError("\(flag == nil ? variable : "The flag's value") \(shown) is not \(expected).")
        }
        return value
    }

    /// The value from a flag that ArgumentParser already read as the value's type.
    func value(_ flag: Value?) throws -> Value {
        if let flag { return flag }
        return try value(text: nil)
    }
}

extension Setting where Value == String {
    init(_ variable: String, default defaultValue: String) {
        self.init(variable: variable, defaultValue: defaultValue, expected: "a value") { $0 }
    }
}

extension Setting where Value == Bool {
    /// A switch: on with the flag, or with the variable set to 1, true or yes.
    init(switch variable: String) {
        self.init(variable: variable, defaultValue: false, expected: "1, true or yes") {
            ["1", "true", "yes"].contains($0.lowercased())
        }
    }

    func isOn(flag: Bool) -> Bool {
        flag || (Environment.value(variable).map { read($0) ?? false } ?? false)
    }
}

/// Every setting the commands read, in one table (docs/configuration.md lists the same).
enum Settings {
    static let database = Setting("GIVEAWAYS_DATABASE", default: Defaults.databasePath)
    static let logLevel = Setting<Logger.Level>(
        variable: "GIVEAWAYS_LOG_LEVEL", defaultValue: .info,
        expected: "a log level (" + Logger.Level.allCases.map(\.rawValue).joined(separator: ", ") + ")",
        read: { Logger.Level(rawValue: $0) })
    static let syncInterval = Setting<Double>(
        variable: "GIVEAWAYS_SYNC_INTERVAL", defaultValue: Defaults.syncIntervalMinutes, expected: "a number",
        read: { Double($0) })
    static let storeInterval = Setting<Double>(
        variable: "GIVEAWAYS_STORE_INTERVAL", defaultValue: Defaults.storeSyncIntervalMinutes, expected: "a number",
        read: { Double($0) })
    static let gamerpowerURL = url("GIVEAWAYS_GAMERPOWER_URL", default: Defaults.gamerpowerBaseURL)
    static let freetogameURL = url("GIVEAWAYS_FREETOGAME_URL", default: Defaults.freetogameBaseURL)
    static let rawgURL = url("GIVEAWAYS_RAWG_URL", default: Defaults.rawgBaseURL)
    /// A secret: its text never appears in a message.
    static let rawgKey = Setting<String?>(
        variable: "GIVEAWAYS_RAWG_KEY", defaultValue: nil, expected: "a key of letters, digits, - and _",
        isSecret: true,
        read: { key -> String?? in
            // `.none` is "unreadable"; `.some(nil)` would quietly mean "no key".
            guard key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                return .none
            }
            return .some(key)
        })
    static let steamURL = url("GIVEAWAYS_STEAM_API_URL", default: Defaults.steamBaseURL)
    /// A secret: its text never appears in a message.
    static let steamKey = Setting<String?>(
        variable: "GIVEAWAYS_STEAM_KEY", defaultValue: nil, expected: "a key of letters and digits", isSecret: true,
        read: { key -> String?? in
            guard key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return .none }
            return .some(key)
        })
    static let host = Setting("GIVEAWAYS_HOST", default: Defaults.host)
    static let port = Setting<Int>(
        variable: "GIVEAWAYS_PORT", defaultValue: Defaults.port, expected: "a port number (0 to 65535)",
        read: { Int($0).flatMap { (0...65535).contains($0) ? $0 : nil } })
    static let imageCache = Setting("GIVEAWAYS_IMAGE_CACHE", default: Defaults.imageCacheDirectory)
    static let publicURL = Setting<URL?>(
        variable: "GIVEAWAYS_PUBLIC_URL", defaultValue: nil,
        expected: "the server's public address, like https://games.example.org (no path)",
        read: { text -> URL?? in
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                let host = url.host, SiteAddress.split(authority: host.contains(":") ? "[\(host)]" : host) != nil,
                url.path.isEmpty || url.path == "/", url.query == nil, url.user == nil
            else { return .none }
            return .some(url)
        })
    static let allowedHosts = Setting<[String]>(
        variable: "GIVEAWAYS_ALLOWED_HOSTS", defaultValue: [], expected: "a comma-separated list of host names",
        read: { text in
            let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { !$0.isEmpty }
            return names.allSatisfy { SiteAddress.split(authority: $0) != nil } ? names : nil
        })
    static let hookSecret = Setting<String?>(
        variable: "GIVEAWAYS_HOOK_SECRET", defaultValue: nil, expected: "a secret", isSecret: true, read: { $0 })
    static let allowPrivateHooks = Setting(switch: "GIVEAWAYS_ALLOW_PRIVATE_HOOKS")
    static let telegramAPIURL = url("GIVEAWAYS_TELEGRAM_API_URL", default: Defaults.telegramAPIURL)
    static let telegramToken = Setting<String?>(
        variable: "GIVEAWAYS_TELEGRAM_TOKEN", defaultValue: nil, expected: "a bot token", isSecret: true,
        read: { $0 })
    static let vapidSubject = Setting<String>(
        variable: "GIVEAWAYS_VAPID_SUBJECT", defaultValue: WebPush.defaultSubject,
        expected: "mailto:you@example.org or an https:// URL", read: { VAPIDKeys.isValidSubject($0) ? $0 : nil })
    static let pushServiceHosts = Setting<[String]>(
        variable: "GIVEAWAYS_PUSH_SERVICE_HOSTS", defaultValue: [],
        expected: "a comma-separated list of host names (e.g. push.example.org)",
        read: { text in
            let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { !$0.isEmpty }
            return names.allSatisfy(PushServiceHosts.isValidHost) ? names : nil
        })
    static let maximumPushDevices = Setting<Int>(
        variable: "GIVEAWAYS_MAX_PUSH_DEVICES", defaultValue: Defaults.maximumPushDevices,
        expected: "a number from 0 to 10000000", read: { Int($0).flatMap { (0...10_000_000).contains($0) ? $0 : nil } })
    static let maximumStreams = Setting<Int>(
        variable: "GIVEAWAYS_MAX_STREAMS", defaultValue: 2_000,
        expected: "a number from 0 to 1000000", read: { Int($0).flatMap { (0...1_000_000).contains($0) ? $0 : nil } })
    static let allowPrivateImages = Setting(switch: "GIVEAWAYS_ALLOW_PRIVATE_IMAGES")
    static let metrics = Setting(switch: "GIVEAWAYS_METRICS")
    static let metricsPort = Setting<Int?>(
        variable: "GIVEAWAYS_METRICS_PORT", defaultValue: nil, expected: "a port number",
        read: { text in Int(text).map { Optional($0) } })
    // MARK: Nearby
    /// A secret: its text never appears in a message.
    static let foursquareKey = Setting<String?>(
        variable: "GIVEAWAYS_FOURSQUARE_KEY", defaultValue: nil, expected: "a key of printable characters",
        isSecret: true,
        read: { key -> String?? in
            // Printable ASCII without spaces: anything else could split the Authorization header.
            guard (1...256).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21..<0x7F).contains($0) }) else {
                return .none
            }
            return .some(key)
        })
    static let foursquareURL = url("GIVEAWAYS_FOURSQUARE_URL", default: Defaults.foursquareBaseURL)
    static let overpassURL = url("GIVEAWAYS_OVERPASS_URL", default: Defaults.overpassURL)
    static let nominatimURL = url("GIVEAWAYS_NOMINATIM_URL", default: Defaults.nominatimBaseURL)
    static let mapTilesURL = Setting<String>(
        variable: "GIVEAWAYS_MAP_TILES_URL", defaultValue: Defaults.mapTilesTemplate,
        expected: "an http(s) URL with {z}, {x} and {y}", read: { TileSettings.isValidTemplate($0) ? $0 : nil })
    static let mapContact = Setting<String?>(
        variable: "GIVEAWAYS_MAP_CONTACT", defaultValue: nil,
        expected: "an e-mail address or URL (printable ASCII, no parentheses, at most 200 characters)",
        read: { text -> String?? in
            guard let contact = PlaceUserAgent.clean(text) else { return .none }
            return .some(contact)
        })
    static let nearbyCenter = Setting<GeoPoint>(
        variable: "GIVEAWAYS_NEARBY_CENTER", defaultValue: Defaults.nearbyCenter,
        expected: "LAT,LON in range, like 52.52,13.405", read: { GeoPoint(text: $0) })
    static let overpassFreshMinutes = Setting<Int>(
        variable: "GIVEAWAYS_OVERPASS_FRESH_MINUTES", defaultValue: 15, expected: "whole minutes from 0 to 1440",
        read: { Int($0).flatMap { (0...1440).contains($0) ? $0 : nil } })
    static let tileCache = Setting<String?>(
        variable: "GIVEAWAYS_TILE_CACHE", defaultValue: nil, expected: "a directory", read: { $0 })

    private static func url(_ variable: String, default defaultValue: URL) -> Setting<URL> {
        Setting(variable: variable, defaultValue: defaultValue, expected: "an http(s) URL") { text in
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host != nil
            else { return nil }
            return url
        }
    }
}
