import Foundation
import Hummingbird

/// A small `application/x-www-form-urlencoded` body, read with a size cap.
struct FormBody {
    let fields: [String: String]

    static let maxBytes = 8 * 1024

    init(request: Request, maxBytes: Int = Self.maxBytes) async throws {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maxBytes)
        } catch {
            throw HTTPError(.contentTooLarge, message: "The form is too large.")
        }
        self.fields = Self.parse(String(decoding: buffer.readableBytesView, as: UTF8.self))
    }

    subscript(name: String) -> String? { fields[name] }

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
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), fields[name] == nil else { continue }
            guard let value = parts.count > 1 ? decode(parts[1]) : "" else { continue }
            fields[name] = value
        }
        return fields
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// A same-site path to go back to, or `fallback` when the field is missing or points elsewhere.
    func returnPath(fallback: String) -> String {
        guard let path = fields["back"], path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"),
            path.count < 600, !path.unicodeScalars.contains(where: { $0.value < 0x20 })
        else { return fallback }
        return path
    }
}
