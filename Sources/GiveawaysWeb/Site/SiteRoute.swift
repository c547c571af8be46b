import Foundation
import GiveawaysDomain

/// Every address of the app, built and parsed in this one place: views call `route.path`, handlers get their
/// typed route from `SiteRoute(path:query:)`, and the router registers `SiteRoute.Pattern`s. No view writes a
/// path by hand.
enum SiteRoute: Hashable, Sendable {
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
    /// `/discover`: RAWG's genres, or the remembered genre's games.
    case discover(showGenres: Bool)
    /// `POST /discover/genre`: choose (and remember) a genre; `POST /discover/forget`: "Change genre".
    case discoverChoose
    case discoverForget
    /// `/discover/{genre}?page=N`.
    case discoverGenre(slug: String, page: Int)
    /// `/discover/games/{id}`.
    case discoverGame(id: Int)
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
    /// `GET /settings/export`: marks, notes and rules as a JSON download.
    case settingsExport
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
    /// `GET /language?lang=de&back=/path`: the footer's switch; remembers the language in a cookie and goes back.
    case language(Language, back: String)
    case api(APIRoute)

    /// What Settings confirms after a form sent the visitor back to it.
    enum SettingsNotice: String, Hashable, Sendable, CaseIterable {
        case saved, cleared, linked, imported
        case feedRenewed = "feed"
    }

    /// The marks that have a list page of their own.
    enum MarkedList: String, Hashable, Sendable, CaseIterable {
        case claimed
        case notInterested = "not-interested"

        var mark: MarkKind {
            switch self {
            case .claimed: .claimed
            case .notInterested: .notInterested
            }
        }
    }

    /// The two sizes of a giveaway's picture.
    enum ImageKind: String, Hashable, Sendable {
        case thumbnail, image
    }

    /// The JSON API under `/api/v1`, and its documentation under `/api`.
    enum APIRoute: Hashable, Sendable {
        /// `/api`: the API's page for people, each endpoint with an example.
        case reference
        /// `/api/openapi.yaml`: the OpenAPI document the server is generated from.
        case document
        case giveaways
        case giveaway(id: Int)
        case platforms
        case status
        /// `/api/v1/free-to-play/suggestions?q=`: up to 5 titles for the search box.
        case catalogSuggestions(query: String)
    }

    /// The patterns the router dispatches on; `SiteRoute(path:query:)` then parses the parameters.
    enum Pattern {
        static let home = "/"
        static let details = "/giveaways/:id"
        static let favorite = "/giveaways/:id/favorite"
        static let more = "/more"
        static let favorites = "/favorites"
        static let mark = "/giveaways/:id/mark"
        static let claimed = "/claimed"
        static let notInterested = "/not-interested"
        static let settings = "/settings"
        static let settingsFeedToken = "/settings/feed"
        static let settingsLinkCode = "/settings/link-code"
        static let settingsExport = "/settings/export"
        static let settingsImport = "/settings/import"
        static let notifications = "/settings/notifications"
        static let notificationRemove = "/settings/notifications/:id/delete"
        static let link = "/link"
        static let status = "/status"
        static let sync = "/sync"
        static let image = "/images/:id/:kind"
        static let staticAsset = "/static/:file"
        static let health = "/healthz"
        static let manifest = "/manifest.webmanifest"
        static let serviceWorker = "/sw.js"
        static let offline = "/offline"
        static let language = "/language"
        static let apiGiveaways = "/api/v1/giveaways"
        static let apiGiveaway = "/api/v1/giveaways/:id"
        static let apiPlatforms = "/api/v1/platforms"
        static let apiStatus = "/api/v1/status"
        static let apiReference = "/api"
        static let apiDocument = "/api/openapi.yaml"
        static let freeToPlay = "/free-to-play"
        static let catalogGame = "/free-to-play/:id"
        static let catalogImage = "/free-to-play/:id/images/:index"
        static let discover = "/discover"
        static let discoverChoose = "/discover/genre"
        static let discoverForget = "/discover/forget"
        static let discoverGenre = "/discover/:genre"
        static let discoverGame = "/discover/games/:id"
        static let catalogHidden = "/free-to-play/hidden"
        static let catalogRestoreAll = "/free-to-play/hidden/restore"
        static let catalogNote = "/free-to-play/:id/note"
        static let catalogHide = "/free-to-play/:id/hide"
        static let apiCatalogSuggestions = "/api/v1/free-to-play/suggestions"
        static let history = "/history"
        static let stats = "/stats"
        static let atomFeed = "/feeds/giveaways.atom"
        static let jsonFeed = "/feeds/giveaways.json"
        static let calendarFeed = "/feeds/ends.ics"
        static let personalFeed = "/feeds/p/:file"
    }

