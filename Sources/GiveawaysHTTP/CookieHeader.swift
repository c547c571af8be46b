/// Reads one cookie's value out of `Cookie` headers, byte by byte, without making a `Cookie` of every pair: every
/// page reads two cookies, and a browser may send many. It reads as Hummingbird's `cookies[name]?.value` does (the
/// first `name=` of the headers' `;`-separated pairs, leading spaces dropped, everything after the first `=`; empty
/// is none), but drops only spaces and tabs before a name (Hummingbird drops any Unicode white space): never more
/// lenient than its reading.
///
/// Kept rather than `request.cookies` for its cost, measured by `scripts/bench-plumbing` (which compiles this very
/// file; -O, 2 busy shared cores, 2026-11-28, four runs): a browser's five-cookie header, `gg_profile` and `lang`
/// looked up, 0.5–1.6 µs here against 23–73 µs through Hummingbird's `Cookies` (30–45 times as much: it makes a
/// `Cookie`, attributes parsed, of every pair it passes), on every page view of a server that answers a personal
/// page in about 60 µs. Depends on nothing but the standard library, so the benchmark can compile it alone.
package enum CookieHeader {
    /// The value of the cookie `name` in `headers` (the values of every `Cookie` field, in order).
    package static func value(named name: String, in headers: some Sequence<String>) -> String? {
        var name = name
        return name.withUTF8 { name in
            for field in headers {
                var header = field
                // The value is made into a string inside: the bytes are lent only for the closure.
                let found = header.withUTF8 { header -> String?? in
                    guard let value = value(UnsafeRawBufferPointer(name), in: UnsafeRawBufferPointer(header)) else {
                        return nil
                    }
                    // An empty value is no cookie (nor is a later pair of the same name).
                    return .some(value.isEmpty ? nil : String(decoding: value, as: UTF8.self))
                }
                if let found { return found }
            }
            return nil
        }
    }

    /// The value of the first pair named `name` in one `Cookie` header's bytes (empty when it has none); `nil` when no
    /// pair has that name. Read byte by byte: the header's string is not indexed through its views.
    static func value(
        _ name: UnsafeRawBufferPointer, in header: UnsafeRawBufferPointer
    ) -> UnsafeRawBufferPointer.SubSequence? {
        let semicolon = UInt8(ascii: ";")
        let equals = UInt8(ascii: "=")
        var start = 0
        while start < header.count {
            var end = start
            while end < header.count, header[end] != semicolon { end += 1 }
            var first = start
            while first < end, header[first] == UInt8(ascii: " ") || header[first] == UInt8(ascii: "\t") { first += 1 }
            var sign = first
            while sign < end, header[sign] != equals { sign += 1 }
            if sign < end, sign - first == name.count, name.indices.allSatisfy({ header[first + $0] == name[$0] }) {
                return header[(sign + 1)..<end]
            }
            start = end + 1
        }
        return nil
    }
}
