import Foundation

/// Just enough of HTML to read a store front's markup: start tags and their attributes, the text inside an element,
/// and character references. No tree is built; a store that changes its markup makes its source fail loudly, which
/// is what its tests check, rather than this guessing.
enum StoreHTML {
    /// One start tag: its name (lower case) and attributes (names lower case, values with references decoded), and
    /// where it ends in the text it was found in.
    struct Tag {
        let name: String
        let attributes: [String: String]
        /// The index just past the tag's `>`.
        let end: String.Index

        /// The class names of the `class` attribute.
        var classes: Set<Substring> { Set((attributes["class"] ?? "").split(whereSeparator: \.isWhitespace)) }
    }

    /// Every start tag of `html` from `start` on, in order. Comments and end tags are passed over.
    static func tags(in html: String, from start: String.Index? = nil) -> [Tag] {
        var tags: [Tag] = []
        var index = start ?? html.startIndex
        while let open = html[index...].firstIndex(of: "<") {
            let next = html.index(after: open)
            guard next < html.endIndex else { break }
            if html[next...].hasPrefix("!--") {
                guard let close = html[next...].range(of: "-->") else { break }
                index = close.upperBound
                continue
            }
            switch scan(html, at: open) {
            case .tag(let tag):
                tags.append(tag)
                index = tag.end
            case .notATag:
                index = next
            case .unterminated:
                // The rest of the text is inside a tag that never ends: nothing after it is a tag. Stopping here
                // keeps a hostile answer of many `<a x="` linear, not quadratic.
                return tags
            }
        }
        return tags
    }

    /// The start tag at `open` (a `<`), or `nil` when there is none there.
    static func tag(in html: String, at open: String.Index) -> Tag? {
        if case .tag(let tag) = scan(html, at: open) { return tag }
        return nil
    }

    private enum Scan {
        case tag(Tag)
        case notATag
        /// The text ends inside the tag (an unclosed quote, no `>`).
        case unterminated
    }

    private static func scan(_ html: String, at open: String.Index) -> Scan {
        let scalars = html.unicodeScalars
        var index = scalars.index(after: open)
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
                || scalar == ":"
        }
        var name = ""
        while index < scalars.endIndex, isNameScalar(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index = scalars.index(after: index)
        }
        guard !name.isEmpty, name.unicodeScalars.first!.properties.isAlphabetic else { return .notATag }
        var attributes: [String: String] = [:]
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == ">" {
                return .tag(Tag(name: name.lowercased(), attributes: attributes, end: scalars.index(after: index)))
            }
            if scalar.properties.isWhitespace || scalar == "/" {
                index = scalars.index(after: index)
                continue
            }
            var attribute = ""
            while index < scalars.endIndex, !scalars[index].properties.isWhitespace, scalars[index] != "=",
                scalars[index] != ">", scalars[index] != "/"
            {
                attribute.unicodeScalars.append(scalars[index])
                index = scalars.index(after: index)
            }
            while index < scalars.endIndex, scalars[index].properties.isWhitespace {
                index = scalars.index(after: index)
            }
            var value = ""
            if index < scalars.endIndex, scalars[index] == "=" {
                index = scalars.index(after: index)
                while index < scalars.endIndex, scalars[index].properties.isWhitespace {
                    index = scalars.index(after: index)
                }
                if index < scalars.endIndex, scalars[index] == "\"" || scalars[index] == "'" {
                    let quote = scalars[index]
                    index = scalars.index(after: index)
                    while index < scalars.endIndex, scalars[index] != quote {
                        value.unicodeScalars.append(scalars[index])
                        index = scalars.index(after: index)
                    }
                    guard index < scalars.endIndex else { return .unterminated }
                    index = scalars.index(after: index)
                } else {
                    while index < scalars.endIndex, !scalars[index].properties.isWhitespace, scalars[index] != ">" {
                        value.unicodeScalars.append(scalars[index])
                        index = scalars.index(after: index)
                    }
                }
            }
            let key = attribute.lowercased()
            if !key.isEmpty, attributes[key] == nil { attributes[key] = decodeReferences(value) }
        }
        return .unterminated
    }

    /// The text from `start` up to the next `</name>` (or the end), with tags dropped, references decoded and white
    /// space folded to single spaces.
    static func text(in html: String, from start: String.Index, until name: String) -> String {
        let end = html[start...].range(of: "</\(name)", options: .caseInsensitive)?.lowerBound ?? html.endIndex
        return plainText(html[start..<end])
    }

    /// `html` without its tags, references decoded, white space folded.
    static func plainText(_ html: Substring) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
                text.append(" ")
            } else if character == ">" && inTag {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        return decodeReferences(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;`, `&#39;`, `&#x27;`: the references store fronts write;
    /// an unknown or broken one is left as it is.
    static func decodeReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result.append("&")
                rest = after
                continue
            }
            let name = after[..<semicolon]
            let decoded: String? =
                switch name {
                case "amp": "&"
                case "lt": "<"
                case "gt": ">"
                case "quot": "\""
                case "apos": "'"
                case "nbsp": "\u{A0}"
                default:
                    if name.hasPrefix("#x") || name.hasPrefix("#X") {
                        UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                    } else if name.hasPrefix("#") {
                        UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                    } else {
                        nil
                    }
                }
            if let decoded, decoded != "\0" {
                result += decoded
                rest = after[after.index(after: semicolon)...]
            } else {
                result.append("&")
                rest = after
            }
        }
        return result + rest
    }
}
