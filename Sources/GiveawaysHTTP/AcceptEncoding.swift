/// Reads an `Accept-Encoding` header (RFC 9110 §12.5.3) for one question: may the answer be gzipped?
///
/// It runs for every cached page, so it scans the header's bytes once and allocates nothing. `gzip` (or its alias
/// `x-gzip`) with a weight above zero says yes; `gzip;q=0` says no even when `*` is accepted; otherwise `*` with a
/// weight above zero decides. Names are case-insensitive; spaces and tabs around items and parameters are ignored.
package enum AcceptEncoding {
    package static func acceptsGzip(_ header: String?) -> Bool {
        guard var header else { return false }
        return header.withUTF8 { acceptsGzip(bytes: $0) }
    }

    package static func acceptsGzip(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var gzip: Bool?
        var star: Bool?
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
            let item = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let (name, weightIsZero) = parse(item)
            if equalsIgnoringCase(name, "gzip") || equalsIgnoringCase(name, "x-gzip") {
                gzip = (gzip ?? false) || !weightIsZero
            } else if name.count == 1, name[0] == UInt8(ascii: "*") {
                star = (star ?? false) || !weightIsZero
            }
            start = end + 1
        }
        return gzip ?? star ?? false
    }

    /// One item, `name *( ";" parameter )`: its trimmed name, and whether a `q` parameter weighs it at zero.
    private static func parse(_ item: UnsafeBufferPointer<UInt8>) -> (UnsafeBufferPointer<UInt8>, Bool) {
        var end = 0
        while end < item.count, item[end] != UInt8(ascii: ";") { end += 1 }
        let name = trimmed(UnsafeBufferPointer(rebasing: item[0..<end]))
        var weightIsZero = false
        while end < item.count {
            let start = end + 1
            end = start
            while end < item.count, item[end] != UInt8(ascii: ";") { end += 1 }
            let parameter = trimmed(UnsafeBufferPointer(rebasing: item[start..<end]))
            guard parameter.count >= 2, parameter[0] | 0x20 == UInt8(ascii: "q") else { continue }
            var index = 1
            while index < parameter.count, isSpace(parameter[index]) { index += 1 }
            guard index < parameter.count, parameter[index] == UInt8(ascii: "=") else { continue }
            index += 1
            while index < parameter.count, isSpace(parameter[index]) { index += 1 }
            weightIsZero = isZeroWeight(UnsafeBufferPointer(rebasing: parameter[index...]))
        }
        return (name, weightIsZero)
    }

    /// `0`, `0.`, `0.0`, `0.00`, `0.000`: the weights that mean "not acceptable".
    private static func isZeroWeight(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard value.first == UInt8(ascii: "0"), value.count <= 5 else { return false }
        guard value.count > 1 else { return true }
        guard value[1] == UInt8(ascii: ".") else { return false }
        return value.dropFirst(2).allSatisfy { $0 == UInt8(ascii: "0") }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var lower = 0
        var upper = bytes.count
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[lower..<upper])
    }

    private static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for index in 0..<bytes.count {
            let byte = bytes[index]
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            guard lowered == expected[index] else { return false }
        }
        return true
    }
}
