/// Why the GamerPower API could not give a usable answer. Every case reads well in a log line or a CLI error.
public enum GamerPowerError: Error, Equatable, CustomStringConvertible {
    /// The server could not be reached at all (refused, DNS, TLS...).
    case unreachable(String)
    /// No complete answer within the time limit.
    case timedOut(seconds: Int)
    /// 404 with GamerPower's status message (unknown id or bad parameter).
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
        switch self {
        case .unreachable(let reason): "GamerPower is unreachable: \(reason)"
        case .timedOut(let seconds): "GamerPower did not answer within \(seconds) s"
        case .notFound(let message): "GamerPower answered 404: \(message)"
        case .throttled: "GamerPower is throttling requests (429); try again later"
        case .badStatus(let code, let snippet):
            "GamerPower answered HTTP \(code)\(snippet.isEmpty ? "" : ": \(snippet)")"
        case .notJSON(let status, let snippet): "GamerPower sent a non-JSON answer (HTTP \(status)): \(snippet)"
        case .malformed(let reason): "GamerPower sent malformed data: \(reason)"
        case .bodyTooLarge(let limit): "GamerPower's answer is larger than the \(limit / 1_048_576) MiB limit"
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
