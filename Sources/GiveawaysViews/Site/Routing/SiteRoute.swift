import Foundation
import GiveawaysDomain
import GiveawaysLocalization

/// Every address of the app as a typed value. Each path is written once, in the route table (`SiteRoute.table`):
/// views call `route.path`, the router registers the table's patterns through `SiteRouter`, which parses each
/// request once and hands the handler its route. No view or handler writes or reads a path by hand.
package enum SiteRoute: Hashable, Sendable {
    /// `/` with filters.
    case home(HomeFilters)
    /// `/giveaways/{id}`.
    case details(id: Int)
    /// `POST /giveaways/{id}/favorite`.
    case favorite(id: Int)
    /// `/more`; `?all=1` ignores the visitor's rules.
    case more(showAll: Bool)
    /// `/favorites?page=N`: the first N pages of favorites.
    case favorites(page: Int)
    /// `/status`: each source's sync health.
    case status
    /// `POST /sync`: the Retry button.
    case sync
    /// `/images/{id}/{thumbnail|image}`.
    case image(id: Int, kind: ImageKind)
    /// `/static/{file}?v=…`: the CSS, script and icons; the version only makes a new build's URL new.
    case staticAsset(name: String, version: String?)
    /// `/free-to-play` with filters.
    case freeToPlay(CatalogFilters)
    /// `/free-to-play/{id}`.
    case catalogGame(id: Int)
    /// `/free-to-play/hidden`: the games this visitor hid, with Restore.
    case catalogHidden
    /// `POST /free-to-play/hidden/restore`: Restore all.
    case catalogRestoreAll
    /// `POST /free-to-play/{id}/note`: save the visitor's notes on a game.
    case catalogNote(id: Int)
    /// `GET /free-to-play/{id}/hide` asks to confirm; `POST` hides (or restores) the game for this visitor.
    case catalogHide(id: Int)
    /// `/free-to-play/{id}/images/{n}`: 0 the thumbnail, 1… the screenshots, through the local image cache.
    case catalogImage(id: Int, index: Int)
    /// `/games?q=&sort=&page=`: RAWG's popular games in an ordering, or a search by name.
    case games(GameQuery)
    /// `/games/image?q=&sort=&page=&game=`: the image of a game on that page, through the image cache (looked
    /// up in RAWG's answer for the page, never taken from the request).
    case gameImage(GameQuery, game: Int)
    /// `/discover`: RAWG's genres, or the remembered genre's games.
    case discover(showGenres: Bool)
    /// `POST /discover/genre`: choose (and remember) a genre; `POST /discover/forget`: "Change genre".
    case discoverChoose
    case discoverForget
    /// `/discover/{genre}?page=N`.
    case discoverGenre(slug: String, page: Int)
    /// `/discover/games/{id}`.
    case discoverGame(id: Int)
    /// `/games/find?title=`: the game a giveaway is of — its page when RAWG has a game of exactly that (normalised)
    /// title, else Games' search for it. Details links here when a RAWG key is set.
    case gameFind(title: String)
    /// `/discover/games/{id}/screenshots/{n}`: a RAWG game's screenshot through the image cache (0…11).
    case gameScreenshot(id: Int, index: Int)
    /// `POST /discover/games/{id}/favorite`: keep (`favorite=1`) or let go (`0`) a RAWG game in Favorites.
    case gameFavorite(id: Int)
    /// `/discover/image?genre=&page=&game=`: the image RAWG gave for a genre, a game on a genre's page, or a game,
    /// through the image cache (looked up in RAWG's answer, never taken from the request).
    case discoverImage(genre: String?, page: Int?, game: Int?)
    /// `/nearby?view=list|map&ll=&z=&q=&cat=&near=&cursor=`: game stores, arcades and cafés on a list or a map.
    case nearby(NearbyFilters)
    /// `POST /giveaways/{id}/mark`: set or clear "claimed" or "not interested".
    case mark(id: Int)
    /// `/claimed?page=N` and `/not-interested?page=N`: the giveaways carrying that mark.
    case markedList(MarkedList, page: Int)
    /// `/settings` (GET shows, POST saves the rules); `?done=` says what just happened.
    case settings(notice: SettingsNotice?)
    /// `POST /settings/feed`: a new personal feed address (the old one stops working).
    case settingsFeedToken
    /// `POST /settings/link-code`: a one-time code for another browser.
    case settingsLinkCode
    /// `GET /link?code=` asks to confirm; `POST /link` makes this browser use the code's profile.
    case link(code: String?)
    /// `/settings/notifications` (GET lists, POST adds): a visitor's own webhooks, following their rules.
    case notifications
    /// `POST /settings/notifications/{id}/delete`.
    case notificationRemove(id: Int)
    /// `POST /settings/notifications/schedule`: the reminder's lead, the daily summary, quiet hours, the time zone.
    case notificationSchedule
    /// `POST /settings/notifications/push`: stores this browser's Web Push subscription (JSON).
    case pushSubscribe
    /// `POST /settings/notifications/{id}/test`: a test notification to one of this visitor's devices.
    case pushTest(id: Int)
    /// `GET /settings/export`: marks, notes and rules as a JSON download.
    case settingsExport
    /// `/settings/library`: the games a visitor owns (their Steam library, their imported lists); and its forms.
    case library
    case librarySteam, libraryRefresh, libraryUnlink, libraryImport, libraryClear
    /// `POST /settings/import`: that file, merged back in.
    case settingsImport
    /// `/history?platform=&type=&month=YYYY-MM&page=N`: giveaways that left the feed or expired, newest first.
    case history(HistoryFilters)
    /// `/stats`: worth live now, worth this visitor claimed, giveaways per store, new giveaways per week.
    case stats
    /// `/feeds/giveaways.atom`, `/feeds/giveaways.json`, `/feeds/ends.ics` with Home's filters.
    case feed(HomeFilters, format: FeedFormat)
    /// `/feeds/p/{token}.atom|.json|.ics`: a profile's personal feed, following its rules and marks.
    case personalFeed(token: ProfileToken, format: FeedFormat)
    /// `/manifest.webmanifest`: what a phone needs to install the app to its home screen.
    case manifest
    /// `/sw.js`: the service worker (scope `/`); `/offline`: what it shows for a page never seen, offline.
    case serviceWorker
    case offline
    /// `/healthz`.
    case health
    /// `/metrics`: Prometheus text, only when the operator turns it on (`--metrics`, `--metrics-port`).
    case metrics
    /// `GET /language?lang=de&back=/path`: the footer's switch; remembers the language in a cookie and goes back.
    case language(Language, back: String)
    case api(APIRoute)
    /// `/nearby/tiles/{z}/{x}/{y}.png`: one map tile through the server's tile cache.
    case nearbyTile(z: Int, x: Int, y: Int)

    /// What Settings confirms after a form sent the visitor back to it.
    package enum SettingsNotice: String, Hashable, Sendable, CaseIterable {
        case saved, cleared, linked, imported
        case feedRenewed = "feed"
    }

    /// The marks that have a list page of their own.
    package enum MarkedList: String, Hashable, Sendable, CaseIterable {
        case claimed
        case notInterested = "not-interested"

        package var mark: MarkKind {
            switch self {
            case .claimed: .claimed
            case .notInterested: .notInterested
            }
        }
    }

    /// The two sizes of a giveaway's picture.
    package enum ImageKind: String, Hashable, Sendable {
        case thumbnail, image
    }

    /// The JSON API under `/api/v1`, and its documentation under `/api`.
    package enum APIRoute: Hashable, Sendable {
        /// `/api`: the API's page for people, each endpoint with an example.
        case reference
        /// `/api/openapi.yaml`: the OpenAPI document the server is generated from.
        case document
        case giveaways
        case giveaway(id: Int)
        case platforms
        case status
        /// `/api/v1/free-to-play?genre=&platform=&sort=&q=`: the catalog with the page's filters (parsed by the
        /// generated server).
        case catalogGames
        /// `/api/v1/free-to-play/suggestions?q=`: up to 5 titles for the search box.
        case catalogSuggestions(query: String)
        /// `/api/v1/nearby?ll=|bbox=|near=&q=&cat=&cursor=&limit=`: game stores, arcades and cafés (parsed by the
        /// generated server).
        case nearby
        /// `/api/v1/games?search=&genre=&ordering=&page=` and `/api/v1/games/{id}`: RAWG's games (parsed by the
        /// generated server).
        case games
        case game(id: Int)
        /// `/api/v1/me/library`: the browser's own visitor's library.
        case myLibrary
        /// `/api/v1/events?platform=&type=`: the live stream (Server-Sent Events).
        case events
    }

    /// RAWG genre slugs: lowercase letters, digits and dashes, at most 60.
    package static func genreSlug(_ text: String) -> String? {
        let slug = text.removingPercentEncoding ?? text
        guard (1...60).contains(slug.count),
            slug.utf8.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || $0 == 45 })
        else { return nil }
        return slug
    }

    /// Ids are positive decimal numbers, nothing else (no sign, no spaces, no overflow).
    package static func id(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }), let id = Int(text), id > 0 else {
            return nil
        }
        return id
    }

    /// `all=1` shows everything, whatever the visitor's rules say.
    package static func showAll(_ text: String?) throws(BadRequest) -> Bool {
        switch text {
        case nil, "", "0": return false
        case "1": return true
        default: throw BadRequest { $0.errors.badAll }
        }
    }

    /// `page=N` of a "Load more" list: 1 when absent.
    /// A page of Games from its query: `search` (at most `GameQuery.maxSearchLength` characters), `ordering` (one of
    /// `GameOrdering`'s names) and `page` (1…`GameQuery.maxPage`); anything else is a clear 400.
    package static func gameQuery(_ query: [String: String]) throws(BadRequest) -> GameQuery {
        let search = query["q"] ?? ""
        guard search.count <= GameQuery.maxSearchLength else {
            throw BadRequest { $0.games.searchTooLong(GameQuery.maxSearchLength) }
        }
        var ordering = GameOrdering.popular
        if let name = query["sort"], !name.isEmpty {
            guard let chosen = GameOrdering(rawValue: name) else {
                throw BadRequest { $0.games.badOrdering(GameOrdering.allCases.map(\.rawValue).joined(separator: ", ")) }
            }
            ordering = chosen
        }
        let page = try Self.page(query["page"])
        guard page <= GameQuery.maxPage else { throw BadRequest { $0.errors.badPage(GameQuery.maxPage) } }
        return GameQuery(search: search, ordering: ordering, page: page)
    }

    /// The query of `GET /api/v1/games` (`search`, `genre`, `ordering`, `page`), with a clear 400 for what Games
    /// would refuse.
    package static func gameQuery(
        search: String?, genre: String?, ordering: String?, page: Int?
    ) throws(BadRequest) -> GameQuery {
        var parameters: [String: String] = [:]
        parameters["q"] = search
        parameters["sort"] = ordering
        parameters["page"] = page.map(String.init)
        var query = try gameQuery(parameters)
        if let genre {
            guard let slug = genreSlug(genre), slug == genre else {
                throw BadRequest { _ in "The genre must be a RAWG genre's slug, e.g. indie." }
            }
            query.genre = slug
        }
        return query
    }

    /// The query of a page of Games, as `gameQuery` reads it (defaults left out).
    package static func queryItems(of query: GameQuery, page: Bool = true) -> [URLQueryItem] {
        RouteValues.query([
            "q": query.search,
            "sort": query.search == nil && query.ordering != .popular ? query.ordering.rawValue : nil,
            "page": page && query.page > 1 ? "\(query.page)" : nil,
        ]).query
    }

    package static func page(_ text: String?) throws(BadRequest) -> Int {
        guard let text, !text.isEmpty else { return 1 }
        guard let page = Int(text), (1...Defaults.maxPage).contains(page) else {
            throw BadRequest { $0.errors.badPage(Defaults.maxPage) }
        }
        return page
    }
}
