import Foundation
import GiveawaysDomain

/// One place as `GET /api/v1/nearby` and `giveaways nearby --json` write it; unknown values are `null`, never left
/// out and never invented.
public struct PlaceJSON: Codable, Sendable, Hashable {
    public var id: String
    @Nullable public var name: String?
    public var categories: [String]
    public var categoryNames: [String]
    public var latitude: Double
    public var longitude: Double
    @Nullable public var address: String?
    @Nullable public var distance: Int?
    @Nullable public var isOpen: Bool?
    @Nullable public var rating: Double?
    @Nullable public var website: String?
    public var sourceURL: String
    public var directionsURL: String

    public init(place: Place) {
        id = place.id
        name = place.name
        categories = place.categories.map(\.rawValue)
        categoryNames = place.categoryNames
        latitude = place.point.latitude
        longitude = place.point.longitude
        address = place.address
        distance = place.distance.map { Int($0.rounded()) }
        isOpen = place.isOpen
        rating = place.rating
        website = place.website?.absoluteString
        sourceURL = place.sourceURL.absoluteString
        directionsURL = place.directionsURL.absoluteString
    }
}

/// One page of places, with where they came from and the credit their source asks for.
public struct PlacePageJSON: Codable, Sendable, Hashable {
    /// The searched area, `S,W,N,E` as numbers.
    public struct AreaJSON: Codable, Sendable, Hashable {
        public var south: Double
        public var west: Double
        public var north: Double
        public var east: Double
    }

    public var source: String
    public var attribution: String
    public var places: [PlaceJSON]
    @Nullable public var next: String?
    @Nullable public var area: AreaJSON?
    @Nullable public var staleSince: String?
    /// Metres around the area's centre, when nothing in the area asked for matched `q` and the search was widened.
    @Nullable public var widenedRadius: Int?

    public init(page: PlacePage) {
        source = page.source.rawValue
        attribution =
            switch page.source {
            case .foursquare: "Places from Foursquare"
            case .openStreetMap: "© OpenStreetMap contributors (ODbL)"
            }
        places = page.places.map(PlaceJSON.init)
        next = page.next?.rawValue
        area = page.area.map { AreaJSON(south: $0.south, west: $0.west, north: $0.north, east: $0.east) }
        staleSince = page.staleSince.map(Timestamp.format)
        widenedRadius = page.widenedRadius
    }
}
