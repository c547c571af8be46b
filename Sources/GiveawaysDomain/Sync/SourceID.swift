/// An upstream the app keeps a local copy of. Each one has its own sync job, sync log and health.
public enum SourceID: String, Hashable, Sendable, CaseIterable, Codable {
    /// The live giveaway feed.
    case gamerpower
    /// The free-to-play catalog.
    case freetogame
    /// The stores' own fronts, read first-hand (`FirstHandStore`).
    case epic
    case epicMobile = "epic-mobile"
    case steam
    case gog

    /// The sources of giveaways, in the order `/status` lists them.
    public static let giveawaySources: [SourceID] = [.gamerpower, .epic, .epicMobile, .steam, .gog]

    /// The first-hand store this source reads, if it is one.
    public var store: FirstHandStore? { FirstHandStore(rawValue: rawValue) }

    public init(_ store: FirstHandStore) {
        self = SourceID(rawValue: store.rawValue)!
    }

    /// The name people read.
    public var displayName: String {
        switch self {
        case .gamerpower: "GamerPower"
        case .freetogame: "FreeToGame"
        case .epic, .epicMobile, .steam, .gog: store?.displayName ?? rawValue
        }
    }

    /// What one item of this source is called, singular and plural.
    public var itemNoun: (one: String, many: String) {
        switch self {
        case .gamerpower, .epic, .epicMobile, .steam, .gog: ("giveaway", "giveaways")
        case .freetogame: ("game", "games")
        }
    }
}
