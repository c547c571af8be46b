// Micro-benchmark: the app's hand readers of cookies and URL-encoded forms against Hummingbird 2.28.1's
// `Cookies` and `URLEncodedFormDecoder`, compiled together with -O (scripts/bench-plumbing).
import Foundation

// MARK: - The hand cookie reader (a copy of Request.cookieValue's core over header strings)

func handCookieValue(_ name: String, headers: [String]) -> String? {
    var name = name
    return name.withUTF8 { name in
        for field in headers {
            var header = field
            let found = header.withUTF8 { header -> String?? in
                guard let value = handCookieValue(UnsafeRawBufferPointer(name), in: UnsafeRawBufferPointer(header))
                else { return nil }
                return .some(value.isEmpty ? nil : String(decoding: value, as: UTF8.self))
            }
            if let found { return found }
        }
        return nil
    }
}

func handCookieValue(
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

// MARK: - The hand form reader (a copy of FormBody.parsePairs)

func handPairs(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> [(name: String, value: String)]? {
    var pairs: [(name: String, value: String)] = []
    var name: [UInt8] = []
    var value: [UInt8] = []
    var inValue = false
    var broken = false
    var count = 0
    var pending: (high: UInt8?, digits: Int) = (nil, 0)
    func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
    func finishPair() -> Bool {
        defer {
            name.removeAll(keepingCapacity: true)
            value.removeAll(keepingCapacity: true)
            inValue = false
            broken = false
            pending = (nil, 0)
        }
        guard !(name.isEmpty && !inValue && !broken) else { return true }
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
            guard let digit = hexValue(byte) else {
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

// MARK: - Timing

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

func measure(_ label: String, _ count: Int, _ body: () -> Void) {
    body()
    let clock = ContinuousClock()
    var best = Duration.seconds(1000)
    for _ in 0..<3 {
        let start = clock.now
        for _ in 0..<count { body() }
        best = min(best, clock.now - start)
    }
    let perCall = Double(best.components.seconds) * 1e9 + Double(best.components.attoseconds) / 1e9
    print(
        label.padding(toLength: 64, withPad: " ", startingAt: 0),
        String(format: "%10.1f ns/call", perCall / Double(count)))
}

// A typical browser's Cookie header on this site: the profile, the language, and a few of other apps on the host.
let cookieHeaders = [
    "_ga=GA1.1.1234567890.1700000000; theme=dark; lang=de; gg_profile=p_9f8e7d6c5b4a39281706f5e4d3c2b1a0.s1gn4tur3-abcdefghijklmnop; _gid=GA1.1.987654321.1700000000"
]
measure("cookies, hand: 2 names looked up", 100_000) {
    blackHole(handCookieValue("gg_profile", headers: cookieHeaders))
    blackHole(handCookieValue("lang", headers: cookieHeaders))
}
measure("cookies, Hummingbird Cookies(from:)[name] x2", 100_000) {
    let cookies = Cookies(from: cookieHeaders)
    blackHole(cookies["gg_profile"]?.value)
    blackHole(cookies["lang"]?.value)
}

// Settings' rules form as a browser sends it: repeated names for the checkbox groups.
let rulesForm =
    "store=steam&store=epic-games-store&store=gog&type=game&type=loot&min_worth=5%2C99&no_loot=1&hide_claimed=1"
    + "&hide_not_interested=1&keywords=demo%2C+beta+test%2C+%C3%BCber&back=%2Fsettings%3Ftab%3Drules"
// The same form with the bracketed names Hummingbird's decoder needs for repeated fields.
let rulesFormBrackets = rulesForm.replacingOccurrences(of: "store=", with: "store[]=")
    .replacingOccurrences(of: "type=", with: "type[]=")

struct Rules: Decodable {
    var store: [String]?
    var type: [String]?
    var min_worth: String?
    var no_loot: String?
    var hide_claimed: String?
    var hide_not_interested: String?
    var keywords: String?
    var back: String?
}
struct OneField: Decodable { var data: String? }

let rulesBytes = Array(rulesForm.utf8)
measure("rules form, hand parsePairs", 100_000) {
    rulesBytes.withUnsafeBufferPointer { blackHole(handPairs($0, limit: 500)) }
}
let decoder = URLEncodedFormDecoder()
measure("rules form ([] names), Hummingbird URLEncodedFormDecoder", 100_000) {
    blackHole(try? decoder.decode(Rules.self, from: rulesFormBrackets))
}
do {
    _ = try decoder.decode(Rules.self, from: rulesForm)
    print("repeated plain names: decoded")
} catch {
    print("repeated plain names, Hummingbird:", error)
}

// Hostile bodies, once each (best of 3).
let percentA = String(repeating: "%41", count: 4 * 1024 * 1024 / 3)
let percentBytes = Array(("data=" + percentA).utf8)
measure("4 MB of %41, hand", 1) { percentBytes.withUnsafeBufferPointer { blackHole(handPairs($0, limit: 500)) } }
measure("4 MB of %41, Hummingbird", 1) { blackHole(try? decoder.decode(OneField.self, from: "data=" + percentA)) }
let manyFields = String(repeating: "a=1&", count: 1_000_000)
let manyBytes = Array(manyFields.utf8)
measure("4 MB of a=1& (1e6 fields), hand (refused after 500)", 1) {
    manyBytes.withUnsafeBufferPointer { blackHole(handPairs($0, limit: 500)) }
}
measure("4 MB of a=1& (1e6 fields), Hummingbird", 1) { blackHole(try? decoder.decode(OneField.self, from: manyFields)) }
let manyNames = (0..<400_000).map { "f\($0)=1" }.joined(separator: "&")
measure("\(manyNames.utf8.count / 1_000_000) MB of 400k distinct fields, Hummingbird", 1) {
    blackHole(try? decoder.decode(OneField.self, from: manyNames))
}
