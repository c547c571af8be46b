import ArgumentParser
import Foundation
import GiveawaysDomain
import GiveawaysWeb

/// The options of Nearby's sources, shared by `serve` and `nearby`.
struct NearbyOptions: ParsableArguments {
    @Option(
        help:
            "A Foursquare Places service key: Foursquare becomes Nearby's source, OpenStreetMap its fallback (env GIVEAWAYS_FOURSQUARE_KEY). Never logged or shown."
    )
    var foursquareKey: String?

    @Option(
        help: "The Foursquare Places API (env GIVEAWAYS_FOURSQUARE_URL; default https://places-api.foursquare.com).")
    var foursquareURL: String?

    @Option(
        help:
            "The Overpass API interpreter (env GIVEAWAYS_OVERPASS_URL; default https://overpass-api.de/api/interpreter)."
    )
    var overpassURL: String?

    @Option(help: "The Nominatim geocoder (env GIVEAWAYS_NOMINATIM_URL; default https://nominatim.openstreetmap.org).")
    var nominatimURL: String?

    @Option(
        help:
            "Your contact (e-mail or URL) for the User-Agent OpenStreetMap's servers see, as their policies ask (env GIVEAWAYS_MAP_CONTACT)."
    )
    var mapContact: String?

    @Option(help: "Where a search starts without a place, LAT,LON (env GIVEAWAYS_NEARBY_CENTER; default Berlin).")
    var nearbyCenter: String?

    @Option(
        help:
            "Minutes an area's OpenStreetMap answer is used without asking Overpass again, 0–1440 (env GIVEAWAYS_OVERPASS_FRESH_MINUTES; default 15). It is kept longer to show, marked stale, when Overpass fails."
    )
    var overpassFreshMinutes: String?

    /// Every option, read through `Settings` (flag, else environment, else default).
    func settings() throws -> NearbySourceSettings {
        var settings = NearbySourceSettings()
        settings.foursquareKey = try Settings.foursquareKey.value(text: foursquareKey)
        settings.foursquareURL = try Settings.foursquareURL.value(text: foursquareURL)
        settings.overpassURL = try Settings.overpassURL.value(text: overpassURL)
        settings.nominatimURL = try Settings.nominatimURL.value(text: nominatimURL)
        settings.contact = try Settings.mapContact.value(text: mapContact)
        settings.center = try Settings.nearbyCenter.value(text: nearbyCenter)
        settings.overpassFreshFor = TimeInterval(
            try Settings.overpassFreshMinutes.value(text: overpassFreshMinutes) * 60)
        return settings
    }
}