    // MARK: - Building

    /// The path (and query) of this route, percent-encoded.
    var path: String {
        switch self {
        case .home(let filters): Self.withQuery("/", filters.queryItems)
        case .details(let id): "/giveaways/\(id)"
        case .favorite(let id): "/giveaways/\(id)/favorite"
        case .more(let showAll): showAll ? "/more?all=1" : "/more"
        case .mark(let id): "/giveaways/\(id)/mark"
        case .markedList(let list, let page):
            Self.withQuery("/\(list.rawValue)", page > 1 ? [.init(name: "page", value: "\(page)")] : [])
        case .settings(let notice):
            Self.withQuery("/settings", notice.map { [.init(name: "done", value: $0.rawValue)] } ?? [])
        case .settingsFeedToken: "/settings/feed"
        case .settingsLinkCode: "/settings/link-code"
        case .settingsExport: "/settings/export"
        case .settingsImport: "/settings/import"
        case .notifications: "/settings/notifications"
        case .notificationRemove(let id): "/settings/notifications/\(id)/delete"
        case .link(let code): Self.withQuery("/link", code.map { [.init(name: "code", value: $0)] } ?? [])
        case .favorites(let page): Self.withQuery("/favorites", page > 1 ? [.init(name: "page", value: "\(page)")] : [])
        case .status: "/status"
        case .sync: "/sync"
        case .image(let id, let kind): "/images/\(id)/\(kind.rawValue)"
        case .health: "/healthz"
        case .manifest: "/manifest.webmanifest"
        case .serviceWorker: "/sw.js"
        case .offline: "/offline"
        case .language(let language, let back):
            Self.withQuery(
                "/language",
                [.init(name: Language.parameter, value: language.rawValue), .init(name: "back", value: back)])
        case .history(let filters): Self.withQuery("/history", filters.queryItems)
        case .stats: "/stats"
        case .feed(let filters, let format):
            // A feed has no visitor, so "show everything" means nothing there.
            Self.withQuery("/feeds/" + format.publicFileName, filters.with(showAll: false).queryItems)
        case .personalFeed(let token, let format): "/feeds/p/\(token.rawValue).\(format.rawValue)"
        case .freeToPlay(let filters): Self.withQuery("/free-to-play", filters.queryItems)
        case .catalogGame(let id): "/free-to-play/\(id)"
        case .catalogImage(let id, let index): "/free-to-play/\(id)/images/\(index)"
        case .discover(let showGenres): showGenres ? "/discover?genres=all" : "/discover"
        case .discoverChoose: "/discover/genre"
        case .discoverForget: "/discover/forget"
        case .discoverGenre(let slug, let page):
            Self.withQuery(
                "/discover/\(slug.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? slug)",
                page > 1 ? [.init(name: "page", value: "\(page)")] : [])
        case .discoverGame(let id): "/discover/games/\(id)"
        case .catalogHidden: "/free-to-play/hidden"
        case .catalogRestoreAll: "/free-to-play/hidden/restore"
        case .catalogNote(let id): "/free-to-play/\(id)/note"
        case .catalogHide(let id): "/free-to-play/\(id)/hide"
        case .api(.catalogSuggestions(let query)):
            Self.withQuery("/api/v1/free-to-play/suggestions", [.init(name: "q", value: query)])
        case .api(.reference): "/api"
        case .api(.document): "/api/openapi.yaml"
        case .api(.giveaways): "/api/v1/giveaways"
        case .api(.giveaway(let id)): "/api/v1/giveaways/\(id)"
        case .api(.platforms): "/api/v1/platforms"
        case .api(.status): "/api/v1/status"
        }
    }

