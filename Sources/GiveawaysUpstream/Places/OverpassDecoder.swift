import Foundation
import GiveawaysDomain

/// Reads Overpass's JSON (`out center tags`) into places. A node has `lat`/`lon`, a way or relation `center`; an
/// element without either, or of another type, is skipped. The HTTP-200 answer with a `remark` (a query that ran
/// out of time or memory, with partial or no elements) is a failure, never "no places".
struct OverpassDecoder {
    func places(_ body: Data) throws(PlaceSourceError) -> [Place] {
        let answer: OverpassAnswerDTO
        do {
            answer = try JSONDecoder().decode(OverpassAnswerDTO.self, from: body)
        } catch {
            throw .malformed("Overpass sent an answer that is not its JSON")
        }
        if let remark = answer.remark?.trimmingCharacters(in: .whitespacesAndNewlines), !remark.isEmpty {
            throw .malformed("Overpass: \(remark.prefix(120))")
        }
        return answer.elements.compactMap { $0.value.flatMap(place) }
    }

    func place(_ element: OverpassElementDTO) -> Place? {
        guard ["node", "way", "relation"].contains(element.type), element.id > 0,
            let latitude = element.lat ?? element.center?.lat, let longitude = element.lon ?? element.center?.lon,
            let point = GeoPoint(latitude: latitude, longitude: longitude)
        else { return nil }
        let tags = element.tags ?? [:]
        let kinds = Self.kinds(tags)
        return Place(
            id: "osm:\(element.type)/\(element.id)", name: Self.text(tags["name"]),
            categories: kinds.map(\.category).uniqued(), categoryNames: kinds.map(\.name).uniqued(), point: point,
            address: Self.address(tags), website: Self.webURL(tags["website"] ?? tags["contact:website"]),
            sourceURL: URL(string: "https://www.openstreetmap.org/\(element.type)/\(element.id)")!)
    }

    /// The kinds a place's tags say it is, with an English name for each (shown when the place has no name).
    static func kinds(_ tags: [String: String]) -> [(category: PlaceCategory, name: String)] {
        var kinds: [(PlaceCategory, String)] = []
        let shop = tags["shop"]
        if shop == "video_games" { kinds.append((.videoGames, "Video game store")) }
        if tags["leisure"] == "amusement_arcade" {
            kinds.append((.arcade, "Arcade"))
            if ["vr", "virtual_reality"].contains(tags["amusement_arcade"]) { kinds.append((.vrCafe, "VR arcade")) }
        }
        if tags["amenity"] == "internet_cafe" {
            kinds.append((.internetCafe, "Internet café"))
            if tags["internet_cafe"] == "gaming" || tags["internet_cafe:gaming"] == "yes" {
                kinds.append((.gamingCafe, "Gaming café"))
            }
        }
        if shop == "games" { kinds.append((.hobby, "Games store")) }
        if shop == "hobby" || shop == "model" { kinds.append((.hobby, "Hobby store")) }
        if shop == "toys" { kinds.append((.toys, "Toy store")) }
        if shop == "comics" || (shop == "books" && tags["books"] == "comics") {
            kinds.append((.comics, "Comic store"))
        }
        return kinds
    }

    /// "Street 12, 10115 City" from the `addr:*` tags that are there; `nil` when none is.
    static func address(_ tags: [String: String]) -> String? {
        let street = [text(tags["addr:street"]), text(tags["addr:housenumber"])].compactMap { $0 }
            .joined(separator: " ")
        let city = [text(tags["addr:postcode"]), text(tags["addr:city"])].compactMap { $0 }.joined(separator: " ")
        let line = [street, city].filter { !$0.isEmpty }.joined(separator: ", ")
        return line.isEmpty ? nil : line
    }

    /// Trimmed text, `nil` for none or only spaces; long values are cut (a tag is at most 255 characters anyway).
    static func text(_ value: String?) -> String? {
        guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
            return nil
        }
        return String(trimmed.prefix(255))
    }

    /// An http(s) URL, nothing else (a `javascript:` website must never become a link).
    static func webURL(_ value: String?) -> URL? {
        guard let text = text(value), let url = URL(string: text),
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else { return nil }
        return url
    }
}

// MARK: - The wire format

struct OverpassAnswerDTO: Decodable {
    let remark: String?
    let elements: [LossyElement<OverpassElementDTO>]

    enum CodingKeys: CodingKey { case remark, elements }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        remark = try? container.decodeIfPresent(String.self, forKey: .remark)
        elements = try container.decode([LossyElement<OverpassElementDTO>].self, forKey: .elements)
    }
}

struct OverpassElementDTO: Decodable {
    struct Center: Decodable {
        let lat: Double
        let lon: Double
    }

    let type: String
    let id: Int64
    let lat: Double?
    let lon: Double?
    let center: Center?
    let tags: [String: String]?
}

/// One element of an array, `nil` when it does not decode: one odd element never costs the others.
struct LossyElement<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
