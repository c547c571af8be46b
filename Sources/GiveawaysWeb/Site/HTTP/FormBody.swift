import Foundation
import GiveawaysHTTP
import GiveawaysLocalization
import GiveawaysViews
import HTTPTypes
import Hummingbird

/// A small `application/x-www-form-urlencoded` body, read with a size cap.
///
/// Hostile bodies must cost little: a body larger than its form can hold is refused from its `Content-Length`
/// before a byte is read (and, without one, as soon as the cap is passed while streaming); the rest is parsed in
/// one pass over the bytes, and a body with more fields than any of the app's forms is refused after
/// `maxFields` of them.
///
/// Hummingbird's `URLEncodedFormDecoder` was measured in its place (`scripts/bench-plumbing`, -O, 2 busy shared
/// cores, 2026-11-28, four runs) and not taken: it refuses a repeated plain name ("Found duplicate keys with name
/// 'store'"), which the rules form's checkbox groups send; it has no bound on the number of fields (400,000 distinct
/// ones, 3 MB: 3.0–7.5 s); a 4 MB body of `%41` costs it 0.5–1.6 s against 34–88 ms here; and Settings' rules form
/// (with `store[]` names) 118–296 µs against 9–28 µs here.
struct FormBody {
    let fields: [String: String]
    /// Every name and value in order, repeated names included (checkbox groups).
    let pairs: [(name: String, value: String)]

    static let maxBytes = 8 * 1024
    /// More than the largest form (Settings' rules: 18 stores, 3 types, 20 keywords …) can send.
    static let maxFields = 500

    init(request: Request, maxBytes: Int = Self.maxBytes, strings: Strings = Language.standard.strings) async throws {
        try self.init(body: try await Self.collect(request, maxBytes: maxBytes, strings: strings), strings: strings)
    }

    /// A body already read (see `collect`).
    init(body: ByteBuffer, strings: Strings) throws {
        guard let pairs = Self.parsePairs(bytes: body.readableBytesView, limit: Self.maxFields) else {
            throw BadRequest { $0.errors.tooManyFields }
        }
        self.pairs = pairs
        var fields: [String: String] = [:]
        for (name, value) in pairs where fields[name] == nil {
            fields[name] = value
        }
        self.fields = fields
    }

    /// `collect` within a deadline: a body still arriving after `deadline` is a 408, and the read stops.
    static func collect(
        _ request: Request, maxBytes: Int, strings: Strings, within deadline: Duration
    ) async throws -> ByteBuffer {
        try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await collect(request, maxBytes: maxBytes, strings: strings) }
            group.addTask {
                try await Task.sleep(for: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let body = first else {
                throw AppError(.requestTimeout) { $0.errors.formTooSlow }
            }
            return body
        }
    }

    /// Reads a request body of at most `maxBytes`: refused from its `Content-Length` before a byte is read, or as
    /// soon as the cap is passed while streaming (413).
    static func collect(_ request: Request, maxBytes: Int, strings: Strings) async throws -> ByteBuffer {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > maxBytes {
            throw Self.tooLarge(strings)
        }
        do {
            return try await request.body.collect(upTo: maxBytes)
        } catch {
            throw Self.tooLarge(strings)
        }
    }

    private static func tooLarge(_ strings: Strings) -> AppError {
        AppError(.contentTooLarge) { $0.errors.formTooLarge }
    }

    subscript(name: String) -> String? { fields[name] }

    /// Every value sent under `name`, in order.
    func values(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// The first value of each query parameter, percent-decoded, a `+` read as a space: as a form sent with
    /// `method="get"` writes one (and as `SiteRoute` writes its paths, a literal plus as `%2B`). Hummingbird's own
    /// reading keeps a `+` as it is; it still reads a query without one, and a pair whose escape is broken.
    static func queryParameters(of request: Request) -> [String: String] {
        var result: [String: String] = [:]
        if let query = request.uri.query, query.utf8.contains(UInt8(ascii: "+")),
            let pairs = parsePairs(bytes: query.utf8, limit: .max)
        {
            for pair in pairs where result[pair.name] == nil { result[pair.name] = pair.value }
        }
        for (key, value) in request.uri.queryParameters where result[String(key)] == nil {
            result[String(key)] = String(value)
        }
        return result
    }

    /// `a=1&b=two+words`; a pair whose percent-encoding is broken is dropped, never trusted or fatal.
    static func parse(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in parsePairs(body) where fields[name] == nil {
            fields[name] = value
        }
        return fields
    }

    static func parsePairs(_ body: String) -> [(name: String, value: String)] {
        parsePairs(bytes: Array(body.utf8), limit: .max) ?? []
    }

    /// The pairs of URL-encoded `bytes` (`URLEncodedPairs`); `nil` when there are more than `limit`.
    static func parsePairs(bytes: some Collection<UInt8>, limit: Int) -> [(name: String, value: String)]? {
        URLEncodedPairs.parse(bytes, limit: limit)
    }

    /// A same-site path to go back to, or `fallback` when the field is missing or points elsewhere.
    func returnPath(fallback: String) -> String {
        SiteRoute.safeReturnPath(fields["back"]) ?? fallback
    }
}
