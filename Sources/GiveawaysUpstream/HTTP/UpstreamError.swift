/// An upstream API, named for messages. Each one gets its own error type, `UpstreamError<API>`.
public protocol UpstreamAPI: Sendable {
    /// The name people read in a log line, a CLI error or the status page.
    static var name: String { get }
}

/// The live giveaway feed.
public enum GamerPowerAPI: UpstreamAPI {
    public static let name = "GamerPower"
}

/// The free-to-play catalog.
public enum FreeToGameAPI: UpstreamAPI {
    public static let name = "FreeToGame"
}

/// RAWG, for Discover.
public enum RAWGAPI: UpstreamAPI {
    public static let name = "RAWG"
}

public typealias RAWGError = UpstreamError<RAWGAPI>
public typealias GamerPowerError = UpstreamError<GamerPowerAPI>
public typealias FreeToGameError = UpstreamError<FreeToGameAPI>

/// Why an upstream could not give a usable answer. Every case reads well in a log line or a CLI error.
public enum UpstreamError<API: UpstreamAPI>: Error, Equatable, CustomStringConvertible {
    /// The server could not be reached at all (refused, DNS, TLS...).
    case unreachable(String)
    /// No complete answer within the time limit.
    case timedOut(seconds: Int)
    /// 404 with the upstream's status message (unknown id or bad parameter).
    case notFound(String)
    /// 429: the upstream asks us to slow down.
    case throttled
    /// Any other non-2xx status.
    case badStatus(Int, String)
    /// The body is not JSON (an HTML error page, say).
    case notJSON(status: Int, snippet: String)
    /// JSON that does not have the expected shape, or is cut short.
    case malformed(String)
    /// The body is larger than the configured limit.
    case bodyTooLarge(limit: Int)

    public var description: String {
        let name = API.name
        return switch self {
        case .unreachable(let reason): "\(name) is unreachable: \(reason)"
        case .timedOut(let seconds): "\(name) did not answer within \(seconds) s"
        case .notFound(let message): "\(name) answered 404: \(message)"
        case .throttled: "\(name) is throttling requests (429); try again later"
        case .badStatus(let code, let snippet):
            "\(name) answered HTTP \(code)\(snippet.isEmpty ? "" : ": \(snippet)")"
        case .notJSON(let status, let snippet): "\(name) sent a non-JSON answer (HTTP \(status)): \(snippet)"
        case .malformed(let reason): "\(name) sent malformed data: \(reason)"
        case .bodyTooLarge(let limit): "\(name)'s answer is larger than the \(limit / 1_048_576) MiB limit"
        }
    }

    /// Whether trying again soon could help.
    var isTransient: Bool {
        switch self {
        case .unreachable, .timedOut, .throttled: true
        case .badStatus(let code, _), .notJSON(let code, _): code >= 500
        case .notFound, .malformed, .bodyTooLarge: false
        }
    }
}
