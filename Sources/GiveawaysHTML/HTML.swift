/// A fragment of HTML. Text interpolated into it is escaped; only other `HTML` values go in raw.
/// This is the one place where escaping happens, so a component cannot forget it.
public struct HTML: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public private(set) var rendered: String

    public init(stringLiteral value: String) {
        rendered = value
    }

    public init(stringInterpolation: StringInterpolation) {
        rendered = stringInterpolation.output
    }

    package init(trusted: String) {
        rendered = trusted
    }

    public var description: String { rendered }

    /// `parts` with `separator` between each two.
    package init(joining parts: [HTML], separator: HTML) {
        rendered = parts.map(\.rendered).joined(separator: separator.rendered)
    }

    package static let empty = HTML(trusted: "")

    public struct StringInterpolation: StringInterpolationProtocol {
        package var output = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            output.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        public mutating func appendLiteral(_ literal: String) {
            output += literal
        }

        /// Text: escaped for element content and quoted attribute values alike.
        public mutating func appendInterpolation(_ text: String) {
            HTML.escape(text, into: &output)
        }

        public mutating func appendInterpolation(_ number: Int) {
            output += String(number)
        }

        public mutating func appendInterpolation(_ html: HTML) {
            output += html.rendered
        }

        public mutating func appendInterpolation(_ fragments: [HTML]) {
            for fragment in fragments { output += fragment.rendered }
        }

        public mutating func appendInterpolation(_ html: HTML?) {
            if let html { output += html.rendered }
        }

        /// A URL for `href`/`src`: only http(s) and same-site paths pass; anything else (`javascript:`...) becomes `#`.
        public mutating func appendInterpolation(url: String) {
            HTML.escape(HTML.safeURL(url) ?? "#", into: &output)
        }
    }

    /// Appends `text` with `&`, `<`, `>`, `"` and `'` as entities. The five are ASCII, so the text is scanned as
    /// bytes and copied in runs between them (a scalar at a time cost most of a page's own work in a profile).
    package static func escape(_ text: String, into output: inout String) {
        let utf8 = text.utf8
        var run = utf8.startIndex
        var index = run
        while index != utf8.endIndex {
            let entity: String
            switch utf8[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default:
                index = utf8.index(after: index)
                continue
            }
            // An ASCII byte is a scalar of its own: the run before it is whole scalars.
            output += Substring(utf8[run..<index])
            output += entity
            index = utf8.index(after: index)
            run = index
        }
        if run == utf8.startIndex {
            output += text
        } else {
            output += Substring(utf8[run...])
        }
    }

    package static func escape(_ text: String) -> String {
        var output = ""
        escape(text, into: &output)
        return output
    }

    /// The URL if it is absolute http(s) or a same-site path; `nil` otherwise.
    package static func safeURL(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("/"), !trimmed.hasPrefix("//"), !trimmed.contains("\\") { return trimmed }
        let lower = trimmed.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x21 || $0 == "\\" }) else { return nil }
        return trimmed
    }
}

extension Array where Element == HTML {
    package func joined(separator: HTML = .empty) -> HTML {
        HTML(trusted: map(\.rendered).joined(separator: separator.rendered))
    }
}
