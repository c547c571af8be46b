/// An upstream the app keeps a local copy of. Each one has its own sync job, sync log and health.
public enum SourceID: Hashable, Sendable {
    /// The live giveaway feed.
    case gamerpower
    /// The free-to-play catalog.
    case freetogame
    /// A store's own front, read first-hand (`FirstHandStore.allCases`).
    case store(FirstHandStore)

    /// The sources of giveaways, in the order `/status` lists them.
    public static var giveawaySources: [SourceID] { [.gamerpower] + FirstHandStore.allCases.map(SourceID.store) }

    /// The first-hand store this source reads, if it is one.
    public var store: FirstHandStore? {
        if case .store(let store) = self { store } else { nil }
    }

    public init(_ store: FirstHandStore) {
        self = .store(store)
    }

    /// The name people read.
    public var displayName: String {
        switch self {
        case .gamerpower: "GamerPower"
        case .freetogame: "FreeToGame"
        case .store(let store): store.displayName
        }
    }

    /// What one item of this source is called, singular and plural.
    public var itemNoun: (one: String, many: String) {
        switch self {
        case .gamerpower, .store: ("giveaway", "giveaways")
        case .freetogame: ("game", "games")
        }
    }
}

// MARK: - The id the database, the API and the commands use

extension SourceID: RawRepresentable, CaseIterable, Codable {
    /// `gamerpower`, `freetogame`, or a store's id (`epic-mobile`).
    public var rawValue: String {
        switch self {
        case .gamerpower: "gamerpower"
        case .freetogame: "freetogame"
        case .store(let store): store.rawValue
        }
    }

    public init?(rawValue: String) {
        switch rawValue {
        case "gamerpower": self = .gamerpower
        case "freetogame": self = .freetogame
        default:
            guard let store = FirstHandStore(rawValue: rawValue) else { return nil }
            self = .store(store)
        }
    }

    /// GamerPower, the catalog, then every store.
    public static var allCases: [SourceID] { [.gamerpower, .freetogame] + FirstHandStore.allCases.map(SourceID.store) }
}
