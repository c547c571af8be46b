import ArgumentParser
import Foundation
import GiveawaysDomain

/// `--sources`, `--country` and the stores' base URLs (`--gog-url`), taken by the commands that reach the giveaway sources
/// (`serve`, `sync`, `status`).
struct StoreSourceOptions: ParsableArguments {
    @Option(
        help: """
            The giveaway sources to read, comma-separated: \(Self.sourceNames), or all (env GIVEAWAYS_SOURCES; \
            default all). A source left out is never asked and has no row on /status. Each store is read at its base \
            URL: \(Self.urlOptionsHelp).
            """)
    var sources: String?

    @Option(help: "The country Epic and Steam are asked about, two letters (env GIVEAWAYS_COUNTRY; default US).")
    var country: String?

    /// The stores' base URLs (`--gog-url`), read from what the declared options leave over: each store names its
    /// own option (`FirstHandStore.urlOption`), so a new store brings its option without a line here.
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var storeURLArguments: [String] = []

    /// `gamerpower, epic, epic-mobile, steam, gog`.
    static var sourceNames: String { SourceID.giveawaySources.map(\.rawValue).joined(separator: ", ") }

    /// Each store's option, what it moves, its environment variable and its default.
    static var urlOptionsHelp: String {
        FirstHandStore.allCases.map {
            "--\($0.urlOption) <url>, \($0.urlHelp) (env \($0.urlVariable); default \($0.defaultURL))"
        }.joined(separator: "; ")
    }

    /// The URLs given with the stores' options, by store; the last one given wins, as with any option.
    func urlFlags() throws -> [FirstHandStore: String] {
        var flags: [FirstHandStore: String] = [:]
        var rest = storeURLArguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else { throw ValidationError("Unexpected argument '\(argument)'") }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard let store = FirstHandStore.allCases.first(where: { "--\($0.urlOption)" == parts[0] }) else {
                throw ValidationError("Unknown option '\(parts[0])'")
            }
            guard let value = parts.count == 2 ? parts[1] : rest.popFirst() else {
                throw ValidationError("Missing value for '--\(store.urlOption) <\(store.urlOption)>'")
            }
            flags[store] = value
        }
        return flags
    }

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
        let flag = try urlFlags()[store]
        let variable = store.urlVariable
        guard let text = flag ?? Environment.value(variable) else { return store.defaultURL }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else {
            throw ValidationError("\(flag == nil ? variable : "The flag's value") '\(text)' is not an http(s) URL.")
        }
        return url
    }

    func validate() throws {
        _ = try selected()
        _ = try urlFlags()
        _ = try stores()
        _ = try countryCode()
    }
}
