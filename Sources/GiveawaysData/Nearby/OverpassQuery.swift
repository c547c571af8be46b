import GiveawaysDomain

/// The Overpass QL for one area: every kind of place Nearby knows (categories and text are filtered here, not
/// there, so one query and one cached answer serve every filter of an area). The box is bounded by the caller.
struct OverpassQuery {
    /// The tag filters, each with the categories a match counts as.
    static let filters: [(filter: String, categories: [PlaceCategory])] = [
        (#"["shop"="video_games"]"#, [.videoGames]),
        (#"["leisure"="amusement_arcade"]"#, [.arcade]),
        (#"["amenity"="internet_cafe"]"#, [.internetCafe]),
        (#"["shop"="games"]"#, [.hobby]),
        (#"["shop"="toys"]"#, [.toys]),
        (#"["shop"="hobby"]"#, [.hobby]),
        (#"["shop"="model"]"#, [.hobby]),
        (#"["shop"="comics"]"#, [.comics]),
        (#"["shop"="books"]["books"="comics"]"#, [.comics]),
    ]

    /// The most elements one answer may hold.
    static let maximumElements = 500

    let area: GeoArea

    /// `[out:json][timeout:10];(nwr[...](S,W,N,E);...);out center tags 500;`
    var text: String {
        let box = "(\(area.text))"
        let parts = Self.filters.map { "nwr\($0.filter)\(box);" }.joined()
        return "[out:json][timeout:10];(\(parts));out center tags \(Self.maximumElements);"
    }
}
