import AsyncHTTPClient
import Foundation
import NIOCore

/// Downloads one map tile from the operator's tile server (`--map-tiles-url`): the template with `{z}`, `{x}` and
/// `{y}` replaced by integers checked before, an honest User-Agent (the tile policy blocks library defaults), a
/// size cap, one deadline for the whole download, and a few downloads at once for the whole process.
public struct TileFetcher: Sendable {
    /// A downloaded tile, and how long its server lets it be kept (`Cache-Control: max-age`), when it says.
    public struct Tile: Sendable {
        public let data: Data
        public let maxAge: TimeInterval?
    }

    /// Why no tile was had; reads well in a log line (never the template's host or path).
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case status(Int)
        case tooLarge
        case timedOut
        case failed

        public var description: String {
            switch self {
            case .status(let code): "the tile server answered HTTP \(code)"
            case .tooLarge: "the tile is larger than the limit"
            case .timedOut: "the tile server did not answer in time"
            case .failed: "the tile server could not be reached"
            }
        }
    }

    private let template: String
    private let http: PlaceHTTP
    private static let gate = PlaceSearchGate(limit: 6)

    public init(
        connections: HTTPConnections, template: String, userAgent: String, maxBytes: Int, timeout: Duration,
        gate: PlaceSearchGate? = nil
    ) {
        self.template = template
        http = PlaceHTTP(
            connections: connections, userAgent: userAgent, timeout: timeout, maxBodyBytes: maxBytes,
            gate: gate ?? Self.gate)
    }

    /// The tile's URL: only ever the template with three integers in it.
    public func url(z: Int, x: Int, y: Int) -> String {
        template.replacingOccurrences(of: "{z}", with: String(z)).replacingOccurrences(of: "{x}", with: String(x))
            .replacingOccurrences(of: "{y}", with: String(y))
    }

    public func fetch(z: Int, x: Int, y: Int) async throws(Failure) -> Tile {
        var request = HTTPClientRequest(url: url(z: z, x: x, y: y))
        request.headers.add(name: "Accept", value: "image/png,image/*")
        let answer: PlaceHTTP.Answer
        do {
            answer = try await http.send(request)
        } catch {
            switch error {
            case .refusedKey: throw .status(403)
            case .rateLimited: throw .status(429)
            case .busy: throw .status(503)
            case .unavailable(let status): throw .status(status)
            case .malformed: throw .tooLarge
            case .unreachable: throw .failed
            case .timedOut: throw .timedOut
            case .unknownPlace, .onlyIDsKept: throw .failed
            }
        }
        guard answer.status == 200 else { throw .status(answer.status) }
        return Tile(data: answer.body, maxAge: Self.maxAge(answer.headers.first(name: "Cache-Control")))
    }

    /// `max-age=N` of a `Cache-Control` header, in seconds.
    static func maxAge(_ header: String?) -> TimeInterval? {
        guard let header else { return nil }
        for directive in header.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            if parts.count == 2, parts[0] == "max-age", let seconds = Int(parts[1]), seconds >= 0 {
                return TimeInterval(min(seconds, 365 * 86_400))
            }
        }
        return nil
    }
}
