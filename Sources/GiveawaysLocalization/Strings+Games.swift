import Foundation
import GiveawaysDomain
import GiveawaysHTML

/// The texts of Games (`/games`, RAWG's popular games and search) and of a game's giveaways on its page. RAWG's own
/// texts (names, descriptions) are not translated.
package struct GamesText: Sendable {
    package let heading: String
    /// The tab bar's label.
    package let nav: String
    package let intro: String
    package let searchLabel: String
    package let searchPlaceholder: String
    package let search: String
    package let clearSearch: String
    package let orderingLabel: String
    package let ordering: @Sendable (GameOrdering) -> String
    /// (count) → "12 games found for …"
    package let found: @Sendable (_ count: String, _ query: String) -> String
    package let nothingFound: @Sendable (_ query: String) -> String
    package let tryGenres: String
    package let genres: String
    package let yourGenre: @Sendable (_ name: String) -> String
    package let moreGames: String
    package let page: @Sendable (_ number: String) -> String
    package let searchTooLong: @Sendable (_ limit: Int) -> String
    package let badOrdering: @Sendable (_ names: String) -> String
    /// A game's giveaways on its page.
    package let giveawaysHeading: String
    package let freeNow: @Sendable (_ store: String) -> String
    package let until: @Sendable (_ date: HTML) -> HTML
    package let claim: String
    package let comingFree: @Sendable (_ store: String, _ date: HTML) -> HTML
    package let freeBefore: String
    package let neverFree: String
    /// `/status`'s RAWG card: (requests, allowance).
    package let usage: @Sendable (_ requests: String, _ allowance: String) -> String
    package let usageOKBadge: String
    package let usageNearBadge: String
    package let usageNear: String
    /// Details' link to the game's page in Games.
    package let aboutGame: String
    /// Favorites with kept games and no hearted giveaway: (count) → the summary.
    package let keptOnly: @Sendable (_ count: Int, _ number: String) -> String
    /// Favorites' empty list of giveaways beside kept games.
    package let noFavoriteGiveaways: String

    package static let en = GamesText(
        heading: "Games", nav: "Games",
        intro: "RAWG's half a million games, the most popular first. Each game's page says whether it is free now, "
            + "was free before, or is coming free.",
        searchLabel: "Search games", searchPlaceholder: "Name, e.g. Portal", search: "Search", clearSearch: "Clear",
        orderingLabel: "Order",
        ordering: {
            switch $0 {
            case .popular: "Popular"
            case .rating: "Top rated"
            case .released: "Newest"
            case .name: "A–Z"
            }
        },
        found: { count, query in "\(count) found for “\(query)” on RAWG." },
        nothingFound: { "No game on RAWG is called “\($0)”. Check the spelling, or browse by genre." },
        tryGenres: "Browse the genres", genres: "Genres", yourGenre: { "Your genre: \($0)" }, moreGames: "More games",
        page: { "Page \($0)" },
        searchTooLong: { "A search is at most \($0) characters long." },
        badOrdering: { "Order by one of: \($0)." },
        giveawaysHeading: "Free on the stores", freeNow: { "Free now on \($0)" }, until: { "until \($0)" },
        claim: "Claim it", comingFree: { "Coming free on \($0) from \($1)" }, freeBefore: "Free before",
        neverFree: "Not given away since GameGiveaways began keeping track.",
        usage: { "\($0) requests to RAWG this month (Games), of the \($1) its free tier allows a month." },
        usageOKBadge: "Within its allowance", usageNearBadge: "Near its allowance",
        usageNear:
            "Games has used 80 % of this month's RAWG requests. Answers are now kept four times as long to last the "
            + "month; the person running GameGiveaways may want a paid RAWG plan.",
        aboutGame: "More about this game: ratings, screenshots, every time it was free",
        keptOnly: { count, number in
            "\(number) \(count == 1 ? "game" : "games") kept from Games, below. No giveaway hearted yet."
        },
        noFavoriteGiveaways: "No favorite giveaways yet")

    package static let de = GamesText(
        heading: "Spiele", nav: "Spiele",
        intro: "RAWGs halbe Million Spiele, die beliebtesten zuerst. Jede Spielseite sagt, ob das Spiel gerade gratis "
            + "ist, es schon einmal war oder bald wird.",
        searchLabel: "Spiele suchen", searchPlaceholder: "Name, z. B. Portal", search: "Suchen",
        clearSearch: "Leeren", orderingLabel: "Reihenfolge",
        ordering: {
            switch $0 {
            case .popular: "Beliebt"
            case .rating: "Best bewertet"
            case .released: "Neueste"
            case .name: "A–Z"
            }
        },
        found: { count, query in "\(count) Treffer für „\(query)“ bei RAWG." },
        nothingFound: { "Kein Spiel bei RAWG heißt „\($0)“. Prüf die Schreibweise oder stöbere nach Genre." },
        tryGenres: "Nach Genre stöbern", genres: "Genres", yourGenre: { "Dein Genre: \($0)" },
        moreGames: "Mehr Spiele", page: { "Seite \($0)" },
        searchTooLong: { "Eine Suche ist höchstens \($0) Zeichen lang." },
        badOrdering: { "Sortiere nach einem von: \($0)." },
        giveawaysHeading: "Gratis in den Stores", freeNow: { "Jetzt gratis bei \($0)" }, until: { "bis \($0)" },
        claim: "Holen", comingFree: { "Bald gratis bei \($0) ab \($1)" }, freeBefore: "Schon gratis",
        neverFree: "Nicht verschenkt, seit GameGiveaways mitschreibt.",
        usage: {
            "\($0) Anfragen an RAWG in diesem Monat (Spiele), von \($1), die der kostenlose Tarif im Monat erlaubt."
        },
        usageOKBadge: "Im Rahmen", usageNearBadge: "Fast aufgebraucht",
        usageNear:
            "Spiele hat 80 % der RAWG-Anfragen dieses Monats verbraucht. Antworten bleiben jetzt viermal so lange "
            + "gespeichert, damit es für den Monat reicht; die Person, die GameGiveaways betreibt, braucht vielleicht "
            + "einen bezahlten RAWG-Tarif.",
        aboutGame: "Mehr über dieses Spiel: Bewertungen, Bilder, jedes Mal, als es gratis war",
        keptOnly: { count, number in
            "\(number) \(count == 1 ? "Spiel" : "Spiele") aus „Spiele“ gemerkt, unten. Noch kein Giveaway favorisiert."
        },
        noFavoriteGiveaways: "Noch keine favorisierten Giveaways")
}

extension Strings {
    /// Games' texts in this language.
    package var games: GamesText { language == .de ? .de : .en }
}
