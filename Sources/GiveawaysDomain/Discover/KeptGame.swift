import Foundation

/// A RAWG game a visitor hearted, as their Favorites show it without asking RAWG again (or offline): what its card
/// needs, kept as the text of the visitor's `favorite` mark on it (`MarkSubject.rawgGame`). Bounded: a name of at
/// most 200 characters and five genres, so a kept game stays well inside a mark's text.
public struct KeptGame: Codable, Hashable, Sendable {
    public var id: Int
    public var name: String
    /// 0–5, or `nil` when nobody rated it.
    public var rating: Double?
    public var year: Int?
    public var genres: [String]

    public init(id: Int, name: String, rating: Double? = nil, year: Int? = nil, genres: [String] = []) {
        self.id = id
        self.name = String(name.prefix(200))
        self.rating = rating
        self.year = year
        self.genres = genres.prefix(5).map { String($0.prefix(60)) }
    }

    public init(_ game: DiscoverGame) {
        self.init(
            id: game.id, name: game.name, rating: game.rating, year: game.released?.year, genres: game.genres)
    }

    /// The mark's text.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The game a favorite mark on `MarkSubject.rawgGame(id)` keeps; with a text it cannot read (an import from
    /// elsewhere), a card named by its number.
    public init(id: Int, text: String?) {
        self = Self.read(id: id, text: text) ?? KeptGame(id: id, name: "RAWG #\(id)")
    }

    /// The game a favorite mark's text keeps, or `nil` when the text does not name game `id` (a mark imported from
    /// elsewhere): what matches a hearted game to a giveaway must not guess.
    public static func read(id: Int, text: String?) -> KeptGame? {
        guard let text, text.utf8.count <= 4_096,
            let kept = try? JSONDecoder().decode(KeptGame.self, from: Data(text.utf8)), kept.id == id
        else { return nil }
        return KeptGame(id: id, name: kept.name, rating: kept.rating, year: kept.year, genres: kept.genres)
    }

    /// The card a list shows.
    public var game: DiscoverGame {
        DiscoverGame(
            id: id, name: name, released: year.map { CatalogDate(year: $0, month: nil, day: nil) }, imageURL: nil,
            rating: rating,
            genres: genres)
    }
}
