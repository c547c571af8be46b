import ArgumentParser
import Foundation
import GiveawaysData
import GiveawaysDomain

/// `--sources`, `--country` and the stores' base URLs, taken by the commands that reach the giveaway sources
/// (`serve`, `sync`, `status`).
struct StoreSourceOptions: ParsableArguments {
    @Option(
        help: """
            The giveaway sources to read, comma-separated: gamerpower, epic, epic-mobile, steam, gog, or all \
            (env GIVEAWAYS_SOURCES; default all). A source left out is never asked and has no row on /status.
            """)
    var sources: String?

    @Option(help: "The country Epic and Steam are asked about, two letters (env GIVEAWAYS_COUNTRY; default US).")
    var country: String?

    @Option(help: "Epic's promotions base URL (env GIVEAWAYS_EPIC_URL; default \(StoreClient.defaultURL(of: .epic))).")
    var epicURL: String?

    @Option(
        help:
            "Epic mobile's base URL (env GIVEAWAYS_EPIC_MOBILE_URL; default \(StoreClient.defaultURL(of: .epicMobile)))."
    )
    var epicMobileURL: String?

    @Option(help: "Steam's store base URL (env GIVEAWAYS_STEAM_URL; default \(StoreClient.defaultURL(of: .steam))).")
    var steamURL: String?

    @Option(help: "GOG's base URL (env GIVEAWAYS_GOG_URL; default \(StoreClient.defaultURL(of: .gog))).")
    var gogURL: String?

    /// The sources asked for, in `/status`'s order.
    func selected() throws -> [SourceID] {
        try Self.selected(sources)
    }

    /// The sources `text` names (`--sources`), else `GIVEAWAYS_SOURCES`, else all: also what `list` and `show` read,
    /// so that the CLI shows the feed the server started with the same setting shows.
    static func selected(_ text: String?) throws -> [SourceID] {
        let text = text ?? Environment.value("GIVEAWAYS_SOURCES") ?? "all"
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if names == ["all"] { return SourceID.giveawaySources }
        var chosen: Set<SourceID> = []
        for name in names {
            guard let source = SourceID(rawValue: name), SourceID.giveawaySources.contains(source) else {
                let known = SourceID.giveawaySources.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("'\(name)' is not a giveaway source; the sources are \(known), or all.")
            }
            chosen.insert(source)
        }
        guard !chosen.isEmpty else { throw ValidationError("--sources needs at least one source.") }
        return SourceID.giveawaySources.filter(chosen.contains)
    }

    /// Whether GamerPower is read.
    func readsGamerPower() throws -> Bool { try selected().contains(.gamerpower) }

    /// The stores asked for, each at its base URL.
    func stores() throws -> [FirstHandStore: URL] {
        var stores: [FirstHandStore: URL] = [:]
        for source in try selected() {
            guard let store = source.store else { continue }
            stores[store] = try url(of: store)
        }
        return stores
    }

    /// The country, two letters, upper case.
    func countryCode() throws -> String {
        let text = (country ?? Environment.value("GIVEAWAYS_COUNTRY") ?? "US").uppercased()
        guard text.count == 2, text.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw ValidationError("The country must be two letters, such as US or DE.")
        }
        return text
    }

    func url(of store: FirstHandStore) throws -> URL {
        let (flag, variable): (String?, String) =
            switch store {
            case .epic: (epicURL, "GIVEAWAYS_EPIC_URL")
            case .epicMobile: (epicMobileURL, "GIVEAWAYS_EPIC_MOBILE_URL")
            case .steam: (steamURL, "GIVEAWAYS_STEAM_URL")
            case .gog: (gogURL, "GIVEAWAYS_GOG_URL")
            }
        guard let text = flag ?? Environment.value(variable) else { return StoreClient.defaultURL(of: store) }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else {
            throw ValidationError("\(flag == nil ? variable : "The flag's value") '\(text)' is not an http(s) URL.")
        }
        return url
    }

    func validate() throws {
        _ = try selected()
        _ = try stores()
        _ = try countryCode()
    }
}
