import Foundation

/// Renders upstream text that may carry HTML (GamerPower's `instructions`) as safe HTML: links become plain
/// http(s) links with `rel="noopener noreferrer nofollow"`, every other tag is dropped, all text is escaped.
package enum UpstreamHTML {
    /// One line of text with its `<a href>` links kept as safe links.
    package static func inlineWithLinks(_ text: String) -> HTML {
        var output: [HTML] = []
        var rest = Substring(text)
        while let open = rest.range(of: "<a", options: .caseInsensitive) {
            output.append(plain(rest[..<open.lowerBound]))
            guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">") else {
                rest = rest[open.lowerBound...]
                break
            }
            let attributes = String(rest[open.upperBound..<tagEnd])
            let afterTag = rest.index(after: tagEnd)
            let close = rest[afterTag...].range(of: "</a>", options: .caseInsensitive)
            let label = close.map { rest[afterTag..<$0.lowerBound] } ?? rest[afterTag...]
            let labelText = decodeEntities(stripTags(String(label))).trimmingCharacters(in: .whitespaces)
            if let href = hrefValue(in: attributes).map(decodeEntities), let url = HTML.safeURL(href),
                url.hasPrefix("http")
            {
                output.append(
                    "<a href=\"\(url: url)\" target=\"_blank\" rel=\"noopener noreferrer nofollow\">\(labelText.isEmpty ? url : labelText)</a>"
                )
            } else {
                output.append("\(labelText)")
            }
            rest = close.map { rest[$0.upperBound...] } ?? ""
        }
        output.append(plain(rest))
        return output.joined()
    }

    /// Instructions as a list of steps: one per line, leading "1." numbering removed.
    package static func steps(_ text: String) -> [HTML] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            var step = Substring(line.trimmingCharacters(in: .whitespaces))
            if let dot = step.firstIndex(where: { !$0.isNumber }), dot != step.startIndex,
                step[dot] == "." || step[dot] == ")"
            {
                step = step[step.index(after: dot)...]
            }
            let trimmed = step.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : inlineWithLinks(trimmed)
        }
    }

    /// Paragraphs of plain text, split on blank or single line breaks.
    package static func paragraphs(_ text: String) -> [HTML] {
        text.split(whereSeparator: \.isNewline).map { line in
            "<p>\(decodeEntities(stripTags(String(line))).trimmingCharacters(in: .whitespaces))</p>"
        }
    }

    private static func plain(_ text: Substring) -> HTML {
        "\(decodeEntities(stripTags(String(text))))"
    }

    /// Drops anything that looks like a tag, keeping the text around it.
    package static func stripTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        return text.replacingOccurrences(of: "<[A-Za-z/!][^>]*>?", with: "", options: .regularExpression)
    }

    private static func hrefValue(in attributes: String) -> String? {
        let pattern = #"href\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))"#
        guard let match = attributes.range(of: pattern, options: [.regularExpression, .caseInsensitive]) else {
            return nil
        }
        var value = String(attributes[match])
        value = String(value.drop { $0 != "=" }.dropFirst()).trimmingCharacters(in: .whitespaces)
        if let first = value.first, first == "\"" || first == "'" { value = String(value.dropFirst().dropLast()) }
        return value
    }

    /// Upstream text with its character references read (`CharacterReferences`); escaped again on output.
    package static func decodeEntities(_ text: String) -> String {
        CharacterReferences.decode(text)
    }
}