    private static func withQuery(_ path: String, _ items: [URLQueryItem]) -> String {
        guard !items.isEmpty else { return path }
        var components = URLComponents()
        components.queryItems = items
        // `+` means a space in a query string; a literal plus must be encoded.
        return path + "?" + (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
    }

    // MARK: - Parsing

    /// The route for a request path and its (decoded) query parameters; `nil` when no route has this path, or an
    /// id is not a positive number. Bad filter values throw `BadRequest`.
    init?(path: String, query: [String: String] = [:], platformSlugs: Set<String> = []) throws(BadRequest) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        switch parts.count {
        case 0:
            self = .home(try HomeFilters(parameters: query, platformSlugs: platformSlugs))
        case 1:
            switch parts[0] {
            case "more": self = .more(showAll: try Self.showAll(query["all"]))
            case "claimed": self = .markedList(.claimed, page: try Self.page(query["page"]))
            case "not-interested": self = .markedList(.notInterested, page: try Self.page(query["page"]))
            case "settings": self = .settings(notice: query["done"].flatMap(SettingsNotice.init(rawValue:)))
            case "link": self = .link(code: query["code"].map { String($0.prefix(64)) })
            case "favorites": self = .favorites(page: try Self.page(query["page"]))
            case "status": self = .status
            case "sync": self = .sync
            case "healthz": self = .health
            case "manifest.webmanifest": self = .manifest
            case "sw.js": self = .serviceWorker
            case "offline": self = .offline
            case "language":
                guard let language = query[Language.parameter].flatMap(Language.init(tag:)) else {
                    throw BadRequest { $0.errors.badLanguage }
                }
                self = .language(language, back: FormBody.safeReturnPath(query["back"]) ?? "/")
            case "free-to-play": self = .freeToPlay(try CatalogFilters(parameters: query))
            case "discover": self = .discover(showGenres: query["genres"] == "all")
            case "history": self = .history(try HistoryFilters(parameters: query, platformSlugs: platformSlugs))
            case "stats": self = .stats
            case "api": self = .api(.reference)
            default: return nil
            }
        case 2 where parts[0] == "feeds":
            guard let format = FeedFormat.allCases.first(where: { $0.publicFileName == parts[1] }) else { return nil }
            self = .feed(try HomeFilters(parameters: query, platformSlugs: platformSlugs), format: format)
        case 3 where parts[0] == "feeds" && parts[1] == "p":
            let file = parts[2].split(separator: ".", omittingEmptySubsequences: false)
            guard file.count == 2, let token = ProfileToken(rawValue: String(file[0])),
                let format = FeedFormat(rawValue: String(file[1]))
            else { return nil }
            self = .personalFeed(token: token, format: format)
        case 2 where parts[0] == "api" && parts[1] == "openapi.yaml":
            self = .api(.document)
        case 2 where parts[0] == "discover" && parts[1] == "genre":
            self = .discoverChoose
        case 2 where parts[0] == "discover" && parts[1] == "forget":
            self = .discoverForget
        case 2 where parts[0] == "discover":
            guard let slug = Self.genreSlug(parts[1]) else { return nil }
            self = .discoverGenre(slug: slug, page: try Self.page(query["page"]))
        case 3 where parts[0] == "discover" && parts[1] == "games":
            guard let id = Self.id(parts[2]) else { return nil }
            self = .discoverGame(id: id)
        case 2 where parts[0] == "settings":
            switch parts[1] {
            case "feed": self = .settingsFeedToken
            case "link-code": self = .settingsLinkCode
            case "export": self = .settingsExport
            case "import": self = .settingsImport
            case "notifications": self = .notifications
            default: return nil
            }
        case 4 where parts[0] == "settings" && parts[1] == "notifications" && parts[3] == "delete":
            guard let id = Self.id(parts[2]) else { return nil }
            self = .notificationRemove(id: id)
        case 2 where parts[0] == "free-to-play" && parts[1] == "hidden":
            self = .catalogHidden
        case 3 where parts[0] == "free-to-play" && parts[1] == "hidden" && parts[2] == "restore":
            self = .catalogRestoreAll
        case 2 where parts[0] == "free-to-play":
            guard let id = Self.id(parts[1]) else { return nil }
            self = .catalogGame(id: id)
        case 3 where parts[0] == "free-to-play" && (parts[2] == "note" || parts[2] == "hide"):
            guard let id = Self.id(parts[1]) else { return nil }
            self = parts[2] == "note" ? .catalogNote(id: id) : .catalogHide(id: id)
        case 2 where parts[0] == "giveaways":
            guard let id = Self.id(parts[1]) else { return nil }
            self = .details(id: id)
        case 3 where parts[0] == "giveaways" && (parts[2] == "favorite" || parts[2] == "mark"):
            guard let id = Self.id(parts[1]) else { return nil }
            self = parts[2] == "favorite" ? .favorite(id: id) : .mark(id: id)
        case 4 where parts[0] == "free-to-play" && parts[2] == "images":
            guard let id = Self.id(parts[1]), parts[3].utf8.allSatisfy({ (48...57).contains($0) }),
                let index = Int(parts[3]), (0...50).contains(index)
            else { return nil }
            self = .catalogImage(id: id, index: index)
        case 3 where parts[0] == "images":
            guard let id = Self.id(parts[1]), let kind = ImageKind(rawValue: parts[2]) else { return nil }
            self = .image(id: id, kind: kind)
        case 3 where parts[0] == "api" && parts[1] == "v1":
            switch parts[2] {
            case "giveaways": self = .api(.giveaways)
            case "platforms": self = .api(.platforms)
            case "status": self = .api(.status)
            default: return nil
            }
        case 4 where parts[0] == "api" && parts[1] == "v1" && parts[2] == "free-to-play" && parts[3] == "suggestions":
            self = .api(.catalogSuggestions(query: try BadRequest.search(query["q"])))
        case 4 where parts[0] == "api" && parts[1] == "v1" && parts[2] == "giveaways":
            guard let id = Self.id(parts[3]) else { return nil }
            self = .api(.giveaway(id: id))
        default:
            return nil
        }
    }

