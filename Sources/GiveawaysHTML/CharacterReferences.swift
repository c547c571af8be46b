/// The one reader of HTML character references in upstream text (GamerPower's descriptions, the stores' fronts,
/// RAWG's descriptions): the named ones upstreams write (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;`) and
/// every numeric one (`&#39;`, `&#x263A;`), each read once, left to right, so `&amp;lt;` is the text `&lt;`. An
/// unknown or broken reference stays as written. What it returns is text: it is escaped again wherever it is shown.
package enum CharacterReferences {
    package static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";"),
                let decoded = character(named: after[..<semicolon])
            else {
                result.append("&")
                rest = after
                continue
            }
            result += decoded
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func character(named name: Substring) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        default:
            let scalar: Unicode.Scalar?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
            } else {
                scalar = nil
            }
            guard let scalar, scalar != "\0" else { return nil }
            return String(Character(scalar))
        }
    }
}
