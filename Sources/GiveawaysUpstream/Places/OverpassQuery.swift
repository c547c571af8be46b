import Foundation
import GiveawaysDomain

/// The Overpass QL for one area: every kind of place Nearby knows (categories and text are filtered here, not
/// there, so one query and one cached answer serve every filter of an area). The box is bounded by the caller.
///
/// With `name`, the query asks only for the places whose name could match it, or whose kind does ("arcade"): a
/// typed search over a wide area (a search widened past the map's view) would otherwise ask for every shop of a
/// city, and the answer's cap (`maximumElements`) could cut off the one the visitor typed. What comes back is a
/// superset of what the text matches here (`OverpassPlaceSource.matching` still decides): letters are matched
/// without case, and with or without the usual accents.
struct OverpassQuery {
    /// The tag filters, each with the categories a match counts as and the kind names `OverpassDecoder.kinds` gives
    /// its places (a typed kind asks for all of them).
    static let filters: [(filter: String, categories: [PlaceCategory], kinds: [String])] = [
        (#"["shop"="video_games"]"#, [.videoGames], ["Video game store"]),
        (#"["leisure"="amusement_arcade"]"#, [.arcade], ["Arcade", "VR arcade"]),
        (#"["amenity"="internet_cafe"]"#, [.internetCafe], ["Internet café", "Gaming café"]),
        (#"["shop"="games"]"#, [.hobby], ["Games store"]),
        (#"["shop"="toys"]"#, [.toys], ["Toy store"]),
        (#"["shop"="hobby"]"#, [.hobby], ["Hobby store"]),
        (#"["shop"="model"]"#, [.hobby], ["Hobby store"]),
        (#"["shop"="comics"]"#, [.comics], ["Comic store"]),
        (#"["shop"="books"]["books"="comics"]"#, [.comics], ["Comic store"]),
    ]

    /// The most elements one answer may hold.
    static let maximumElements = 500

    let area: GeoArea
    /// Typed text to ask for by name; `nil` asks for every place of the area.
    var name: String? = nil

    /// `[out:json][timeout:10];(nwr[...](S,W,N,E);...);out center tags 500;` — with a name,
    /// `(nwr[...](S,W,N,E);...)->.k;(nwr.k["name"~"…",i];nwr.k[<a kind the text names>];);out center tags 500;`
    var text: String {
        let box = "(\(area.text))"
        let parts = Self.filters.map { "nwr\($0.filter)\(box);" }.joined()
        guard let name, !name.isEmpty else {
            return "[out:json][timeout:10];(\(parts));out center tags \(Self.maximumElements);"
        }
        let kinds = Self.filters.filter { filter in
            filter.kinds.contains { $0.range(of: name, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
        }
        .map { "nwr.k\($0.filter);" }.joined()
        let named = "nwr.k[\"name\"~\"\(Self.pattern(name))\",i];"
        return "[out:json][timeout:10];(\(parts))->.k;(\(named)\(kinds));out center tags \(Self.maximumElements);"
    }

    /// `text` as the inside of an Overpass QL string holding a regular expression that matches it literally,
    /// without case and with or without accents: `Café (Nord)` → `caf(e|é|…)` + `\\(nord\\)` (the regular
    /// expression's `\(` written as QL writes a backslash). Control characters become spaces.
    static func pattern(_ text: String) -> String {
        // Accents off (case stays: folding it would turn `ß` into `ss`, which a name with `ß` does not hold).
        let folded = text.folding(options: .diacriticInsensitive, locale: nil)
        var pattern = ""
        for scalar in folded.unicodeScalars {
            let lower = scalar.isASCII ? Unicode.Scalar(String(scalar).lowercased()) ?? scalar : scalar
            if let variants = accents[lower] {
                pattern += "(" + ([String(scalar)] + variants.map(String.init)).joined(separator: "|") + ")"
            } else if #"\^$.|?*+()[]{}"#.unicodeScalars.contains(scalar) {
                pattern += #"\\"# + String(scalar)
            } else if scalar == "\"" {
                pattern += #"\""#
            } else if scalar.properties.generalCategory == .control {
                pattern += " "
            } else {
                pattern.unicodeScalars.append(scalar)
            }
        }
        return pattern
    }

    /// The accented letters each plain one stands for, both cases (Overpass's `i` may fold only ASCII).
    static let accents: [Unicode.Scalar: [Character]] = [
        "a": Array("àáâãäåāăąÀÁÂÃÄÅĀĂĄ"), "c": Array("çćčÇĆČ"), "e": Array("èéêëēėęěÈÉÊËĒĖĘĚ"),
        "i": Array("ìíîïīįıÌÍÎÏĪĮİ"), "l": Array("łŁ"), "n": Array("ñńňÑŃŇ"), "o": Array("òóôõöøōőÒÓÔÕÖØŌŐ"),
        "s": Array("śšşŚŠŞ"), "u": Array("ùúûüūůűųÙÚÛÜŪŮŰŲ"), "y": Array("ýÿÝŸ"), "z": Array("źżžŹŻŽ"),
    ]
}
