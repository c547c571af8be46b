import Foundation

/// A store whose own front says what it gives away, read first-hand beside GamerPower. Each store is one value in
/// its own file (`FirstHandStore+GOG.swift`), listed once in `FirstHandStore.allCases`; how its front is fetched
/// and decoded is its `StoreFeed`, beside its decoder in GiveawaysData (this target has no HTTP client).
public struct FirstHandStore: Sendable {
    /// Its id: the name `--sources` and `sync --source` take, the value the database keeps, the API's name.
    public let rawValue: String
    /// The name people read.
    public let displayName: String
    /// The name the commands' help gives it ("Epic mobile").
    public let shortName: String
    /// The platform slugs a GamerPower giveaway of this store carries: where a merge looks for the same giveaway.
    public let platformSlugs: Set<String>
    /// Whether its platforms are devices (Android, iOS) rather than a storefront: a game's history names them only
    /// after every storefront.
    public let isMobile: Bool
    /// The origin its claim links are on (`https://www.gog.com`).
    public let claimOrigin: String
    /// The origins its front links images on, besides its own: images may be fetched from there.
    public let imageOrigins: [String]
    /// The front read when the operator names none.
    public let defaultURL: URL
    /// The option that moves its front (`epic-mobile-url` for `--epic-mobile-url`) and what that option's help calls
    /// the URL ("Epic mobile's base URL").
    public let urlOption: String
    public let urlHelp: String
    /// The environment variable that stands for the option (`GIVEAWAYS_EPIC_MOBILE_URL`).
    public let urlVariable: String

    public init(
        _ id: String, displayName: String, shortName: String, platformSlugs: Set<String>, isMobile: Bool = false,
        claimOrigin: String, imageOrigins: [String], defaultURL: String, urlHelp: String
    ) {
        rawValue = id
        self.displayName = displayName
        self.shortName = shortName
        self.platformSlugs = platformSlugs
        self.isMobile = isMobile
        self.claimOrigin = claimOrigin
        self.imageOrigins = imageOrigins
        guard let url = URL(string: defaultURL) else { preconditionFailure("\(id)'s default URL is not a URL") }
        self.defaultURL = url
        urlOption = "\(id)-url"
        self.urlHelp = urlHelp
        urlVariable = "GIVEAWAYS_\(id.uppercased().replacingOccurrences(of: "-", with: "_"))_URL"
    }
}

// MARK: - One store, one id

extension FirstHandStore: RawRepresentable, CaseIterable, Hashable, Codable {
    /// The registered store with this id (`FirstHandStore.allCases`), or `nil`.
    public init?(rawValue: String) {
        guard let store = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = store
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
