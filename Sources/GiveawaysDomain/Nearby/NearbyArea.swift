import Foundation

/// The area a visitor last looked at on Nearby: the map's centre and zoom. Kept in their own profile so that
/// `/nearby` opens there next time; never sent anywhere else (not in an export, a log line or an upstream request
/// of its own).
public struct NearbyArea: Hashable, Sendable {
    public let center: GeoPoint
    public let zoom: Int

    /// The map's zoom levels: a country at 3, a house at 19.
    public static let zooms = 3...19

    /// `nil` for a zoom outside `zooms`.
    public init?(center: GeoPoint, zoom: Int) {
        guard Self.zooms.contains(zoom) else { return nil }
        self.center = center
        self.zoom = zoom
    }

    /// What a store's three columns hold; `nil` when any is missing or out of range (a row that never had one).
    public init?(latitude: Double?, longitude: Double?, zoom: Int?) {
        guard let latitude, let longitude, let zoom, let center = GeoPoint(latitude: latitude, longitude: longitude)
        else { return nil }
        self.init(center: center, zoom: zoom)
    }
}
