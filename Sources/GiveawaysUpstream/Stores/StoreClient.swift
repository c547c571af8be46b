import AsyncHTTPClient
import Foundation
import GiveawaysDomain
import NIOHTTP1

/// One store's front, read first-hand: the requests its `StoreFeed` makes (one per sync; Steam adds its app pages),
/// a deadline and a size cap for each, an honest User-Agent with the operator's contact, and the store's
/// `Retry-After` passed on to the scheduler. The answer is decoded by the store's decoder; a malformed one fails this
/// store alone.
public struct StoreClient: StoreOfferSource {
    public let store: FirstHandStore
    /// The store's base URL (its `urlOption`, `--gog-url`).
    let baseURL: URL
    /// The country prices and availability are asked for (`--country`, two letters).
    let country: String
    private let http: BoundedHTTPClient

    /// Bodies larger than this are refused: Epic's promotions are about 100 KB, GOG's front page a few MB.
    static let maxBodyBytes = 8 * 1_048_576

    public init(
        store: FirstHandStore, baseURL: URL, country: String, connections: HTTPConnections,
        contact: String? = nil, timeout: Duration = .seconds(20)
    ) {
        self.store = store
        self.baseURL = baseURL
        self.country = country
        let agent = BoundedHTTPClient.defaultUserAgent.replacingOccurrences(
            of: "(+self-hosted)", with: "(+self-hosted\(contact.map { "; \($0)" } ?? ""))")
        http = BoundedHTTPClient(
            connections: connections, redirects: .follow, timeout: timeout, maxBodyBytes: Self.maxBodyBytes,
            userAgent: agent)
    }

    public func fetchOffers(now: Date, known: [OfferRecord]) async throws(StoreFetchFailure) -> [StoreOffer] {
        guard let feed = StoreFeed.all.first(where: { $0.store == store }) else {
            throw StoreFetchFailure("\(store.displayName) has no feed: its StoreFeed is missing from StoreFeed.all")
        }
        do {
            return try await feed.fetch(self, now, known)
        } catch let failure as StoreFetchFailure {
            throw failure
        } catch {
            throw StoreFetchFailure("\(store.displayName): \(error)")
        }
    }

    /// `GET baseURL/path?query`: the body of a 2xx answer; any other status, a timeout or a body over the cap is a
    /// failure, with the store's `Retry-After` when it sent one.
    func get(
        _ path: String, _ query: [String: String], now: Date, cookies: Bool = false
    ) async throws(StoreFetchFailure) -> Data {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query.sorted { $0.key < $1.key }.map(URLQueryItem.init) }
        guard let url = components?.url else { throw StoreFetchFailure("\(store.displayName): bad URL for \(path)") }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json, text/html;q=0.9")
        // Steam's age gate, passed as a browser that said its age once would.
        if cookies {
            request.headers.add(
                name: "Cookie", value: "birthtime=0; lastagecheckage=1-January-1970; wants_mature_content=1")
        }
        let answer: BoundedHTTPClient.Response
        do {
            answer = try await http.execute(request)
        } catch {
            throw StoreFetchFailure("\(store.displayName): \(error)")
        }
        guard (200..<300).contains(answer.status) else {
            let retryAfter = answer.headers.first(name: "Retry-After").flatMap { Self.retryAfter($0, now: now) }
            throw StoreFetchFailure("\(store.displayName) answered HTTP \(answer.status)", retryAfter: retryAfter)
        }
        return answer.body
    }

    /// A `Retry-After` value as a moment: seconds from now, or an HTTP date; at most a day ahead (a store asking
    /// for more is asked again the next day).
    public static func retryAfter(_ value: String, now: Date) -> Date? {
        let text = value.trimmingCharacters(in: .whitespaces)
        let date: Date?
        if let seconds = Int(text), seconds >= 0 {
            date = now.addingTimeInterval(TimeInterval(seconds))
        } else {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
            date = formatter.date(from: text)
        }
        guard let date else { return nil }
        return min(max(date, now), now.addingTimeInterval(86_400))
    }
}
