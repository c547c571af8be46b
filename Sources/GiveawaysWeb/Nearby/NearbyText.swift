import GiveawaysDomain

extension Strings {
    /// The Nearby page's texts (`strings.nearby`); the values live beside the other languages' texts.
    struct NearbyText: Sendable {
        let heading: String
        /// The link to Nearby on More.
        let fromMore: String
        let intro: String
        let notSetUpTitle: String
        let notSetUp: String
        let searchLabel: String
        let searchPlaceholder: String
        let nearLabel: String
        let nearPlaceholder: String
        let search: String
        let useMyLocation: String
        let locating: String
        let locationDenied: String
        let locationUnavailable: String
        let kinds: String
        let allKinds: String
        /// The one name of a kind of place, for chips and cards.
        let category: @Sendable (PlaceCategory) -> String
        let unnamedPlace: String
        let view: String
        let list: String
        let map: String
        let places: String
        /// "Places from {source}" (the source's name, linked).
        let placesFrom: @Sendable (HTML) -> HTML
        let osmCredit: String
        let mapLabel: String
        let mapNeedsJavaScript: String
        let showList: String
        let zoomIn: String
        let zoomOut: String
        let searchAsMapMoves: String
        let searchThisArea: String
        let showOnMap: String
        let directions: String
        let onSource: @Sendable (PlaceSourceKind) -> String
        let metres: @Sendable (String) -> String
        let kilometres: @Sendable (String) -> String
        let openNow: String
        let closedNow: String
        let rated: @Sendable (String) -> String
        let loadMore: String
        let morePlaces: String
        let loading: String
        let emptyTitle: String
        let emptyText: String
        /// A typed search that found nothing in view and was widened: "Nothing in view — showing matches within
        /// {km} km."
        let widened: @Sendable (String) -> String
        /// The empty state's title when the widened search found nothing either: "No matches within {km} km".
        let emptyWidened: @Sendable (String) -> String
        let errorTitle: String
        let unreachable: String
        let refusedKey: String
        let rateLimited: @Sendable (Int?) -> String
        let malformed: String
        /// This server's own searches are all taken: "try again in {seconds} s".
        let busy: @Sendable (Int) -> String
        let unknownPlace: @Sendable (String) -> String
        let retry: String
        /// "Offline — showing places saved on {date}".
        let stale: @Sendable (String) -> String
        /// The state of an area whose source failed and kept nothing but place ids (Foursquare's terms).
        let reconnectTitle: String
        /// "{source} cannot be reached, and its terms let this server keep nothing of a place but its id: these are
        /// the {count} places listed here on {date}."
        let idsOnly: @Sendable (String, Int, String) -> String
        let placesSeen: String
        /// One kept id, linked to the place on its source: "Place {id}".
        let placeID: @Sendable (String) -> String
        let badView: String
        let badLocation: String
        let badZoom: @Sendable (Int, Int) -> String
        let badCategory: @Sendable (String, String) -> String
        let badCursor: String
        let tooLong: @Sendable (String, Int) -> String
    }
}
