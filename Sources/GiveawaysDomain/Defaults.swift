import Foundation

/// Every default and limit, named once and used by the CLI and the server alike.
public enum Defaults {
    // MARK: - Where and how it runs

    public static let host = "127.0.0.1"
    public static let port = 8080
    /// A file in the working directory.
    public static let databasePath = "giveaways.sqlite"
    public static let imageCacheDirectory = "image-cache"
    public static let gamerpowerBaseURL = URL(string: "https://www.gamerpower.com/api")!
    public static let freetogameBaseURL = URL(string: "https://www.freetogame.com/api")!
    public static let rawgBaseURL = URL(string: "https://api.rawg.io/api")!
    public static let steamBaseURL = URL(string: "https://api.steampowered.com")!

    // MARK: - Syncs

    /// Minutes between background syncs of the giveaway feed (GamerPower).
    public static let syncIntervalMinutes = 30.0
    /// Minutes between syncs of each store read first-hand (Epic, Epic mobile, Steam, GOG): hourly, as the stores'
    /// peers ask; bounded as the feed's interval is.
    public static let storeSyncIntervalMinutes = 60.0
    /// Down to 3 seconds for load tests (still one request per sync, far below GamerPower's 4 per second), up to
    /// a week.
    public static let syncIntervalMinutesRange = 0.05...(7 * 24 * 60.0)
    /// Minutes between syncs of the free-to-play catalog: it changes by a few games a month.
    public static let catalogSyncIntervalMinutes = 24 * 60.0
    /// A game's detail is fetched when first viewed, and again when older than this.
    public static let catalogDetailMaxAge: TimeInterval = 24 * 60 * 60

    // MARK: - Memory and disk budgets

    /// The image cache on disk, and the largest single image it keeps.
    public static let imageCacheBudgetBytes = 200 * 1_048_576
    public static let maxImageBytes = 4 * 1_048_576

    // MARK: - Request limits

    /// The longest search text accepted from a query string.
    public static let maxSearchLength = 200
    /// Items per "Load more" step on long lists.
    public static let listPageSize = 48
    /// Giveaways per "Load more" step on Home: every giveaway of a real feed (70–160) on one page, but never a page
    /// of thousands.
    public static let homePageSize = 300
    /// The highest `page` a list accepts.
    public static let maxPage = 10_000
    /// Push devices a server keeps, all visitors together (`--max-push-devices`).
    public static let maximumPushDevices = 10_000
}
