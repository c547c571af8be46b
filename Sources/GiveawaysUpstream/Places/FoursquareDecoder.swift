import Foundation
import GiveawaysDomain

/// Reads the 2025 Places API's search answer into places. A place without an id or coordinates is skipped; every
/// other field may be missing or `""` (categories, address, locality, name) and is then `nil` or empty, never
/// invented: a rating or an open/closed only when Foursquare sent one.
struct FoursquareDecoder {
    func page(_ body: Data) throws(PlaceSourceError) -> (places: [Place], area: GeoArea?) {
        let answer: FoursquareAnswerDTO
        do {
            answer = try JSONDecoder().decode(FoursquareAnswerDTO.self, from: body)
        } catch {
            throw .malformed("Foursquare sent an answer that is not its JSON")
        }
        let places = answer.results.compactMap { $0.value.flatMap(place) }
        // Most results unreadable: the format changed; an empty list would be a lie.
        if !answer.results.isEmpty, places.count * 2 < answer.results.count {
            throw .malformed("\(answer.results.count - places.count) of \(answer.results.count) places unreadable")
        }
        let area = answer.context?.geoBounds?.circle.flatMap { circle -> GeoArea? in
            guard let center = GeoPoint(latitude: circle.center.latitude, longitude: circle.center.longitude),
                circle.radius > 0
            else { return nil }
            return GeoArea(around: center, radius: min(circle.radius, 100_000))
        }
        return (places, area)
    }

    func place(_ dto: FoursquarePlaceDTO) -> Place? {
        guard Self.isPlaceID(dto.fsqPlaceID), let latitude = dto.latitude, let longitude = dto.longitude,
            let point = GeoPoint(latitude: latitude, longitude: longitude)
        else { return nil }
        let categories = dto.categories ?? []
        return Place(
            id: "fsq:\(dto.fsqPlaceID)", name: OverpassDecoder.text(dto.name),
            categories: categories.compactMap { $0.fsqCategoryID.flatMap { FoursquareCategories.categories[$0] } }
                .uniqued(),
            categoryNames: categories.compactMap { OverpassDecoder.text($0.name) }.uniqued(), point: point,
            address: Self.address(dto.location), distance: dto.distance.flatMap { $0 >= 0 ? $0 : nil },
            isOpen: dto.hours?.openNow, rating: dto.rating.flatMap { (0...10).contains($0) ? $0 : nil },
            website: OverpassDecoder.webURL(dto.website),
            sourceURL: URL(string: "https://foursquare.com/v/\(dto.fsqPlaceID)")!)
    }

    /// Ids are 24 hex digits today; letters and digits up to 64 are accepted, nothing that could break a URL.
    static func isPlaceID(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count)
            && id.unicodeScalars.allSatisfy { $0.isASCII && CharacterSet.alphanumerics.contains($0) }
    }

    /// `formatted_address` when sent, else the parts there are.
    static func address(_ location: FoursquarePlaceDTO.Location?) -> String? {
        guard let location else { return nil }
        if let formatted = OverpassDecoder.text(location.formattedAddress) { return formatted }
        let city = [location.postcode, location.locality].compactMap(OverpassDecoder.text).joined(separator: " ")
        let parts = [OverpassDecoder.text(location.address), city.isEmpty ? nil : city].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

// MARK: - The wire format

struct FoursquareAnswerDTO: Decodable {
    struct Context: Decodable {
        struct GeoBounds: Decodable {
            struct Circle: Decodable {
                struct Center: Decodable {
                    let latitude: Double
                    let longitude: Double
                }
                let center: Center
                let radius: Double
            }
            let circle: Circle?
        }
        let geoBounds: GeoBounds?

        enum CodingKeys: String, CodingKey { case geoBounds = "geo_bounds" }
    }

    let results: [LossyElement<FoursquarePlaceDTO>]
    let context: Context?

    enum CodingKeys: CodingKey { case results, context }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        results = try container.decode([LossyElement<FoursquarePlaceDTO>].self, forKey: .results)
        context = try? container.decodeIfPresent(Context.self, forKey: .context)
    }
}

struct FoursquarePlaceDTO: Decodable {
    struct Category: Decodable {
        let fsqCategoryID: String?
        let name: String?

        enum CodingKeys: String, CodingKey {
            case fsqCategoryID = "fsq_category_id"
            case name
        }
    }

    struct Location: Decodable {
        let address: String?
        let locality: String?
        let postcode: String?
        let formattedAddress: String?

        enum CodingKeys: String, CodingKey {
            case address, locality, postcode
            case formattedAddress = "formatted_address"
        }
    }

    struct Hours: Decodable {
        let openNow: Bool?

        enum CodingKeys: String, CodingKey { case openNow = "open_now" }
    }

    let fsqPlaceID: String
    let name: String?
    let latitude: Double?
    let longitude: Double?
    let distance: Double?
    let categories: [Category]?
    let location: Location?
    let website: String?
    let rating: Double?
    let hours: Hours?

    enum CodingKeys: String, CodingKey {
        case fsqPlaceID = "fsq_place_id"
        case name, latitude, longitude, distance, categories, location, website, rating, hours
    }

    /// Optional parts that arrive in an unexpected shape are dropped, not the place.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fsqPlaceID = try container.decode(String.self, forKey: .fsqPlaceID)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        latitude = try? container.decodeIfPresent(Double.self, forKey: .latitude)
        longitude = try? container.decodeIfPresent(Double.self, forKey: .longitude)
        distance = try? container.decodeIfPresent(Double.self, forKey: .distance)
        categories = (try? container.decodeIfPresent([LossyElement<Category>].self, forKey: .categories))?
            .compactMap(\.value)
        location = try? container.decodeIfPresent(Location.self, forKey: .location)
        website = try? container.decodeIfPresent(String.self, forKey: .website)
        rating = try? container.decodeIfPresent(Double.self, forKey: .rating)
        hours = try? container.decodeIfPresent(Hours.self, forKey: .hours)
    }
}
