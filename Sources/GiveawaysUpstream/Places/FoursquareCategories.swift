import GiveawaysDomain

/// Foursquare's category ids for the kinds Nearby knows (the 2025 API's ids; a parent includes its children).
/// There is no board-game store category: toy and hobby stores come closest.
enum FoursquareCategories {
    static let ids: [PlaceCategory: String] = [
        .videoGames: "4bf58dd8d48988d10b951735",
        .arcade: "4bf58dd8d48988d1e1931735",
        .gamingCafe: "4bf58dd8d48988d18d941735",
        .internetCafe: "4bf58dd8d48988d1f0941735",
        .vrCafe: "5f2c14a5b6d05514c7042eb7",
        .toys: "4bf58dd8d48988d1f3941735",
        .hobby: "4bf58dd8d48988d1fb941735",
        .comics: "52f2ab2ebcbc57f1066b8b18",
    ]

    static let categories: [String: PlaceCategory] = Dictionary(
        uniqueKeysWithValues: ids.map { ($0.value, $0.key) })

    /// The `fsq_category_ids` value for `categories` (every kind when empty), in a stable order.
    static func parameter(_ categories: Set<PlaceCategory>) -> String {
        let chosen = categories.isEmpty ? Set(PlaceCategory.allCases) : categories
        return PlaceCategory.allCases.filter(chosen.contains).compactMap { ids[$0] }.joined(separator: ",")
    }
}
