import Foundation

/// The texts of "Games you own" (`/settings/library`): a visitor's Steam library and imported lists.
package struct LibraryText: Sendable {
    package let heading: String
    package let intro: String
    /// Settings' card.
    package let settingsText: String
    package let open: String
    package let summary: @Sendable (_ steam: String, _ listed: String) -> String
    package let nothingYet: String
    package let steamTitle: String
    package let steamOff: String
    package let profileLabel: String
    package let profilePlaceholder: String
    package let readLibrary: String
    package let privacyHint: String
    package let linked: @Sendable (_ steamID: String, _ games: String) -> String
    package let readAt: String
    package let neverRead: String
    package let refresh: String
    package let unlink: String
    package let failure: @Sendable (SteamFailureText) -> String
    package let failedSince: String
    package let refreshWait: @Sendable (_ minutes: Int) -> String
    package let badProfile: String
    package let listTitle: String
    package let listText: String
    package let listed: @Sendable (_ games: String) -> String
    package let pasteLabel: String
    package let fileLabel: String
    package let importButton: String
    package let clearList: String
    package let imported: @Sendable (_ games: String, _ matched: String) -> String
    package let unmatchedTitle: @Sendable (_ count: String) -> String
    package let unmatchedMore: @Sendable (_ count: String) -> String
    package let listEmpty: String
    package let listTooLarge: String
    package let listTooMany: String
    package let ownedLiveTitle: String
    package let ownedLiveNone: String
    package let inLibrary: @Sendable (_ source: String) -> String
    package let sourceSteam: String
    package let sourceList: String
    package let backToLibrary: String
    package let games: Plural
    /// Settings' rule.
    package let hideOwned: String
    package let hideOwnedHint: String
    /// The rule in a summary of rules.
    package let ownedHidden: String

    /// The reasons Steam gave no library, as the visitor reads them.
    package enum SteamFailureText: Sendable {
        case privateGames, noSuchName, refusedKey, throttled, unavailable
    }

    package static let en = LibraryText(
        heading: "Games you own",
        intro: "See at a glance which giveaways are of games you already have. No password: your Steam profile's "
            + "public game list, read with this server's Steam key, or a list you import for any other store. "
            + "What you own stays with this browser's profile: exported and imported with it, never shown to anyone else.",
        settingsText: "Link your Steam profile or import a list, and see which giveaways are of games you already own.",
        open: "Games you own",
        summary: { steam, listed in "\(steam) from Steam, \(listed) from your lists." },
        nothingYet: "Nothing yet.",
        steamTitle: "Steam",
        steamOff: "The person running this server has not turned Steam on (it needs their Steam Web API key: "
            + "--steam-key or GIVEAWAYS_STEAM_KEY). You can still import a list below.",
        profileLabel: "Your Steam profile: its address, SteamID64 or custom name",
        profilePlaceholder: "https://steamcommunity.com/id/yourname",
        readLibrary: "Read my library",
        privacyHint: "Steam shows the games of a profile whose Game details are public: Steam → Edit Profile → "
            + "Privacy Settings → Game details: Public. It is read again every day.",
        linked: { id, games in "Linked to Steam profile \(id): \(games)." },
        readAt: "Last read",
        neverRead: "Not read yet.",
        refresh: "Refresh now",
        unlink: "Unlink Steam",
        failure: {
            switch $0 {
            case .privateGames:
                "Steam did not show this profile's games: its Game details are private (or there is no such "
                    + "profile). In Steam: Edit Profile → Privacy Settings → Game details: Public, then refresh."
            case .noSuchName: "No Steam profile has that name. Copy your profile's address from Steam and try again."
            case .refusedKey:
                "Steam refused this server's key. The person running GameGiveaways can check GIVEAWAYS_STEAM_KEY."
            case .throttled: "Steam asks us to slow down. Your last list stays; try again in a few minutes."
            case .unavailable: "Steam did not answer just now. Your last list stays; try again in a few minutes."
            }
        },
        failedSince: "Since",
        refreshWait: {
            "Your library was read \($0 < 1 ? "less than a minute" : "\($0) min") ago; it can be read again in a few minutes."
        },
        badProfile: "That is not a Steam profile: paste its address (steamcommunity.com/id/… or /profiles/…), "
            + "its 17-digit SteamID64 or its custom name.",
        listTitle: "Other stores",
        listText: "Paste or upload a list: one title per line, or a CSV export with a column named title, name or "
            + "game (Playnite, GOG Galaxy, a spreadsheet). A new list replaces the last one.",
        listed: { "\($0) imported." },
        pasteLabel: "Paste your list",
        fileLabel: "Or choose a file (.csv or .txt, up to 4 MB)",
        importButton: "Import list",
        clearList: "Remove the imported list",
        imported: { games, matched in "\(games) imported. \(matched) of them have been given away here." },
        unmatchedTitle: { "Not seen in a giveaway yet (\($0))" },
        unmatchedMore: { "…and \($0) more." },
        listEmpty: "The list holds no game title.",
        listTooLarge: "A list is at most 4 MB.",
        listTooMany: "A list holds at most 50,000 games.",
        ownedLiveTitle: "Live giveaways of games you own",
        ownedLiveNone: "None of today's giveaways is of a game you own.",
        inLibrary: { "In your library (\($0))" },
        sourceSteam: "Steam",
        sourceList: "your list",
        backToLibrary: "Back to your games", games: Plural(one: "{n} game", other: "{n} games"),
        hideOwned: "Hide games I own",
        hideOwnedHint: "Your Steam library and imported lists (Games you own); also in your feeds and notifications.",
        ownedHidden: "games you own hidden")

    package static let de = LibraryText(
        heading: "Deine Spiele",
        intro: "Sieh auf einen Blick, welche Giveaways Spiele sind, die du schon hast. Ohne Passwort: die öffentliche "
            + "Spieleliste deines Steam-Profils, gelesen mit dem Steam-Schlüssel dieses Servers, oder eine Liste, die "
            + "du für jeden anderen Store importierst. Was du besitzt, bleibt beim Profil dieses Browsers: mit ihm "
            + "exportiert und importiert, niemandem sonst gezeigt.",
        settingsText: "Verknüpf dein Steam-Profil oder importier eine Liste und sieh, welche Giveaways Spiele sind, "
            + "die du schon hast.",
        open: "Deine Spiele",
        summary: { steam, listed in "\(steam) von Steam, \(listed) aus deinen Listen." },
        nothingYet: "Noch nichts.",
        steamTitle: "Steam",
        steamOff: "Wer diesen Server betreibt, hat Steam nicht eingeschaltet (dafür braucht es einen Steam-Web-API-"
            + "Schlüssel: --steam-key oder GIVEAWAYS_STEAM_KEY). Eine Liste kannst du unten trotzdem importieren.",
        profileLabel: "Dein Steam-Profil: Adresse, SteamID64 oder eigener Name",
        profilePlaceholder: "https://steamcommunity.com/id/deinname",
        readLibrary: "Meine Bibliothek lesen",
        privacyHint: "Steam zeigt die Spiele eines Profils, dessen Spieldetails öffentlich sind: Steam → Profil "
            + "bearbeiten → Privatsphäre-Einstellungen → Spieldetails: Öffentlich. Sie wird jeden Tag neu gelesen.",
        linked: { id, games in "Verknüpft mit dem Steam-Profil \(id): \(games)." },
        readAt: "Zuletzt gelesen",
        neverRead: "Noch nicht gelesen.",
        refresh: "Jetzt aktualisieren",
        unlink: "Steam trennen",
        failure: {
            switch $0 {
            case .privateGames:
                "Steam hat die Spiele dieses Profils nicht gezeigt: Seine Spieldetails sind privat (oder es gibt das "
                    + "Profil nicht). In Steam: Profil bearbeiten → Privatsphäre-Einstellungen → Spieldetails: "
                    + "Öffentlich, dann aktualisieren."
            case .noSuchName:
                "Kein Steam-Profil hat diesen Namen. Kopier die Adresse deines Profils aus Steam und versuch es noch einmal."
            case .refusedKey:
                "Steam hat den Schlüssel dieses Servers abgelehnt. Wer GameGiveaways betreibt, kann GIVEAWAYS_STEAM_KEY prüfen."
            case .throttled:
                "Steam bittet uns, langsamer zu machen. Deine letzte Liste bleibt; versuch es in ein paar Minuten."
            case .unavailable:
                "Steam hat gerade nicht geantwortet. Deine letzte Liste bleibt; versuch es in ein paar Minuten."
            }
        },
        failedSince: "Seit",
        refreshWait: {
            "Deine Bibliothek wurde vor \($0 < 1 ? "weniger als einer Minute" : "\($0) min") gelesen; in ein paar "
                + "Minuten geht es wieder."
        },
        badProfile: "Das ist kein Steam-Profil: Füg seine Adresse (steamcommunity.com/id/… oder /profiles/…), seine "
            + "17-stellige SteamID64 oder seinen eigenen Namen ein.",
        listTitle: "Andere Stores",
        listText: "Füg eine Liste ein oder lade sie hoch: ein Titel pro Zeile oder ein CSV-Export mit einer Spalte "
            + "title, name oder game (Playnite, GOG Galaxy, eine Tabelle). Eine neue Liste ersetzt die letzte.",
        listed: { "\($0) importiert." },
        pasteLabel: "Deine Liste einfügen",
        fileLabel: "Oder eine Datei wählen (.csv oder .txt, bis 4 MB)",
        importButton: "Liste importieren",
        clearList: "Importierte Liste entfernen",
        imported: { games, matched in "\(games) importiert. \(matched) davon wurden hier schon verschenkt." },
        unmatchedTitle: { "Noch in keinem Giveaway gesehen (\($0))" },
        unmatchedMore: { "…und \($0) weitere." },
        listEmpty: "Die Liste enthält keinen Spieltitel.",
        listTooLarge: "Eine Liste ist höchstens 4 MB groß.",
        listTooMany: "Eine Liste enthält höchstens 50.000 Spiele.",
        ownedLiveTitle: "Aktuelle Giveaways von Spielen, die du hast",
        ownedLiveNone: "Keins der heutigen Giveaways ist ein Spiel, das du schon hast.",
        inLibrary: { "In deiner Bibliothek (\($0))" },
        sourceSteam: "Steam",
        sourceList: "deine Liste",
        backToLibrary: "Zurück zu deinen Spielen", games: Plural(one: "{n} Spiel", other: "{n} Spiele"),
        hideOwned: "Spiele ausblenden, die ich besitze",
        hideOwnedHint:
            "Deine Steam-Bibliothek und importierten Listen (Deine Spiele); auch in deinen Feeds und Benachrichtigungen.",
        ownedHidden: "Spiele, die du besitzt, ausgeblendet")
}

extension Strings {
    /// "Games you own" in this language.
    package var library: LibraryText { language == .de ? .de : .en }
}
