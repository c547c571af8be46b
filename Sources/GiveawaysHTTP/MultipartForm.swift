import HTTPTypes
import Hummingbird
import MultipartKit

/// A `multipart/form-data` body (the import form: a chosen file or pasted text, sent as they are, without the
/// up-to-threefold growth of URL encoding), parsed by multipart-kit's streaming `MultipartParser` in one pass. The
/// body arrives already capped (`FormBody.collect`); only the parts' names and contents are kept, at most
/// `maxParts` of them, and a body that does not close its last part is refused.
package struct MultipartForm {
    /// Each part's name and bytes, in order.
    package let parts: [(name: String, bytes: [UInt8])]

    /// The largest part header block that is kept; browsers send about a hundred bytes.
    package static let maxHeaderBytes = 1024
    package static let maxParts = 20

    /// The boundary of a `multipart/form-data` content type, or `nil` for any other type.
    package static func boundary(of contentType: String?) -> [UInt8]? {
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
    package init?(body: some Collection<UInt8>, boundary: [UInt8]) {
        guard let boundaryText = String(validating: boundary, as: UTF8.self), !boundaryText.isEmpty else { return nil }
        let bytes = Array(body)
        // A form without parts is its closing delimiter alone, which the parser takes for a malformed part.
        if Self.isEmptyForm(bytes, boundary: boundary) {
            parts = []
            return
        }
        var reading = Reading()
        let parser = MultipartParser(boundary: boundaryText)
        parser.onHeader = { name, value in reading.header(name: name, value: value) }
        parser.onBody = { chunk in reading.body(&chunk) }
        parser.onPartComplete = { reading.complete() }
        do { try parser.execute(bytes) } catch { return nil }
        guard reading.isWellFormed else { return nil }
        parts = reading.parts
    }

    /// The first part called `name`, as text, or `nil` when it is missing or not UTF-8.
    package func text(_ name: String) -> String? {
        parts.first { $0.name == name }.flatMap { String(validating: $0.bytes, as: UTF8.self) }
    }

    private static func isEmptyForm(_ bytes: [UInt8], boundary: [UInt8]) -> Bool {
        let closing = Array("--".utf8) + boundary + Array("--".utf8)
        var trimmed = bytes[...]
        while let last = trimmed.last, last == 0x0D || last == 0x0A { trimmed = trimmed.dropLast() }
        return trimmed.elementsEqual(closing)
    }

    /// What the parser's callbacks gather: the finished parts, and the one being read.
    private struct Reading {
        var parts: [(name: String, bytes: [UInt8])] = []
        var name: String?
        var headerBytes = 0
        var content: [UInt8] = []
        /// Whether anything came after the last finished part (a part that never closed).
        var open = false
        var completed = 0
        var refused = false

        var isWellFormed: Bool { completed > 0 && !open && !refused }

        mutating func header(name field: String, value: String) {
            open = true
            headerBytes += field.utf8.count + value.utf8.count + 4
            if headerBytes > MultipartForm.maxHeaderBytes { refused = true }
            if field.lowercased() == "content-disposition" { name = Self.partName(value) }
        }

        mutating func body(_ chunk: inout ByteBuffer) {
            open = true
            if name != nil, !refused { content.append(contentsOf: chunk.readableBytesView) }
        }

        mutating func complete() {
            completed += 1
            if completed > MultipartForm.maxParts { refused = true }
            if let name, !refused { parts.append((name, content)) }
            name = nil
            headerBytes = 0
            content = []
            open = false
        }

        /// `name` from `form-data; name="data"; filename="x.json"`.
        private static func partName(_ value: String) -> String? {
            for item in value.split(separator: ";") {
                let item = item.trimmingCharacters(in: .whitespaces)
                guard item.hasPrefix("name=\"") && item.hasSuffix("\"") && item.count >= 7 else { continue }
                return String(item.dropFirst(6).dropLast())
            }
            return nil
        }
    }
}
