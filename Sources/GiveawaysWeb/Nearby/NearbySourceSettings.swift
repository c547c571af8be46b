import Foundation
import GiveawaysDomain
import GiveawaysUpstream
import Logging

/// The server options of Nearby's sources (`--foursquare-key`, `--overpass-url`, …): what `giveaways serve` and
/// `giveaways nearby` build `NearbyServices` from, over the process's connection pools.
public struct NearbySourceSettings: Sendable {
    /// A secret: never logged, shown or stored.
    public var foursquareKey: String?
    public var foursquareURL = Defaults.foursquareBaseURL
    public var overpassURL = Defaults.overpassURL
    public var nominatimURL = Defaults.nominatimBaseURL
    /// The operator's contact for the User-Agent (`--map-contact`): an e-mail address or a URL.
    public var contact: String?
    public var center = Defaults.nearbyCenter
    /// How long an area's OpenStreetMap answer is used without asking Overpass again (`--overpass-fresh-minutes`).
    public var overpassFreshFor: TimeInterval = 15 * 60

    public init() {}

    public var userAgent: String { PlaceUserAgent.make(contact: contact) }

    /// OpenStreetMap alone, or Foursquare falling back to it when a key is set.
    public func services(connections: HTTPConnections, logger: Logger) -> NearbyServices {
        let geocoder = NominatimGeocoder(connections: connections, baseURL: nominatimURL, userAgent: userAgent)
        let openStreetMap = OverpassPlaceSource(
            connections: connections, interpreterURL: overpassURL, geocoder: geocoder, userAgent: userAgent,
            maxAge: overpassFreshFor, logger: logger)
        guard let foursquareKey else { return NearbyServices(places: openStreetMap, defaultCenter: center) }
        let foursquare = FoursquarePlaceSource(
            connections: connections, baseURL: foursquareURL, key: foursquareKey, userAgent: userAgent)
        return NearbyServices(
            places: FallbackPlaceSource(primary: foursquare, fallback: openStreetMap, logger: logger),
            defaultCenter: center)
    }
}
