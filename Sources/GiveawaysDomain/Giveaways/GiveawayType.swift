/// What a giveaway hands out, as GamerPower labels it in the `type` field.
public enum GiveawayType: String, Hashable, Sendable, CaseIterable {
    case game = "Game"
    case dlc = "DLC"
    case earlyAccess = "Early Access"
    case other = "Other"

    /// Maps the upstream label; `Full Game` is older data's name for a game, and unknown labels become `.other`.
    public init(upstreamLabel: String) {
        switch upstreamLabel.trimmingCharacters(in: .whitespaces).lowercased() {
        case "game", "full game": self = .game
        case "dlc", "loot", "in-game loot": self = .dlc
        case "early access", "beta": self = .earlyAccess
        default: self = .other
        }
    }

    /// The label people read.
    public var displayName: String {
        switch self {
        case .game: "Game"
        case .dlc: "Loot / DLC"
        case .earlyAccess: "Early Access"
        case .other: "Other"
        }
    }

    /// Whether a giveaway of this type hands out the game itself (or its early access), not loot or an add-on: only
    /// such a giveaway makes a game "free" on its Games page, links its Details to the game, or tells a visitor who
    /// hearted the game.
    public var isWholeGame: Bool { self == .game || self == .earlyAccess }
}

/// The three type filters GamerPower offers: `game`, `loot` (DLC and in-game items) and `beta` (early access).
public enum TypeFilter: String, Hashable, Sendable, CaseIterable, Codable {
    case game, loot, beta

    /// Whether a giveaway of `type` passes this filter.
    public func matches(_ type: GiveawayType) -> Bool {
        switch self {
        case .game: type == .game
        case .loot: type == .dlc
        case .beta: type == .earlyAccess
        }
    }

    /// The label people read.
    public var displayName: String {
        switch self {
        case .game: "Games"
        case .loot: "Loot"
        case .beta: "Beta"
        }
    }
}
