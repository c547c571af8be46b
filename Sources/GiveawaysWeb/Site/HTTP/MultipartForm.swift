import HTTPTypes
import Hummingbird

/// A `multipart/form-data` body (the import form: a chosen file or pasted text, sent as they are, without the
/// up-to-threefold growth of URL encoding). Read with the same early size cap as `FormBody`, parsed in one pass:
/// the boundary is found with a linear-time search, and only the parts' names and contents are kept.
struct MultipartForm {
    /// Each part's name and bytes, in order.
    let parts: [(name: String, bytes: [UInt8])]

    /// The largest part header block that is read; browsers send about a hundred bytes.
    static let maxHeaderBytes = 1024
    static let maxParts = 20

    /// The boundary of a `multipart/form-data` content type, or `nil` for any other type.
    static func boundary(of contentType: String?) -> [UInt8]? {
        guard let contentType else { return nil }
        let items = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard items.first?.lowercased() == "multipart/form-data" else { return nil }
        for item in items.dropFirst() where item.lowercased().hasPrefix("boundary=") {
            var value = item.dropFirst("boundary=".count)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            guard (1...70).contains(value.utf8.count) else { return nil }
            return Array(value.utf8)
        }
        return nil
    }

    /// Parses `body`; `nil` when it is not a well-formed form with this boundary.
    init?(body: some Collection<UInt8>, boundary: [UInt8]) {
        let bytes = Array(body)
        let delimiter = Array("--".utf8) + boundary
        var parts: [(name: String, bytes: [UInt8])] = []
        // The first delimiter may open the body; every later one follows a line break.
        guard var position = Self.find(delimiter, in: bytes, from: 0) else { return nil }
        let finder = Searcher(Array("\r\n".utf8) + delimiter)
        while true {
            position += delimiter.count
            if bytes[position...].starts(with: Array("--".utf8)) { break }  // the closing delimiter
            guard bytes[position...].starts(with: Array("\r\n".utf8)), parts.count < Self.maxParts else { return nil }
            position += 2
            let headerLimit = min(bytes.count, position + Self.maxHeaderBytes)
            guard let headersEnd = Self.find(Array("\r\n\r\n".utf8), in: Array(bytes[position..<headerLimit]), from: 0)
            else { return nil }
            let headers = String(decoding: bytes[position..<(position + headersEnd)], as: UTF8.self)
            let contentStart = position + headersEnd + 4
            guard let contentEnd = finder.find(in: bytes, from: contentStart) else { return nil }
            if let name = Self.partName(headers) {
                parts.append((name, Array(bytes[contentStart..<contentEnd])))
            }
            position = contentEnd + 2
        }
        self.parts = parts
    }

    /// The first part called `name`, as text, or `nil` when it is missing or not UTF-8.
    func text(_ name: String) -> String? {
        parts.first { $0.name == name }.flatMap { String(validating: $0.bytes, as: UTF8.self) }
    }

    /// `name` from `Content-Disposition: form-data; name="data"; filename="x.json"`.
    private static func partName(_ headers: String) -> String? {
        for line in headers.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-disposition" else { continue }
            for item in parts[1].split(separator: ";") {
                let item = item.trimmingCharacters(in: .whitespaces)
                guard item.hasPrefix("name=\"") && item.hasSuffix("\"") && item.count >= 7 else { continue }
                return String(item.dropFirst(6).dropLast())
            }
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        Searcher(needle).find(in: bytes, from: start)
    }

    /// Knuth–Morris–Pratt: linear in the bytes searched, whatever they hold (a hostile body of near-boundaries
    /// costs no more than any other).
    struct Searcher {
        let needle: [UInt8]
        private let fallback: [Int]

        init(_ needle: [UInt8]) {
            self.needle = needle
            var fallback = [Int](repeating: 0, count: needle.count)
            var matched = 0
            for index in needle.indices.dropFirst() {
                while matched > 0 && needle[index] != needle[matched] { matched = fallback[matched - 1] }
                if needle[index] == needle[matched] { matched += 1 }
                fallback[index] = matched
            }
            self.fallback = fallback
        }

        /// The index where `needle` first starts at or after `start`.
        func find(in bytes: [UInt8], from start: Int) -> Int? {
            guard !needle.isEmpty, start <= bytes.count else { return nil }
            var matched = 0
            var index = start
            while index < bytes.count {
                while matched > 0 && bytes[index] != needle[matched] { matched = fallback[matched - 1] }
                if bytes[index] == needle[matched] { matched += 1 }
                if matched == needle.count { return index - needle.count + 1 }
                index += 1
            }
            return nil
        }
    }
}
