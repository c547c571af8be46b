import GiveawaysHTML
import GiveawaysLocalization

/// The page shell: head, header with navigation, the page's content, the footer with attribution and the language
/// switch, in the page's language.
struct Layout {
    enum Section: String {
        case home, freeToPlay, more, favorites, status, discover, settings, nearby
    }

    let strings: Strings
    /// The page's own address (without `lang=`), where the language switch comes back to.
    let path: String
    let title: String
    let section: Section?
    let content: HTML
    /// The meta description; the site's own by default.
    var description: String?
    /// Extra `<link>`s for the head (Home's feed alternates); none by default.
    var headLinks: HTML = .empty

    func render() -> HTML {
        "\(head)\(content)\(foot)"
    }

    /// Everything before the page's content. With `foot`, the frame that personal pages keep per address and
    /// language (`SharedParts`).
    var head: HTML {
        let layout = strings.layout
        return """
            <!doctype html>
            <html lang="\(strings.language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <title>\(title)</title>
            <meta name="description" content="\(description ?? layout.siteDescription)">
            <meta name="color-scheme" content="light dark">
            <meta name="theme-color" content="#f5f3ff" media="(prefers-color-scheme: light)">
            <meta name="theme-color" content="#0f0d1a" media="(prefers-color-scheme: dark)">
            <link rel="icon" href="\(StaticAssets.path("favicon.svg"))" type="image/svg+xml">
            <link rel="manifest" href="\(SiteRoute.manifest.path)">
            <link rel="apple-touch-icon" href="\(StaticAssets.path("apple-touch-icon.png"))">
            <meta name="mobile-web-app-capable" content="yes">
            <meta name="apple-mobile-web-app-capable" content="yes">
            <meta name="apple-mobile-web-app-title" content="Giveaways">
            <meta name="apple-mobile-web-app-status-bar-style" content="default">
            <link rel="stylesheet" href="\(StaticAssets.path("app.css"))">\(pageStyles)
            <script src="\(StaticAssets.path("app.js"))" defer></script>\(pageScripts)
            \(headLinks)
            </head>
            <body>
            \(Icons.sprite)
            <a class="skip-link" href="#main">\(layout.skipToContent)</a>
            <header class="site-header">
              <div class="site-header__inner">
                <a class="brand" href="\(SiteRoute.homePath)" aria-label="\(layout.brandLabel)">
                  <svg class="brand__mark" viewBox="0 0 32 32" aria-hidden="true"><rect x="2" y="7" width="28" height="18" rx="9"/><circle cx="10" cy="16" r="2.6" class="brand__dot"/><path d="M21 12.5v7M17.5 16h7" class="brand__plus"/></svg>
                  <span class="brand__name">Game<span>Giveaways</span></span>
                </a>
                \(navigation)
              </div>
            </header>
            <main id="main" class="page" tabindex="-1">

            """
    }

    /// Everything after the page's content.
    var foot: HTML {
        let layout = strings.layout
        return """

            </main>
            <footer class="site-footer">
              <p>\(layout.credits(Self.gamerpowerLink, Self.freetogameLink)) <a href="\(SiteRoute.discover(showGenres: false).path)">\(layout.discoverGames)</a> · <a href="\(SiteRoute.history(HistoryFilters()).path)">\(layout.history)</a> · <a href="\(SiteRoute.stats.path)">\(layout.statistics)</a> · <a href="\(SiteRoute.status.path)">\(layout.syncStatus)</a> · <a href="\(SiteRoute.api(.reference).path)">\(layout.api)</a></p>
              \(languageSwitch)
            </footer>
            \(strings.language.timeScript)
            </body>
            </html>
            """
    }

    /// The stylesheets of this part of the site, after the shared one.
    private var pageStyles: HTML {
        HTML(
            trusted: PageStyle.styles(forPath: path).map {
                "\n<link rel=\"stylesheet\" href=\"\(StaticAssets.path($0.fileName))\">"
            }.joined())
    }

    /// The scripts of this part of the site, run after the shared one (`defer` keeps the order).
    private var pageScripts: HTML {
        HTML(
            trusted: PageStyle.styles(forPath: path).compactMap(\.scriptName).map {
                "\n<script src=\"\(StaticAssets.path($0))\" defer></script>"
            }.joined())
    }

    private static let gamerpowerLink: HTML =
        "<a href=\"https://www.gamerpower.com\" rel=\"noopener noreferrer\" target=\"_blank\">GamerPower</a>"
    private static let freetogameLink: HTML =
        "<a href=\"https://www.freetogame.com\" rel=\"noopener noreferrer\" target=\"_blank\">FreeToGame</a>"

    /// "English · Deutsch": plain links (no JavaScript needed) that remember the choice and come back here. Each
    /// language is named in itself, so a visitor who cannot read the current one still finds theirs.
    private var languageSwitch: HTML {
        let links = Language.allCases.map { language -> HTML in
            let current: HTML? = language == strings.language ? " aria-current=\"true\"" : nil
            return
                "<a href=\"\(SiteRoute.language(language, back: path).path)\" lang=\"\(language.rawValue)\" hreflang=\"\(language.rawValue)\"\(current)>\(language.nativeName)</a>"
        }
        return
            "<nav class=\"language-switch\" aria-label=\"\(strings.layout.languageLabel)\">\(links.joined(separator: " · "))</nav>"
    }

