import Foundation
import GiveawaysRendering
import GiveawaysViews
import Hummingbird

/// Answers with a feed: its Content-Type, an ETag that hashes the body, Last-Modified, and 304 Not Modified when
/// the request's `If-None-Match` matches the ETag (or, without one, `If-Modified-Since` is not older than the
/// feed).
enum FeedResponse {
    static func make(
        body: ByteBuffer, format: FeedFormat, lastModified: Date?, request: Request, isPersonal: Bool = false
    ) -> Response {
        // The same validator the page cache and the gzip middleware use for pages.
        let etag = "W/\"\(StaticAssets.fingerprint(body.readableBytesView))\""
        var headers: HTTPFields = [
            .contentType: format.contentType, .eTag: etag,
            // A personal feed's address is its secret: shared caches must not keep it.
            .cacheControl: isPersonal ? "private, no-cache" : "no-cache",
        ]
        if let lastModified, !isPersonal { headers[.lastModified] = HTTPDate.format(lastModified) }
        // A personal feed also changes with the visitor's rules and marks, which Last-Modified cannot follow (a
        // removed mark leaves no time behind): only its ETag can say "not modified".
        if isNotModified(request, etag: etag, lastModified: isPersonal ? nil : lastModified) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }

    /// RFC 9110 §13.2.2: `If-None-Match` decides when present; `If-Modified-Since` only without it.
    static func isNotModified(_ request: Request, etag: String, lastModified: Date?) -> Bool {
        if let candidates = request.headers[.ifNoneMatch] {
            return ConditionalGzipMiddleware<AppRequestContext>.matches(candidates, etag)
        }
        guard let lastModified, let text = request.headers[.ifModifiedSince], let since = HTTPDate.parse(text)
        else { return false }
        return lastModified <= since
    }

    /// The answer to an unknown, revoked or malformed personal feed token: the same for all three, so it tells
    /// nothing about which tokens exist.
    static func unknownFeed() -> Response {
        Response(
            status: .notFound, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: "There is no feed at this address.\n")))
    }
}

/// HTTP dates (RFC 9110 IMF-fixdate): `Tue, 31 Mar 2026 12:00:00 GMT`.
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ date: Date) -> String {
        let parts = Month.utc.dateComponents([.weekday, .year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        return "\(days[((parts.weekday ?? 1) - 1) % 7]), \(two(parts.day)) \(months[((parts.month ?? 1) - 1) % 12]) "
            + "\(parts.year ?? 1970) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) GMT"
    }

    /// Reads an IMF-fixdate; other (obsolete) forms are `nil`, which makes a request unconditional.
    static func parse(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[5] == "GMT", let day = Int(fields[1]),
            let month = months.firstIndex(of: String(fields[2])), let year = Int(fields[3])
        else { return nil }
        let time = fields[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3 else { return nil }
        let components = DateComponents(
            year: year, month: month + 1, day: day, hour: time[0], minute: time[1], second: time[2])
        return Month.utc.date(from: components)
    }
}
