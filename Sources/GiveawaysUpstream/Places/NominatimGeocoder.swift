import AsyncHTTPClient
import Foundation
import GiveawaysDomain
import Synchronization

/// A typed place name ("Berlin") to a point and an area, through Nominatim, by its usage policy: at most one request
/// a second from the whole process, an honest User-Agent, and every answer (a miss too) kept, so a name is asked
/// once. Nominatim sends numbers as strings and its bounding box as south, north, west, east.
public final class NominatimGeocoder: Sendable {
    /// Where a name is.
    public struct Location: Hashable, Sendable {
        public let center: GeoPoint
        public let area: GeoArea
    }

    private let baseURL: URL
    private let http: PlaceHTTP
    private let pacer: RequestPacer
    private let answers = Mutex<[String: Location?]>([:])
    static let maximumCachedNames = 1_000

    public init(
        connections: HTTPConnections, baseURL: URL, userAgent: String, timeout: Duration = .seconds(5),
        gate: PlaceSearchGate = .shared
    ) {
        self.baseURL = baseURL
        http = PlaceHTTP(
            connections: connections, userAgent: userAgent, timeout: timeout, maxBodyBytes: 256 * 1024, gate: gate)
        pacer = Self.pacer(for: baseURL)
    }

    /// The place `name` names; `.unknownPlace` when Nominatim knows none.
    public func locate(_ name: String) async throws(PlaceSourceError) -> Location {
        let key = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !key.isEmpty else { throw .unknownPlace }
        if let known = answers.withLock({ $0[key] }) {
            guard let known else { throw .unknownPlace }
            return known
        }
        var components = URLComponents(url: baseURL.appendingPathComponent("search"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "q", value: String(key.prefix(PlaceQuery.maximumTextLength))),
            URLQueryItem(name: "format", value: "jsonv2"), URLQueryItem(name: "limit", value: "1"),
        ]
        guard let url = components?.url else { throw .unknownPlace }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        // One request a second server-wide (Nominatim's usage policy): a turn more than a few seconds away is
        // refused as rate-limited rather than queued, so many different names at once cannot stall every search.
        do {
            try await pacer.waitForTurn(maximumWait: Self.maximumWait)
        } catch let busy as RequestPacer.Busy {
            throw .rateLimited(retryAfter: Double(busy.wait.components.seconds) + 1)
        } catch {
            throw .unreachable
        }
        let answer: PlaceHTTP.Answer
        do {
            answer = try await http.send(request)
            await pacer.requestFinished()
        } catch {
            await pacer.requestFinished()
            throw error
        }
        let location = try Self.decode(answer.body)
        answers.withLock { answers in
            // A full cache starts again: names are cheap to ask for once more, and it never grows unbounded.
            if answers.count >= Self.maximumCachedNames { answers.removeAll() }
            answers[key] = location
        }
        guard let location else { throw .unknownPlace }
        return location
    }

    /// The first result, or `nil` for none.
    static func decode(_ body: Data) throws(PlaceSourceError) -> Location? {
        let results: [NominatimResultDTO]
        do {
            results = try JSONDecoder().decode([NominatimResultDTO].self, from: body)
        } catch {
            throw .malformed("Nominatim sent an answer that is not its JSON")
        }
        guard let first = results.first else { return nil }
        guard let latitude = Double(first.lat), let longitude = Double(first.lon),
            let center = GeoPoint(latitude: latitude, longitude: longitude)
        else { throw .malformed("Nominatim sent a place without readable coordinates") }
        let box = (first.boundingbox ?? []).compactMap(Double.init)
        let area =
            box.count == 4 ? GeoArea(south: box[0], west: box[2], north: box[1], east: box[3]) : nil
        return Location(center: center, area: area ?? GeoArea(around: center, radius: 2_000))
    }

    // MARK: - One request a second, per Nominatim host, for the whole process

    /// The longest a place-name search waits for its turn.
    static let maximumWait: Duration = .seconds(3)

    private static let pacers = Mutex<[String: RequestPacer]>([:])

    private static func pacer(for url: URL) -> RequestPacer {
        let key = "\(url.host ?? "")|\(url.port ?? -1)"
        return pacers.withLock { pacers in
            if let pacer = pacers[key] { return pacer }
            let pacer = RequestPacer(maxPerSecond: 1)
            pacers[key] = pacer
            return pacer
        }
    }
}

struct NominatimResultDTO: Decodable {
    let lat: String
    let lon: String
    let boundingbox: [String]?
}
