/// A path of the route table with its parameters named, e.g. `/giveaways/{id}/favorite` or
/// `/feeds/p/{token}.{format}`. It is the only place a path is written: it gives the router its pattern, matches
/// request paths (handing back each parameter's raw text) and prints paths from parameter values.
package struct RouteTemplate: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// A piece of one path segment: fixed text, or the value of a named parameter.
    package enum Piece: Hashable, Sendable {
        case text(String)
        case parameter(String)
    }

    /// The template as written.
    package let description: String
    /// Each segment between slashes, as pieces.
    package let segments: [[Piece]]

    package init(_ template: String) {
        precondition(template.hasPrefix("/"), "a route template starts with a slash: \(template)")
        description = template
        segments = template.split(separator: "/").map(Self.pieces)
    }

    package init(stringLiteral value: String) {
        self.init(value)
    }

    /// Whether the router's trie tries this template before `other`: at the first segment where one is fixed text
    /// and the other is not, the fixed one.
    package func precedes(_ other: RouteTemplate) -> Bool {
        for (mine, theirs) in zip(segments, other.segments) where Self.isFixed(mine) != Self.isFixed(theirs) {
            return Self.isFixed(mine)
        }
        return false
    }

    private static func isFixed(_ pieces: [Piece]) -> Bool {
        pieces.allSatisfy { if case .text = $0 { true } else { false } }
    }

    /// The text before the first parameter, e.g. `/feeds/p/` for `/feeds/p/{token}.{format}`.
    package var fixedPrefix: String {
        guard let brace = description.firstIndex(of: "{") else { return description }
        return String(description[..<brace])
    }

    // MARK: - The router's pattern

    /// The pattern Hummingbird's router dispatches on: a segment that is one parameter is a capture (`{id}`), one
    /// that mixes text and parameters (`{token}.{format}`) a wildcard (`*`); the table's parser reads both.
    package var routerPattern: String {
        let parts = segments.map { pieces -> String in
            if pieces.count == 1, case .parameter(let name) = pieces[0] { return "{\(name)}" }
            return Self.isFixed(pieces) ? description(of: pieces) : "*"
        }
        return "/" + parts.joined(separator: "/")
    }

    // MARK: - Matching

    /// Each parameter's text in `path` (still percent-encoded, as in the request), or `nil` when the path does not
    /// have this template's shape. Empty segments are skipped, as the router does.
    package func match(_ path: some StringProtocol) -> [String: Substring]? {
        let parts = path.split(separator: "/")
        guard parts.count == segments.count else { return nil }
        var values: [String: Substring] = [:]
        for (pieces, part) in zip(segments, parts) {
            guard Self.match(pieces, Substring(part), into: &values) else { return nil }
        }
        return values
    }

    /// Matches one segment: text must be there as written; a parameter takes everything up to the text after it
    /// (its first occurrence), or the rest of the segment.
    private static func match(_ pieces: [Piece], _ part: Substring, into values: inout [String: Substring]) -> Bool {
        var rest = part
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .text(let text):
                guard rest.hasPrefix(text) else { return false }
                rest = rest.dropFirst(text.count)
            case .parameter(let name):
                guard index + 1 < pieces.count, case .text(let next) = pieces[index + 1] else {
                    values[name] = rest
                    rest = rest[rest.endIndex...]
                    continue
                }
                guard let end = rest.firstRange(of: next) else { return false }
                values[name] = rest[..<end.lowerBound]
                rest = rest[end.lowerBound...]
            }
        }
        return rest.isEmpty
    }

    // MARK: - Printing

    /// The path with each parameter replaced by its value, which the caller has percent-encoded as needed.
    package func path(_ values: [String: String]) -> String {
        guard !segments.isEmpty else { return "/" }
        // Views print many paths per page: one string, appended to, rather than joined arrays.
        var path = ""
        for pieces in segments {
            path += "/"
            for piece in pieces {
                switch piece {
                case .text(let text): path += text
                case .parameter(let name): path += values[name] ?? ""
                }
            }
        }
        return path
    }

    // MARK: - Reading the template

    private func description(of pieces: [Piece]) -> String {
        pieces.map { if case .text(let text) = $0 { text } else { "" } }.joined()
    }

    /// `{token}.{format}` → parameter, text, parameter.
    private static func pieces(_ segment: Substring) -> [Piece] {
        var pieces: [Piece] = []
        var rest = segment
        while !rest.isEmpty {
            if rest.first == "{", let close = rest.firstIndex(of: "}") {
                pieces.append(.parameter(String(rest[rest.index(after: rest.startIndex)..<close])))
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.dropFirst().firstIndex(of: "{") ?? rest.endIndex
                pieces.append(.text(String(rest[..<end])))
                rest = rest[end...]
            }
        }
        return pieces
    }
}
