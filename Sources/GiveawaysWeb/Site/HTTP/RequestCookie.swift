import Hummingbird

extension Request {
    /// The value of the cookie `name`, as `cookies[name]?.value` reads it (the first `name=` of the `Cookie`
    /// headers' `;`-separated pairs, leading spaces dropped, everything after the first `=`; empty is none), without making a
    /// `Cookie` of every pair: every page reads two cookies, and a browser may send many. Only spaces and tabs are
    /// dropped before a name (Hummingbird drops any Unicode white space): never more lenient than its reading.
    func cookieValue(_ name: String) -> String? {
        for field in headers where field.name == .cookie {
            let header = field.value.utf8
            var start = header.startIndex
            while start < header.endIndex {
                let end = header[start...].firstIndex(of: UInt8(ascii: ";")) ?? header.endIndex
                var pair = header[start..<end]
                while let first = pair.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                    pair = pair.dropFirst()
                }
                if let equals = pair.firstIndex(of: UInt8(ascii: "=")), pair[..<equals].elementsEqual(name.utf8) {
                    let value = pair[header.index(after: equals)...]
                    // An empty value is no cookie (nor is a later pair of the same name).
                    return value.isEmpty ? nil : String(Substring(value))
                }
                start = end == header.endIndex ? end : header.index(after: end)
            }
        }
        return nil
    }
}