    /// Whether a path names a resource of the JSON API (an id that is not a number included): such a path answers
    /// other methods than GET and HEAD with 405, not 404.
    static func isAPIResource(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.first == "api" else { return false }
        switch parts.count {
        case 2: return parts[1] == "openapi.yaml"
        case 3: return parts[1] == "v1" && ["giveaways", "platforms", "status"].contains(parts[2])
        case 4: return parts[1] == "v1" && (parts[2] == "giveaways" || parts[2...] == ["free-to-play", "suggestions"])
        default: return false
        }
    }

    /// RAWG genre slugs: lowercase letters, digits and dashes, at most 60.
    static func genreSlug(_ text: String) -> String? {
        let slug = text.removingPercentEncoding ?? text
        guard (1...60).contains(slug.count),
            slug.utf8.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || $0 == 45 })
        else { return nil }
        return slug
    }

    /// Ids are positive decimal numbers, nothing else (no sign, no spaces, no overflow).
    static func id(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }), let id = Int(text), id > 0 else {
            return nil
        }
        return id
    }

    /// `all=1` shows everything, whatever the visitor's rules say.
    static func showAll(_ text: String?) throws(BadRequest) -> Bool {
        switch text {
        case nil, "", "0": return false
        case "1": return true
        default: throw BadRequest { $0.errors.badAll }
        }
    }

    /// `page=N` of a "Load more" list: 1 when absent.
    static func page(_ text: String?) throws(BadRequest) -> Int {
        guard let text, !text.isEmpty else { return 1 }
        guard let page = Int(text), (1...Defaults.maxPage).contains(page) else {
            throw BadRequest { $0.errors.badPage(Defaults.maxPage) }
        }
        return page
    }
}
