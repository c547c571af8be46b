/// How a list of giveaways is filtered and ordered: the Home screen's query string, the CLI's flags and the API's.
public struct GiveawayQuery: Hashable, Sendable {
    /// A platform slug, or `nil` for every platform.
    public var platform: String?
    public var type: TypeFilter?
    public var sort: GiveawaySort
    /// Free text; empty means no search.
    public var search: String
    public var includeExpired: Bool

    public init(
        platform: String? = nil, type: TypeFilter? = nil, sort: GiveawaySort = .date, search: String = "",
        includeExpired: Bool = false
    ) {
        self.platform = platform
        self.type = type
        self.sort = sort
        self.search = search
        self.includeExpired = includeExpired
    }
}

/// The orders a list can take.
public enum GiveawaySort: String, Hashable, Sendable, CaseIterable {
    /// Newest published first.
    case date
    /// Highest worth first; giveaways without a worth last.
    case value
    /// Most claimed first.
    case popularity
    /// Soonest end first; giveaways without an end date last.
    case ending

    /// The label people read.
    public var displayName: String {
        switch self {
        case .date: "Newest"
        case .value: "Value"
        case .popularity: "Popularity"
        case .ending: "Ending soon"
        }
    }
}
