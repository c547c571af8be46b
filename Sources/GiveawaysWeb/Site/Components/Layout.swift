import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization
import GiveawaysViews

/// The page shell: head, header with navigation, the page's content, the footer with attribution and the language
/// switch, in the page's language.
struct Layout {
    enum Section: String {
        case home, freeToPlay, more, favorites, status, games, settings, nearby
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
    /// language (`SharedPartCache`).
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
            (.games, SiteRoute.games(GameQuery()).path, strings.games.nav, Icons.search),
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
