/// URL-encoded pairs (`a=1&b=two+words`, a form body or a query) read in one pass over the bytes. Depends on nothing
/// but the standard library, so `scripts/bench-plumbing` compiles this very file against Hummingbird's
/// `URLEncodedFormDecoder` (which is not used: it refuses a repeated name, which the rules form sends, and bounds no
/// field count).
package enum URLEncodedPairs {
    /// One pass over the bytes: `&` ends a pair, the first `=` ends its name, `+` is a space and `%XX` a byte.
    /// A pair with a broken escape or invalid UTF-8 is dropped; `nil` when there are more than `limit` pairs.
    /// (Foundation's URLComponents traps on invalid input, and `replacingOccurrences` + `removingPercentEncoding`
    /// cost far more than linear time on hostile bodies, so neither sees raw request bodies.)
    package static func parse(_ bytes: some Collection<UInt8>, limit: Int) -> [(name: String, value: String)]? {
        // Over contiguous bytes (a body's buffer as it is, anything else copied once): walking a `ByteBufferView`
        // through the generic collection cost a debug build about 3 µs a byte (4 s for a 4 MB hostile body).
        if let parsed = bytes.withContiguousStorageIfAvailable({ parse(buffer: $0, limit: limit) }) {
            return parsed
        }
        return Array(bytes).withUnsafeBufferPointer { parse(buffer: $0, limit: limit) }
    }

    private static func parse(
        buffer bytes: UnsafeBufferPointer<UInt8>, limit: Int
    ) -> [(
        name: String, value: String
    )]? {
        var pairs: [(name: String, value: String)] = []
        var name: [UInt8] = []
        var value: [UInt8] = []
        var inValue = false
        var broken = false
        var count = 0
        var pending: (high: UInt8?, digits: Int) = (nil, 0)  // inside a `%XX` escape: digits read so far

        func finishPair() -> Bool {
            defer {
                name.removeAll(keepingCapacity: true)
                value.removeAll(keepingCapacity: true)
                inValue = false
                broken = false
                pending = (nil, 0)
            }
            guard !(name.isEmpty && !inValue && !broken) else { return true }  // empty segment (`&&`)
            count += 1
            guard count <= limit else { return false }
            guard !broken, pending.digits == 0, let decodedName = String(validating: name, as: UTF8.self),
                let decodedValue = String(validating: value, as: UTF8.self)
            else { return true }
            pairs.append((decodedName, decodedValue))
            return true
        }

        for byte in bytes {
            if byte == UInt8(ascii: "&") {
                guard finishPair() else { return nil }
                continue
            }
            if broken { continue }
            if pending.digits > 0 {
                guard let digit = Self.hexValue(byte) else {
                    broken = true
                    continue
                }
                if let high = pending.high {
                    let decoded = high << 4 | digit
                    if inValue { value.append(decoded) } else { name.append(decoded) }
                    pending = (nil, 0)
                } else {
                    pending = (digit, 2)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "=") where !inValue: inValue = true
            case UInt8(ascii: "%"): pending = (nil, 1)
            case UInt8(ascii: "+"): if inValue { value.append(0x20) } else { name.append(0x20) }
            default: if inValue { value.append(byte) } else { name.append(byte) }
            }
        }
        guard finishPair() else { return nil }
        return pairs
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
