import GiveawaysDomain
import GiveawaysHTML

extension Strings {
    /// The Nearby page's texts (`strings.nearby`); the values live beside the other languages' texts.
    package struct NearbyText: Sendable {
        package let heading: String
        /// The link to Nearby on More.
        package let fromMore: String
        package let intro: String
        package let notSetUpTitle: String
        package let notSetUp: String
        package let searchLabel: String
        package let searchPlaceholder: String
        package let nearLabel: String
        package let nearPlaceholder: String
        package let search: String
        package let useMyLocation: String
        package let locating: String
        package let locationDenied: String
        package let locationUnavailable: String
        package let kinds: String
        package let allKinds: String
        /// The one name of a kind of place, for chips and cards.
        package let category: @Sendable (PlaceCategory) -> String
        package let unnamedPlace: String
        package let view: String
        package let list: String
        package let map: String
        package let places: String
        /// "Places from {source}" (the source's name, linked).
        package let placesFrom: @Sendable (HTML) -> HTML
        package let osmCredit: String
        package let mapLabel: String
        package let mapNeedsJavaScript: String
        package let showList: String
        package let zoomIn: String
        package let zoomOut: String
        package let searchAsMapMoves: String
        package let searchThisArea: String
        package let showOnMap: String
        package let directions: String
        package let onSource: @Sendable (PlaceSourceKind) -> String
        package let metres: @Sendable (String) -> String
        package let kilometres: @Sendable (String) -> String
        package let openNow: String
        package let closedNow: String
        package let rated: @Sendable (String) -> String
        package let loadMore: String
        package let morePlaces: String
        package let loading: String
        package let emptyTitle: String
        package let emptyText: String
        /// A typed search that found nothing in view and was widened: "Nothing in view — showing matches within
        /// {km} km."
        package let widened: @Sendable (String) -> String
        /// The empty state's title when the widened search found nothing either: "No matches within {km} km".
        package let emptyWidened: @Sendable (String) -> String
        package let errorTitle: String
        package let unreachable: String
        package let refusedKey: String
        package let rateLimited: @Sendable (Int?) -> String
        package let malformed: String
        /// This server's own searches are all taken: "try again in {seconds} s".
        package let busy: @Sendable (Int) -> String
        package let unknownPlace: @Sendable (String) -> String
        package let retry: String
        /// "Offline — showing places saved on {date}".
        package let stale: @Sendable (String) -> String
        /// The state of an area whose source failed and kept nothing but place ids (Foursquare's terms).
        package let reconnectTitle: String
        /// "{source} cannot be reached, and its terms let this server keep nothing of a place but its id: these are
        /// the {count} places listed here on {date}."
        package let idsOnly: @Sendable (String, Int, String) -> String
        package let placesSeen: String
        /// One kept id, linked to the place on its source: "Place {id}".
        package let placeID: @Sendable (String) -> String
        package let badView: String
        package let badLocation: String
        package let badZoom: @Sendable (Int, Int) -> String
        package let badCategory: @Sendable (String, String) -> String
        package let badCursor: String
        package let tooLong: @Sendable (String, Int) -> String
    }
}
