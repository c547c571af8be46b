import Foundation

/// An answer of a store's front that is not what its source reads: the source fails, loudly on `/status`, and
/// keeps its last good offers.
public enum StoreAnswerError: Error, Equatable, CustomStringConvertible {
    case malformed(String)

    public var description: String {
        switch self {
        case .malformed(let why): "the store's answer is malformed: \(why)"
        }
    }
}

/// Reading the stores' answers: text encodings, times and links.
enum StoreText {
    /// The body as UTF-8: a UTF-16 body (with its byte-order mark, as a saved answer may be) is converted, a UTF-8
    /// byte-order mark dropped.
    static func utf8(_ body: Data) -> Data {
        let bytes = [UInt8](body.prefix(3))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return body.dropFirst(3) }
        if bytes.starts(with: [0xFF, 0xFE]), let text = String(data: body.dropFirst(2), encoding: .utf16LittleEndian) {
            return Data(text.utf8)
        }
        if bytes.starts(with: [0xFE, 0xFF]), let text = String(data: body.dropFirst(2), encoding: .utf16BigEndian) {
            return Data(text.utf8)
        }
        return body
    }

    /// An ISO 8601 time (`2026-12-04T16:00:00.000Z`, with or without fractions, `Z` or an offset); `nil` otherwise.
    static func isoDate(_ value: Any?) -> Date? {
        guard let text = (value as? String)?.trimmingCharacters(in: .whitespaces), !text.isEmpty, text.count <= 40
        else { return nil }
        return (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
    }

    /// Whether `text` is an absolute http(s) URL with a host.
    static func isWebURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http"
        else { return false }
        return !(url.host ?? "").isEmpty
    }
}
