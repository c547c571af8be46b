/// An upstream the app keeps a local copy of. Each one has its own sync job, sync log and health.
public enum SourceID: String, Hashable, Sendable, CaseIterable, Codable {
    /// The live giveaway feed.
    case gamerpower
    /// The free-to-play catalog.
    case freetogame

    /// The name people read.
    public var displayName: String {
        switch self {
        case .gamerpower: "GamerPower"
        case .freetogame: "FreeToGame"
        }
    }

    /// What one item of this source is called, singular and plural.
    public var itemNoun: (one: String, many: String) {
        switch self {
        case .gamerpower: ("giveaway", "giveaways")
        case .freetogame: ("game", "games")
        }
    }
}
