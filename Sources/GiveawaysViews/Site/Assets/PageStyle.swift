/// The stylesheets (and scripts) a page loads besides `app.css` and `app.js`, which hold what every page shares: the
/// shell, cards, filters, buttons, states. Each part of the site keeps its own rules in `Resources/static/NAME.css`
/// (and More and Discover their own script in `NAME.js`), so no page loads the rules of every other page: every page
/// stays within 20 KB of CSS and 15 KB of script as served (BENCHMARKS.md §4).
package enum PageStyle: String, CaseIterable, Sendable {
    /// Home: the platform menu, the filter row, the feed links.
    case home
    /// Home and More: the rules notice ("Filtered by your rules · Show everything").
    case rules
    /// The details layout of a giveaway, a free-to-play game or a Discover game.
    case details
    /// A giveaway's Details only: the large heart, the countdown, the claim steps, the marks.
    case giveaway
    /// More: the section heads, the shelves and the featured carousel (with its script).
    case more
    /// The free-to-play catalog, a game's notes and loot, the hidden games.
    case catalog
    /// Games and Discover: RAWG's games and genre tiles (with the infinite scroll's script).
    case discover
    /// A RAWG game's page: whether it is free now, coming free or was free before (with Discover's script, which
    /// keeps a hearted game's page for offline).
    case game
    /// Nearby: the place cards, the map and the horizontal list (with the map's script).
    case nearby
    /// Settings, notifications and linking a device.
    case settings
    case history
    case stats
    case status
    /// `/api`, the JSON API's page.
    case api

    package var fileName: String { rawValue + ".css" }

    /// Every part's script, each once (Games and a game's page share Discover's): the service worker's shell must
    /// not name a file twice, or the browser refuses the whole shell (`Cache.addAll`) and the worker never installs.
    package static var scriptNames: [String] {
        var seen: Set<String> = []
        return allCases.compactMap(\.scriptName).filter { seen.insert($0).inserted }
    }

    /// The part's own script, run after `app.js`.
    package var scriptName: String? {
        switch self {
        case .more: "more.js"
        case .discover, .game: "discover.js"
        case .nearby: "nearby.js"
        case .settings: "push.js"
        default: nil
        }
    }

    /// The stylesheets of the page at `path` (its query string is ignored), in the order they load; none for the
    /// pages that need `app.css` only (Favorites and the marked lists, the offline and error pages).
    package static func styles(forPath path: String) -> [PageStyle] {
        let path = path.prefix { $0 != "?" && $0 != "#" }
        // Fixed paths (`/free-to-play/hidden`) come before templates with a parameter in their place.
        return byRoute.first { SiteRoute.template(of: $0.route).match(path) != nil }?.styles ?? []
    }

    private static let byRoute: [(route: SiteRoute.Name, styles: [PageStyle])] = [
        (.home, [.home, .rules]), (.details, [.details, .giveaway]), (.more, [.rules, .more]),
        (.freeToPlay, [.catalog]), (.catalogHidden, [.catalog]), (.catalogHide, [.catalog]),
        (.catalogGame, [.details, .catalog]),
        (.games, [.discover]), (.discover, [.discover]), (.discoverGame, [.details, .game]),
        (.discoverGenre, [.discover]),
        (.nearby, [.nearby]),
        (.settings, [.settings]), (.notifications, [.settings]), (.link, [.settings]),
        (.library, [.settings]), (.librarySteam, [.settings]), (.libraryRefresh, [.settings]),
        (.libraryImport, [.settings]),
        (.history, [.history]), (.stats, [.stats]), (.status, [.status]), (.apiReference, [.api]),
    ]
}
