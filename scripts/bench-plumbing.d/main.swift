// Micro-benchmark: the app's own readers of cookies and URL-encoded forms against Hummingbird 2.28.1's
// `Cookies` and `URLEncodedFormDecoder`, compiled together with -O (scripts/bench-plumbing).
import Foundation

// The app's readers are its own files, compiled in beside this one: `CookieHeader` and `URLEncodedPairs`
// (Sources/GiveawaysHTTP).

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
measure("cookies, CookieHeader (the app): 2 names looked up", 100_000) {
    blackHole(CookieHeader.value(named: "gg_profile", in: cookieHeaders))
    blackHole(CookieHeader.value(named: "lang", in: cookieHeaders))
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
measure("rules form, URLEncodedPairs (the app)", 100_000) {
    blackHole(URLEncodedPairs.parse(rulesBytes, limit: 500))
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
measure("4 MB of %41, URLEncodedPairs", 1) { blackHole(URLEncodedPairs.parse(percentBytes, limit: 500)) }
measure("4 MB of %41, Hummingbird", 1) { blackHole(try? decoder.decode(OneField.self, from: "data=" + percentA)) }
let manyFields = String(repeating: "a=1&", count: 1_000_000)
let manyBytes = Array(manyFields.utf8)
measure("4 MB of a=1& (1e6 fields), URLEncodedPairs (refused after 500)", 1) {
    blackHole(URLEncodedPairs.parse(manyBytes, limit: 500))
}
measure("4 MB of a=1& (1e6 fields), Hummingbird", 1) { blackHole(try? decoder.decode(OneField.self, from: manyFields)) }
let manyNames = (0..<400_000).map { "f\($0)=1" }.joined(separator: "&")
measure("\(manyNames.utf8.count / 1_000_000) MB of 400k distinct fields, Hummingbird", 1) {
    blackHole(try? decoder.decode(OneField.self, from: manyNames))
}