    private var navigation: HTML {
        let layout = strings.layout
        let items: [(Section, String, String, HTML)] = [
            (.home, SiteRoute.homePath, layout.navHome, Icons.home),
            (.freeToPlay, CatalogFilters().path, layout.navFreeToPlay, Icons.play),
            (.more, SiteRoute.more(showAll: false).path, layout.navMore, Icons.grid),
            (.nearby, SiteRoute.nearby(NearbyFilters()).path, strings.nearby.heading, Icons.pin),
            (.favorites, SiteRoute.favorites(page: 1).path, layout.navFavorites, Icons.heart),
            (.settings, SiteRoute.settings(notice: nil).path, layout.navSettings, Icons.settings),
        ]
        let links = items.map { item -> HTML in
            let current: HTML = item.0 == section ? " aria-current=\"page\"" : ""
            return "<a class=\"tab-link\" href=\"\(item.1)\"\(current)>\(item.3)<span>\(item.2)</span></a>"
        }
        return "<nav class=\"tab-bar\" aria-label=\"\(layout.mainNavigation)\">\(links)</nav>"
    }
}

extension Language {
    /// The language's name in itself, for the switch.
    var nativeName: String {
        switch self {
        case .en: "English"
        case .de: "Deutsch"
        }
    }

    /// The phrases app.js needs to rewrite `<time data-t>` in the visitor's time zone; built once per language.
    var timeScript: HTML {
        switch self {
        case .en: Self.englishTimeScript
        case .de: Self.germanTimeScript
        }
    }

    private static let englishTimeScript = script(Strings.en)
    private static let germanTimeScript = script(Strings.de)

    /// Data blocks (never executed, so the CSP's `script-src 'self'` does not apply): the time phrases, and the texts
    /// app.js shows itself — left out in English, the script's own language, to keep those pages as light as before.
    private static func script(_ strings: Strings) -> HTML {
        let time = "<script type=\"application/json\" id=\"time-strings\">\(strings.timeScriptJSON)</script>"
        guard strings.language != .en else { return HTML(trusted: time) }
        return HTML(
            trusted: time + "<script type=\"application/json\" id=\"ui-strings\">\(strings.uiScriptJSON)</script>")
    }
}

/// Small SVG icons, defined once per page as symbols and referenced with `<use>` (decorative: hidden from
/// screen readers). Keeps each card a few hundred bytes lighter.
enum Icons {
    private static let paths: [(String, String)] = [
        ("home", "<path d=\"M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z\"/>"),
        (
            "grid",
            "<rect x=\"3\" y=\"3\" width=\"7.5\" height=\"7.5\" rx=\"2\"/><rect x=\"13.5\" y=\"3\" width=\"7.5\" height=\"7.5\" rx=\"2\"/><rect x=\"3\" y=\"13.5\" width=\"7.5\" height=\"7.5\" rx=\"2\"/><rect x=\"13.5\" y=\"13.5\" width=\"7.5\" height=\"7.5\" rx=\"2\"/>"
        ),
        (
            "heart",
            "<path d=\"M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.7 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.5 0 5.8 3.6 4.5 7.1-1.8 4.8-9.3 9.4-9.3 9.4z\"/>"
        ),
        (
            "play",
            "<rect x=\"2.5\" y=\"6.5\" width=\"19\" height=\"11\" rx=\"5.5\"/><path d=\"M7.5 10v4M5.5 12h4\"/><circle cx=\"15.5\" cy=\"11\" r=\"1\"/><circle cx=\"17.5\" cy=\"13.5\" r=\"1\"/>"
        ),
        ("clock", "<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"M12 7v5l3 2\"/>"),
        ("search", "<circle cx=\"11\" cy=\"11\" r=\"7\"/><path d=\"m20 20-3.5-3.5\"/>"),
        ("external", "<path d=\"M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5\"/>"),
        ("left", "<path d=\"m15 5-7 7 7 7\"/>"),
        ("right", "<path d=\"m9 5 7 7-7 7\"/>"),
        ("check", "<path d=\"m4.5 12.5 5 5L19.5 7\"/>"),
        (
            "pin",
            "<path d=\"M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z\"/><circle cx=\"12\" cy=\"9.5\" r=\"2.5\"/>"
        ),
        (
            "settings",
            "<path d=\"M4 7h10M18 7h2M4 17h2M10 17h10\"/><circle cx=\"16\" cy=\"7\" r=\"2.2\"/><circle cx=\"8\" cy=\"17\" r=\"2.2\"/>"
        ),
    ]

    /// The symbol definitions, placed once at the top of every page.
    static let sprite = HTML(
        trusted: "<svg class=\"sprite\" aria-hidden=\"true\" focusable=\"false\">"
            + paths.map { "<symbol id=\"i-\($0.0)\" viewBox=\"0 0 24 24\">\($0.1)</symbol>" }.joined() + "</svg>")

    private static func use(_ name: String) -> HTML {
        HTML(trusted: "<svg aria-hidden=\"true\"><use href=\"#i-\(name)\"/></svg>")
    }

    static let home = use("home")
    static let grid = use("grid")
    static let play = use("play")
    static let heart = use("heart")
    static let clock = use("clock")
    static let search = use("search")
    static let external = use("external")
    static let chevronLeft = use("left")
    static let chevronRight = use("right")
    static let check = use("check")
    static let settings = use("settings")
    static let pin = use("pin")
}
