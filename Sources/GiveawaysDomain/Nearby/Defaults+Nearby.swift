import Foundation

extension Defaults {
    // MARK: - Nearby

    public static let foursquareBaseURL = URL(string: "https://places-api.foursquare.com")!
    public static let overpassURL = URL(string: "https://overpass-api.de/api/interpreter")!
    public static let nominatimBaseURL = URL(string: "https://nominatim.openstreetmap.org")!
    /// The tile template: `{z}`, `{x}` and `{y}` are replaced, nothing else is read from a request.
    public static let mapTilesTemplate = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
    /// Where a search starts when the visitor gives no place: Berlin.
    public static let nearbyCenter = GeoPoint(latitude: 52.520008, longitude: 13.404954)!
    /// The radius of a search around a point when none is given, in metres (Foursquare's own default).
    public static let nearbyRadius = 22_000
    /// Foursquare's ceiling for `radius`.
    public static let nearbyMaximumRadius = 100_000
    /// How far around the map's centre a typed search is asked again when nothing in view matches it: a city
    /// (Berlin is about 45 km across). Within Foursquare's ceiling and within the widest area asked of Overpass
    /// (`OverpassPlaceSource.maximumSpan`, 60 km a side).
    public static let nearbyWidenedRadius = 25_000
    /// The tile cache on disk, beside the image cache.
    public static let tileCacheDirectory = "tile-cache"
    public static let tileCacheBudgetBytes = 256 * 1_048_576
    /// The least time a tile is kept (the tile policy asks for a week at least).
    public static let tileMinimumAge: TimeInterval = 7 * 24 * 3600
    public static let maxTileBytes = 512 * 1024
}
