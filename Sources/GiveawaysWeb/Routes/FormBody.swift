import Foundation
import Hummingbird

/// A small `application/x-www-form-urlencoded` body, read with a size cap.
struct FormBody {
    let fields: [String: String]
    /// Every name and value in order, repeated names included (checkbox groups).
    let pairs: [(name: String, value: String)]

    static let maxBytes = 8 * 1024

    init(request: Request, maxBytes: Int = Self.maxBytes) async throws {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maxBytes)
        } catch {
            throw HTTPError(.contentTooLarge, message: "The form is too large.")
        }
        let body = String(decoding: buffer.readableBytesView, as: UTF8.self)
        self.fields = Self.parse(body)
        self.pairs = Self.parsePairs(body)
    }

    subscript(name: String) -> String? { fields[name] }

    /// Every value sent under `name`, in order.
    func values(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// The first value of each query parameter, percent-decoded.
    static func queryParameters(of request: Request) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in request.uri.queryParameters where result[String(key)] == nil {
            result[String(key)] = String(value)
        }
        return result
    }

    /// `a=1&b=two+words`; a pair whose percent-encoding is broken is dropped, never trusted or fatal.
    /// (Foundation's URLComponents traps on invalid input, so it must not see raw request bodies.)
    static func parse(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in parsePairs(body) where fields[name] == nil {
            fields[name] = value
        }
        return fields
    }

    static func parsePairs(_ body: String) -> [(name: String, value: String)] {
        body.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = parts.count > 1 ? decode(parts[1]) : "" else { return nil }
            return (name, value)
        }
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// A same-site path to go back to, or `fallback` when the field is missing or points elsewhere.
    func returnPath(fallback: String) -> String {
        Self.safeReturnPath(fields["back"]) ?? fallback
    }

    /// `path` if it stays on this site (a path, not `//host` or `\\host`, no control characters); else `nil`.
    static func safeReturnPath(_ path: String?) -> String? {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"),
            path.count < 600, !path.unicodeScalars.contains(where: { $0.value < 0x20 })
        else { return nil }
        return path
    }
}
