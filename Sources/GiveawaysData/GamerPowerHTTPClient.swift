import AsyncHTTPClient
import Foundation
import GiveawaysDomain
import Logging
import NIOCore
import NIOHTTP1

/// The live `GiveawaySource`: one `GET /giveaways` per sync, paced to at most 4 requests per second.
public final class GamerPowerHTTPClient: GiveawaySource {
    /// The production API; tests and self-hosters point `baseURL` elsewhere.
    public static let defaultBaseURL = Defaults.gamerpowerBaseURL

    public let baseURL: URL
    private let httpClient: HTTPClient
    private let timeout: Duration
    private let maxBodyBytes: Int
    private let retryDelays: [Duration]
    private let totalBudget: Duration
    private let pacer = RequestPacer(maxPerSecond: 4)
    private let logger: Logger

    /// - Parameters:
    ///   - timeout: the limit for one whole attempt, connection to last byte.
    ///   - retryDelays: the back-off before each retry of a transient failure (5xx, timeout, refused).
    ///   - totalBudget: the most a whole fetch may take, retries included; a retry that would not fit is skipped.
    public init(
        baseURL: URL = defaultBaseURL, timeout: Duration = .seconds(8), maxBodyBytes: Int = 8 * 1_048_576,
        retryDelays: [Duration] = [.seconds(1), .seconds(2)], totalBudget: Duration = .seconds(10),
        logger: Logger = Logger(label: "gamerpower")
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.retryDelays = retryDelays
        self.totalBudget = totalBudget
        self.logger = logger
        httpClient = Self.sharedHTTPClient
    }

    /// One connection pool for the process, like `HTTPClient.shared` (so it needs no shutdown), but with a short
    /// connect timeout: by default the pool keeps retrying a refused connection until the request's deadline,
    /// which would make an unreachable upstream look like a 10-second stall instead of a quick, clear failure.
    private static let sharedHTTPClient: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 3, allowCycles: false),
            timeout: .init(connect: .seconds(2), read: .seconds(10)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    public func fetchGiveaways() async throws -> [Giveaway] {
        let url = baseURL.appendingPathComponent("giveaways")
        let clock = ContinuousClock()
        let deadline = clock.now + totalBudget
        var attempt = 0
        while true {
            do {
                let feed = try await fetchOnce(url: url, timeout: min(timeout, deadline - clock.now))
                if !feed.skipped.isEmpty {
                    logger.warning(
                        "skipped unreadable giveaways",
                        metadata: ["count": "\(feed.skipped.count)", "first": "\(feed.skipped[0])"])
                }
                return feed.giveaways
            } catch let error as GamerPowerError
                where error.isTransient && attempt < retryDelays.count
                && clock.now + retryDelays[attempt] + .seconds(1) < deadline
            {
                logger.warning(
                    "GamerPower fetch failed, retrying", metadata: ["reason": "\(error)", "attempt": "\(attempt + 1)"])
                try await Task.sleep(for: retryDelays[attempt])
                attempt += 1
            }
        }
    }

    private func fetchOnce(url: URL, timeout: Duration) async throws -> GamerPowerFeedDecoder.Feed {
        try await pacer.waitForTurn()
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "GameGiveaways/1.0 (+self-hosted)")
        let (status, body): (Int, Data)
        do {
            let prepared = request
            (status, body) = try await withDeadline(timeout) { try await self.download(prepared, timeout: timeout) }
            await pacer.requestFinished()
        } catch {
            await pacer.requestFinished()
            throw classify(error, timeout: timeout)
        }
        return try GamerPowerFeedDecoder().decode(status: status, body: body)
    }

    private func download(_ request: HTTPClientRequest, timeout: Duration) async throws -> (Int, Data) {
        let response = try await httpClient.execute(request, timeout: .init(timeout))
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > maxBodyBytes {
            throw GamerPowerError.bodyTooLarge(limit: maxBodyBytes)
        }
        let buffer = try await response.body.collect(upTo: maxBodyBytes)
        return (Int(response.status.code), Data(buffer.readableBytesView))
    }

    /// Bounds a whole attempt, body included: the client's own deadline stops at the response head.
    private func withDeadline<T: Sendable>(
        _ timeout: Duration, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw GamerPowerError.timedOut(seconds: Int(timeout.components.seconds))
            }
            return value
        }
    }

    /// One readable reason for whatever went wrong below the JSON layer.
    private func classify(_ error: any Error, timeout: Duration) -> GamerPowerError {
        let seconds = Int(
            (Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18).rounded())
        switch error {
        case let error as GamerPowerError:
            return error
        case is NIOTooManyBytesError:
            return .bodyTooLarge(limit: maxBodyBytes)
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout:
            return .timedOut(seconds: seconds)
        case is CancellationError:
            return .timedOut(seconds: seconds)
        default:
            let text = String(describing: error)
            if text.contains("connectionRefused") || text.contains("Connection refused") {
                return .unreachable("connection refused by \(baseURL.host ?? "the server")")
            }
            if text.contains("connectTimeout") { return .timedOut(seconds: seconds) }
            return .unreachable(text)
        }
    }
}
