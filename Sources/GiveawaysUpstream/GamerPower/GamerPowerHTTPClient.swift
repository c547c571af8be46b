import Foundation
import GiveawaysDomain
import Logging

/// The live `GiveawaySource`: one `GET /giveaways` per sync, paced to at most 4 requests per second.
public final class GamerPowerHTTPClient: GiveawaySource {
    /// The production API; tests and self-hosters point `baseURL` elsewhere.
    public static let defaultBaseURL = Defaults.gamerpowerBaseURL

    public var baseURL: URL { http.baseURL }
    private let http: UpstreamHTTP<GamerPowerAPI>
    private let logger: Logger

    /// - Parameters:
    ///   - timeout: the limit for one whole attempt, connection to last byte.
    ///   - retryDelays: the back-off before each retry of a transient failure (5xx, timeout, refused).
    ///   - totalBudget: the most a whole fetch may take, retries included; a retry that would not fit is skipped.
    public init(
        connections: HTTPConnections, baseURL: URL = defaultBaseURL, timeout: Duration = .seconds(8),
        maxBodyBytes: Int = 8 * 1_048_576,
        retryDelays: [Duration] = [.seconds(1), .seconds(2)], totalBudget: Duration = .seconds(10),
        logger: Logger = Logger(label: "gamerpower")
    ) {
        http = UpstreamHTTP(
            baseURL: baseURL, connections: connections, timeout: timeout, maxBodyBytes: maxBodyBytes,
            retryDelays: retryDelays,
            totalBudget: totalBudget, logger: logger)
        self.logger = logger
    }

    public func fetchGiveaways() async throws -> [Giveaway] {
        let feed = try await http.get("giveaways") { status, body throws(GamerPowerError) in
            try GamerPowerFeedDecoder().decode(status: status, body: body)
        }
        if !feed.skipped.isEmpty {
            logger.warning(
                "skipped unreadable giveaways",
                metadata: ["count": "\(feed.skipped.count)", "first": "\(feed.skipped[0])"])
        }
        return feed.giveaways
    }
}
