import Foundation
import GiveawaysDomain
import GiveawaysLocalization

extension SiteRoute {
    /// The route table: every path of the app, written once. Each line gives the router its pattern, `route.path`
    /// its printer and `SiteRouter` its parser; API lines are the paths of `openapi.yaml` (a test holds them equal).
    /// To add a route: a case (and its `Name`), a line here, a handler registered with `SiteRouter`.
    package static let table: [RouteDeclaration] = [
        // MARK: Giveaways
        .init(
            .home, "/", readsPlatforms: true,
            parse: { .home(try HomeFilters(parameters: $0.query, platformSlugs: $0.platformSlugs)) },
            print: { if case .home(let filters) = $0 { RouteValues(query: filters.queryItems) } else { nil } }),
        .init(
            .details, "/giveaways/{id}", parse: { $0.id("id").map(SiteRoute.details(id:)) },
            print: { if case .details(let id) = $0 { ["id": "\(id)"] } else { nil } }),
        .init(
            .favorite, "/giveaways/{id}/favorite", parse: { $0.id("id").map(SiteRoute.favorite(id:)) },
            print: { if case .favorite(let id) = $0 { ["id": "\(id)"] } else { nil } }),
        .init(
            .mark, "/giveaways/{id}/mark", parse: { $0.id("id").map(SiteRoute.mark(id:)) },
            print: { if case .mark(let id) = $0 { ["id": "\(id)"] } else { nil } }),
        .init(
            .image, "/images/{id}/{kind}",
            parse: { input in
                guard let id = input.id("id"), let kind = ImageKind(rawValue: input["kind"]) else { return nil }
                return .image(id: id, kind: kind)
            },
            print: { if case .image(let id, let kind) = $0 { ["id": "\(id)", "kind": kind.rawValue] } else { nil } }),
        .init(
            .more, "/more", parse: { .more(showAll: try SiteRoute.showAll($0.query["all"])) },
            print: { if case .more(let showAll) = $0 { .query(["all": showAll ? "1" : nil]) } else { nil } }),
        .init(
            .history, "/history", readsPlatforms: true,
            parse: { .history(try HistoryFilters(parameters: $0.query, platformSlugs: $0.platformSlugs)) },
            print: { if case .history(let filters) = $0 { RouteValues(query: filters.queryItems) } else { nil } }),
        .init(.stats, "/stats"),
        // MARK: Visitors
        .init(
            .favorites, "/favorites", parse: { .favorites(page: try SiteRoute.page($0.query["page"])) },
            print: { if case .favorites(let page) = $0 { .page(page) } else { nil } }),
        markedList(.claimed, "/claimed"),
        markedList(.notInterested, "/not-interested"),
        .init(
            .settings, "/settings",
            parse: { .settings(notice: $0.query["done"].flatMap(SettingsNotice.init(rawValue:))) },
            print: { if case .settings(let notice) = $0 { .query(["done": notice?.rawValue]) } else { nil } }),
        .init(.settingsFeedToken, "/settings/feed"),
        .init(.settingsLinkCode, "/settings/link-code"),
        .init(.settingsExport, "/settings/export"),
        .init(.library, "/settings/library"),
        .init(.librarySteam, "/settings/library/steam"),
        .init(.libraryRefresh, "/settings/library/refresh"),
        .init(.libraryUnlink, "/settings/library/unlink"),
        .init(.libraryImport, "/settings/library/import"),
        .init(.libraryClear, "/settings/library/clear"),
        .init(.settingsImport, "/settings/import"),
        .init(
            .link, "/link", parse: { .link(code: $0.query["code"].map { String($0.prefix(64)) }) },
            print: { if case .link(let code) = $0 { .query(["code": code]) } else { nil } }),
        // MARK: Notifications
        .init(.notifications, "/settings/notifications"),
        .init(.notificationSchedule, "/settings/notifications/schedule"),
        .init(
            .notificationRemove, "/settings/notifications/{id}/delete",
            parse: { $0.id("id").map(SiteRoute.notificationRemove(id:)) },
            print: { if case .notificationRemove(let id) = $0 { ["id": "\(id)"] } else { nil } }),
        .init(.pushSubscribe, "/settings/notifications/push"),
        .init(
            .pushTest, "/settings/notifications/{id}/test", parse: { $0.id("id").map(SiteRoute.pushTest(id:)) },
            print: { if case .pushTest(let id) = $0 { ["id": "\(id)"] } else { nil } }),
        // MARK: Catalog
        .init(
            .freeToPlay, "/free-to-play", parse: { .freeToPlay(try CatalogFilters(parameters: $0.query)) },
            print: { if case .freeToPlay(let filters) = $0 { RouteValues(query: filters.queryItems) } else { nil } }),
        .init(
            .catalogGame, "/free-to-play/{id}", parse: { $0.id("id").map(SiteRoute.catalogGame(id:)) },
            print: { if case .catalogGame(let id) = $0 { ["id": "\(id)"] } else { nil } }),
        .init(
            .catalogImage, "/free-to-play/{id}/images/{index}",
            parse: { input in
                let index = input["index"]
                guard let id = input.id("id"), index.utf8.allSatisfy({ (48...57).contains($0) }),
                    let number = Int(index), (0...50).contains(number)
                else { return nil }
                return .catalogImage(id: id, index: number)
            },
            print: {
                if case .catalogImage(let id, let index) = $0 { ["id": "\(id)", "index": "\(index)"] } else { nil }
            }),
        .init(.catalogHidden, "/free-to-play/hidden"),
        .init(.catalogRestoreAll, "/free-to-play/hidden/restore"),
        .init(
            .catalogNote, "/free-to-play/{id}/note", parse: { $0.id("id").map(SiteRoute.catalogNote(id:)) },
            print: { if case .catalogNote(let id) = $0 { ["id": "\(id)"] } else { nil } }),
        .init(
            .catalogHide, "/free-to-play/{id}/hide", parse: { $0.id("id").map(SiteRoute.catalogHide(id:)) },
            print: { if case .catalogHide(let id) = $0 { ["id": "\(id)"] } else { nil } }),
        // MARK: Games and Discover
        .init(
            .games, "/games", parse: { .games(try SiteRoute.gameQuery($0.query)) },
            print: {
                if case .games(let query) = $0 { RouteValues(query: SiteRoute.queryItems(of: query)) } else { nil }
            }
        ),
        .init(
            .gameImage, "/games/image",
            parse: { input in
                guard let game = input.query["game"].flatMap(SiteRoute.id),
                    let query = try? SiteRoute.gameQuery(input.query)
                else { return nil }
                return .gameImage(query, game: game)
            },
            print: {
                guard case .gameImage(let query, let game) = $0 else { return nil }
                return RouteValues(
                    query: SiteRoute.queryItems(of: query) + [URLQueryItem(name: "game", value: "\(game)")])
            }),
        .init(
            .discover, "/discover", parse: { .discover(showGenres: $0.query["genres"] == "all") },
            print: {
                if case .discover(let showGenres) = $0 { .query(["genres": showGenres ? "all" : nil]) } else { nil }
            }
        ),
        .init(.discoverChoose, "/discover/genre"),
        .init(.discoverForget, "/discover/forget"),
        .init(
            .discoverGenre, "/discover/{genre}",
            parse: { input in
                guard let slug = SiteRoute.genreSlug(input["genre"]) else { return nil }
                return .discoverGenre(slug: slug, page: try SiteRoute.page(input.query["page"]))
            },
            print: {
                guard case .discoverGenre(let slug, let page) = $0 else { return nil }
                return RouteValues(
                    ["genre": slug.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? slug], page: page)
            }),
        .init(
            .discoverGame, "/discover/games/{id}", parse: { $0.id("id").map(SiteRoute.discoverGame(id:)) },
            print: { if case .discoverGame(let id) = $0 { ["id": "\(id)"] } else { nil } }),
        .init(
            .gameFind, "/games/find",
            parse: { input throws(BadRequest) in
                let title = GameTitle.normalized(input.query["title"] ?? "")
                guard !title.isEmpty, title.count <= GameQuery.maxSearchLength else {
                    throw BadRequest { $0.games.searchTooLong(GameQuery.maxSearchLength) }
                }
                return .gameFind(title: title)
            },
            print: { if case .gameFind(let title) = $0 { .query(["title": title]) } else { nil } }),
        .init(
            .gameScreenshot, "/discover/games/{id}/screenshots/{index}",
            parse: { input in
                let index = input["index"]
                guard let id = input.id("id"), (1...2).contains(index.count),
                    index.utf8.allSatisfy({ (48...57).contains($0) }), let number = Int(index), number < 12
                else { return nil }
                return .gameScreenshot(id: id, index: number)
            },
            print: {
                if case .gameScreenshot(let id, let index) = $0 { ["id": "\(id)", "index": "\(index)"] } else { nil }
            }),
        .init(
            .gameFavorite, "/discover/games/{id}/favorite", parse: { $0.id("id").map(SiteRoute.gameFavorite(id:)) },
            print: { if case .gameFavorite(let id) = $0 { ["id": "\(id)"] } else { nil } }),
        .init(
            .discoverImage, "/discover/image",
            parse: { input in
                let genre = input.query["genre"].flatMap(SiteRoute.genreSlug)
                let game = input.query["game"].flatMap(SiteRoute.id)
                // A page means something only for a game on a genre's page; there a bad one finds no image.
                guard genre != nil, game != nil else { return .discoverImage(genre: genre, page: nil, game: game) }
                guard let page = try? SiteRoute.page(input.query["page"]) else { return nil }
                return .discoverImage(genre: genre, page: page, game: game)
            },
            print: {
                guard case .discoverImage(let genre, let page, let game) = $0 else { return nil }
                let onGenrePage = genre != nil && game != nil
                return .query([
                    "genre": genre, "page": onGenrePage ? page.map(String.init) : nil, "game": game.map(String.init),
                ])
            }),
        // MARK: Nearby
        .init(
            .nearby, "/nearby", parse: { .nearby(try NearbyFilters(parameters: $0.query)) },
            print: { if case .nearby(let filters) = $0 { RouteValues(query: filters.queryItems) } else { nil } }),
        // MARK: Feeds
        feed(.atom, "/feeds/giveaways.atom"),
        feed(.json, "/feeds/giveaways.json"),
        feed(.ics, "/feeds/ends.ics"),
        .init(
            .personalFeed, "/feeds/p/{token}.{format}",
            parse: { input in
                guard let token = ProfileToken(rawValue: input["token"]),
                    let format = FeedFormat(rawValue: input["format"])
                else { return nil }
                return .personalFeed(token: token, format: format)
            },
            print: {
                guard case .personalFeed(let token, let format) = $0 else { return nil }
                return ["token": token.rawValue, "format": format.rawValue]
            }),
        // MARK: Sync
        .init(.status, "/status"),
        .init(.sync, "/sync"),
        // MARK: Site
        .init(
            .staticAsset, "/static/{file}", parse: { .staticAsset(name: $0["file"], version: $0.query["v"]) },
            print: {
                guard case .staticAsset(let name, let version) = $0 else { return nil }
                return RouteValues(["file": name], query: RouteValues.query(["v": version]).query)
            }),
        .init(.manifest, "/manifest.webmanifest"),
        .init(.serviceWorker, "/sw.js"),
        .init(.offline, "/offline"),
        .init(.health, "/healthz"),
        .init(.metrics, "/metrics"),
        .init(
            .language, "/language",
            parse: { input in
                guard let language = input.query[Language.parameter].flatMap(Language.init(tag:)) else {
                    throw BadRequest { $0.errors.badLanguage }
                }
                return .language(language, back: SiteRoute.safeReturnPath(input.query["back"]) ?? "/")
            },
            print: {
                guard case .language(let language, let back) = $0 else { return nil }
                return .query([Language.parameter: language.rawValue, "back": back])
            }),
        // MARK: Nearby
        .init(
            .nearbyTile, "/nearby/tiles/{z}/{x}/{y}.png",
            parse: { input throws(BadRequest) in
                guard let z = SiteRoute.tileNumber(input["z"], below: 20),
                    let x = SiteRoute.tileNumber(input["x"], below: 1 << z),
                    let y = SiteRoute.tileNumber(input["y"], below: 1 << z)
                else { throw BadRequest { $0.errors.badTile } }
                return .nearbyTile(z: z, x: x, y: y)
            },
            print: {
                guard case .nearbyTile(let z, let x, let y) = $0 else { return nil }
                return ["z": "\(z)", "x": "\(x)", "y": "\(y)"]
            }),
        // MARK: API
        .init(.api(.reference), "/api"),
        .init(.api(.document), "/api/openapi.yaml", .apiFile),
        .init(.api(.giveaways), "/api/v1/giveaways", .api),
        .init(
            .apiGiveaway, "/api/v1/giveaways/{id}", .api, parse: { $0.id("id").map { .api(.giveaway(id: $0)) } },
            print: { if case .api(.giveaway(let id)) = $0 { ["id": "\(id)"] } else { nil } }),
        .init(.api(.platforms), "/api/v1/platforms", .api),
        .init(.api(.status), "/api/v1/status", .api),
        .init(.api(.catalogGames), "/api/v1/free-to-play", .api),
        .init(
            .apiCatalogSuggestions, "/api/v1/free-to-play/suggestions", .api,
            parse: { .api(.catalogSuggestions(query: try BadRequest.search($0.query["q"]))) },
            print: { if case .api(.catalogSuggestions(let query)) = $0 { .query(["q": query]) } else { nil } }),
        .init(.api(.nearby), "/api/v1/nearby", .api),
        .init(.api(.games), "/api/v1/games", .api),
        .init(
            .apiGame, "/api/v1/games/{id}", .api, parse: { $0.id("id").map { .api(.game(id: $0)) } },
            print: { if case .api(.game(let id)) = $0 { ["id": "\(id)"] } else { nil } }),
        .init(.api(.myLibrary), "/api/v1/me/library", .api),
        .init(.api(.events), "/api/v1/events", .apiFile),
    ]

    /// `/claimed` and `/not-interested`: one list page per mark.
    private static func markedList(_ list: MarkedList, _ template: RouteTemplate) -> RouteDeclaration {
        .init(
            .markedList, template, parse: { .markedList(list, page: try SiteRoute.page($0.query["page"])) },
            print: { if case .markedList(list, let page) = $0 { .page(page) } else { nil } })
    }

    /// The public feeds, one file per format, with Home's filters.
    private static func feed(_ format: FeedFormat, _ template: RouteTemplate) -> RouteDeclaration {
        .init(
            .feed, template, readsPlatforms: true,
            parse: { .feed(try HomeFilters(parameters: $0.query, platformSlugs: $0.platformSlugs), format: format) },
            // A feed has no visitor, so "show everything" means nothing there.
            print: {
                guard case .feed(let filters, format) = $0 else { return nil }
                return RouteValues(query: filters.with(showAll: false).queryItems)
            })
    }
}
