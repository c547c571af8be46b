import Foundation
import GiveawaysHTML

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
            if !key.isEmpty, attributes[key] == nil { attributes[key] = CharacterReferences.decode(value) }
        }
        return .unterminated
    }

    /// The text from `start` up to the next `</name>` (or `limit`, or the end), with tags dropped, references
    /// decoded and white space folded to single spaces.
    static func text(
        in html: String, from start: String.Index, until name: String, limit: String.Index? = nil
    )
        -> String
    {
        let bound = min(limit ?? html.endIndex, html.endIndex)
        guard start < bound else { return "" }
        let end = html[start..<bound].range(of: "</\(name)", options: .caseInsensitive)?.lowerBound ?? bound
        return plainText(html[start..<end])
    }

    /// Elements that have no end tag and no content.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// Where the element that `element` (a start tag of `html`) opens ends: the `<` of its matching end tag, counting
    /// nested elements of the same name; the start tag's own end for a void element. Comments are passed over, and
    /// so are the contents of `script` and `style` (where `</div>` is text). `nil` when the text ends first.
    ///
    /// As in HTML, a `/>` on a non-void start tag does not close it.
    static func endOfElement(_ element: Tag, in html: String) -> String.Index? {
        if voidElements.contains(element.name) { return element.end }
        let utf8 = html.utf8
        let name = Array(element.name.utf8)
        var depth = 1
        var index = element.end
        while let open = utf8[index...].firstIndex(of: UInt8(ascii: "<")) {
            let next = utf8.index(after: open)
            guard next < utf8.endIndex else { return nil }
            if utf8[next...].starts(with: "!--".utf8) {
                guard let close = html[next...].range(of: "-->") else { return nil }
                index = close.upperBound
                continue
            }
            if utf8[next] == UInt8(ascii: "/") {
                let nameStart = utf8.index(after: next)
                if endTag(named: name, in: utf8, at: nameStart) {
                    depth -= 1
                    if depth == 0 { return open }
                }
                index = nameStart
                continue
            }
            switch scan(html, at: open) {
            case .tag(let tag):
                index = tag.end
                if tag.name == element.name {
                    depth += 1
                } else if tag.name == "script" || tag.name == "style" {
                    // Raw text: nothing in it is a tag until its own end tag.
                    guard let close = html[tag.end...].range(of: "</\(tag.name)", options: .caseInsensitive)
                    else { return nil }
                    index = close.lowerBound
                }
            case .notATag:
                index = next
            case .unterminated:
                return nil
            }
        }
        return nil
    }

    /// Whether `utf8` holds, at `start`, the name `name` (lower case; the text in any case) followed by white space,
    /// `/` or `>`: the name of an end tag of that element.
    private static func endTag(named name: [UInt8], in utf8: String.UTF8View, at start: String.Index) -> Bool {
        var index = start
        for byte in name {
            guard index < utf8.endIndex else { return false }
            let found = utf8[index]
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(found) ? found + 32 : found
            guard lower == byte else { return false }
            index = utf8.index(after: index)
        }
        guard index < utf8.endIndex else { return false }
        let after = utf8[index]
        return after == UInt8(ascii: ">") || after == UInt8(ascii: "/") || after == 0x20
            || (0x09...0x0D).contains(after)
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
        return CharacterReferences.decode(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
