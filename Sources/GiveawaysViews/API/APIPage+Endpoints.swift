import Foundation

extension APIPage.Model {
    /// The endpoints of `openapi.yaml`, in its order; a test checks that every path of the document is here.
    package static let endpoints: [APIPage.Endpoint] = [
        .init(
            id: "list-giveaways", path: "/api/v1/giveaways",
            summary:
                "The live giveaways, newest first, filtered and sorted like the Home page. An empty list is [].",
            parameters: [
                ("platform", "a slug from /api/v1/platforms, or all", "Only giveaways on this platform."),
                ("type", "game, loot, beta or all", "Games, loot (DLC and in-game items) or betas (early access)."),
                ("sort", "date, value, popularity or ending", "Newest, most valuable, most claimed or ending soonest."),
                ("q", "text, at most 200 characters", "Search in titles, descriptions and platforms."),
                ("ending", "24h", "Only giveaways ending within 24 hours."),
                ("include_expired", "true, false, 1 or 0", "Also list giveaways that ended or left the feed."),
            ],
            example: "/api/v1/giveaways?q=starlight&sort=popularity",
            exampleResponse: """
                [{"demo":false,"description":"Chart a living galaxy one hand-drawn map at a time.",
                  "endDate":"2026-04-06T15:00:00Z","expired":false,
                  "gamerpowerUrl":"https://www.gamerpower.com/starlight-cartographer--epic-games--giveaway",
                  "id":5101,"image":"https://www.gamerpower.com/offers/1b/5101.png",
                  "instructions":"1. Click the button to visit the giveaway page.",
                  "openGiveawayUrl":"https://www.gamerpower.com/open/starlight-cartographer--epic-games--giveaway",
                  "platformSlugs":["pc","epic-games-store"],"platforms":["PC","Epic Games Store"],
                  "publishedDate":"2026-03-30T16:00:00Z","status":"Active",
                  "thumbnail":"https://www.gamerpower.com/offers/1/5101.png",
                  "title":"Starlight Cartographer (Epic Games) Giveaway","type":"Game","typeName":"Game",
                  "users":18240,"worth":24.99,"worthText":"$24.99"}]
                """,
            statuses: "200, 304, 400 (a filter value it does not know)"),
        .init(
            id: "get-giveaway", path: "/api/v1/giveaways/{id}",
            summary:
                "One giveaway with its history in the feed, also after it ended or left the feed: the list's keys plus firstSeen, lastSeen, leftFeed, inFeed and feedPeriods.",
            parameters: [("id", "a positive whole number", "The GamerPower id of the giveaway.")],
            example: "/api/v1/giveaways/5101",
            exampleResponse: """
                {"demo":false, … the keys of the list …, "feedPeriods":[{"appeared":"2026-03-31T12:00:00Z","left":null}],
                 "firstSeen":"2026-03-31T12:00:00Z","inFeed":true,"lastSeen":"2026-03-31T12:00:00Z","leftFeed":null}
                """,
            statuses: "200, 304, 400 (an id that is not a number), 404 (no giveaway with that id)"),
        .init(
            id: "list-platforms", path: "/api/v1/platforms",
            summary:
                "GamerPower's 18 platforms in a fixed order, each with its number of live giveaways, then any platform the feed uses that the app does not know yet (known: false).",
            parameters: [], example: "/api/v1/platforms",
            exampleResponse: """
                [{"count":10,"known":true,"name":"PC","slug":"pc"},{"count":4,"known":true,"name":"Steam","slug":"steam"}, …]
                """,
            statuses: "200, 304"),
        .init(
            id: "get-status", path: "/api/v1/status",
            summary:
                "The sync health of each source (healthy, stale, failing, never-synced or syncing), and the giveaway feed's summary at the top level.",
            parameters: [], example: "/api/v1/status",
            exampleResponse: """
                {"demo":false,"giveaways":14,"lastFailure":null,"lastFailureReason":null,"lastSync":"2026-03-31T12:00:00Z",
                 "sources":[{"demo":false,"items":14,"lastAttempt":"2026-03-31T12:00:00Z",
                   "lastChanges":{"added":14,"left":0,"returned":0,"total":14,"updated":0},"lastFailureReason":null,
                   "lastOutcome":"succeeded","lastSuccess":"2026-03-31T12:00:00Z","name":"GamerPower",
                   "nextRun":"2026-03-31T12:10:00Z","running":false,"source":"gamerpower","state":"healthy"}],
                 "stale":false,"syncing":false}
                """,
            statuses: "200, 304"),
        .init(
            id: "live-events", path: "/api/v1/events",
            summary:
                "The live stream (Server-Sent Events, text/event-stream; curl -N): giveaway.new, giveaway.updated and giveaway.ended with the giveaway's object, and sync.finished, the moment the server knows. Ids rise and are the same on every instance; send Last-Event-ID to get what you missed (a day, 1,000 events at most). A comment every 15 s keeps it open. 6 streams per address.",
            parameters: [
                ("platform", "a slug from /api/v1/platforms", "Only giveaways on this platform (syncs always pass)."),
                ("type", "game, loot or beta", "Only giveaways of this kind."),
            ],
            example: "/api/v1/events?platform=steam",
            exampleResponse: """
                retry: 5000

                id: 41
                event: giveaway.new
                data: {"id":3101,"title":"Lantern Drift", … the keys of the list …}

                id: 42
                event: sync.finished
                data: {"at":"2026-03-31T12:00:00Z","outcome":"succeeded","source":"gamerpower"}
                """,
            statuses:
                "200 (a stream that stays open), 400 (a bad filter or Last-Event-ID), 429 (7 streams from one address), 503 (the server's --max-streams)"
        ),
        .init(
            id: "list-catalog-games", path: "/api/v1/free-to-play",
            summary:
                "The free-to-play catalog (FreeToGame), filtered and sorted like the Free-to-play page, the whole matching list at once. Games this browser hid are left out.",
            parameters: [
                ("genre", "a genre's name or slug", "e.g. shooter or card-game; an unknown one lists nothing."),
                ("platform", "pc, browser", "Where it runs."),
                ("sort", "popularity, release, alphabetical", "The order (default popularity, FreeToGame's own)."),
                ("q", "text, at most 200 characters", "A search in titles and descriptions."),
            ],
            example: "/api/v1/free-to-play?genre=shooter&platform=pc",
            exampleResponse: """
                [{"developer":"Starforge Studio","gameURL":"https://www.freetogame.com/open/starforge-legends",
                  "genre":"Shooter","id":1,"platforms":["pc"],"publisher":"Starforge","releaseDate":"2024-05",
                  "shortDescription":"A free-to-play space shooter.",
                  "thumbnail":"https://www.freetogame.com/g/1/thumbnail.jpg","title":"Starforge Legends",
                  "url":"/free-to-play/1"}]
                """,
            statuses:
                "200, 304, 400 (a platform or sort it does not know, a genre over 60 characters, a search over 200)"),
        .init(
            id: "get-my-library", path: "/api/v1/me/library",
            summary:
                "The games this browser's visitor owns (their Steam library and imported lists, from Games you own) and their Steam link; nobody else's. By the browser's profile cookie.",
            parameters: [],
            example: "/api/v1/me/library",
            exampleResponse: """
                {"count":1,"games":[{"source":"steam","steamAppId":220,"title":"Half-Life 2"}],
                 "steam":{"failedAt":null,"failure":null,"refreshedAt":"2026-11-29T12:00:00Z","steamId":"76561197960287930"}}
                """,
            statuses: "200, 304"),
        .init(
            id: "suggest-catalog-titles", path: "/api/v1/free-to-play/suggestions",
            summary:
                "Up to five free-to-play titles matching a search, best first, for a search box. Games this browser hid are left out.",
            parameters: [("q", "text, at most 200 characters", "The search; empty gives [].")],
            example: "/api/v1/free-to-play/suggestions?q=star",
            exampleResponse: """
                [{"id":1,"title":"Starforge Legends"}]
                """,
            statuses: "200, 304, 400 (a search over 200 characters)"),
        .init(
            id: "list-games", path: "/api/v1/games",
            summary:
                "RAWG's games, 20 a page: the popular feed in an ordering, or those whose name matches a search (with the server's RAWG key; answers cached on the server). Game data from RAWG.",
            parameters: [
                ("search", "text, at most 200 characters", "A game's name or part of it; RAWG's best matches first."),
                ("genre", "a genre's slug", "One of RAWG's genres, e.g. indie."),
                ("ordering", "popular, rating, released, name", "The feed's order (default popular)."),
                ("page", "1 to 500", "The page (default 1)."),
            ],
            example: "/api/v1/games?search=portal",
            exampleResponse: """
                {"games":[{"genres":["Puzzle"],"id":4200,"metacritic":95,"name":"Portal 2","platforms":["PC"],
                  "rating":4.61,"released":"2011-04-18","url":"/discover/games/4200"}],
                 "next":null,"page":1,"staleSince":null,"total":1}
                """,
            statuses:
                "200, 304, 400 (a bad parameter), 404 (no such page), 429 (this client's share of RAWG is spent, with Retry-After), 502 (RAWG failed), 503 (no RAWG key)"
        ),
        .init(
            id: "get-game", path: "/api/v1/games/{id}",
            summary:
                "One RAWG game with its text, and free: whether it is free now, coming free or was free before, from this server's giveaways of exactly that game.",
            parameters: [("id", "RAWG's id", "In the path.")],
            example: "/api/v1/games/4200",
            exampleResponse: """
                {"description":"A puzzle game.","developers":["Valve Software"],
                 "free":{"before":[],"coming":[],"now":[{"from":"2026-03-30T16:00:00Z","giveawayId":5101,
                   "store":"Epic Games Store","until":"2026-04-06T15:00:00Z","url":"/api/v1/giveaways/5101"}]},
                 "id":4200,"name":"Portal 2", …}
                """,
            statuses:
                "200, 304, 400 (a bad id), 404 (RAWG has no such game), 429 (this client's share of RAWG is spent, with Retry-After), 502 (RAWG failed), 503 (no RAWG key)"
        ),
        .init(
            id: "search-nearby", path: "/api/v1/nearby",
            summary:
                "Game stores, arcades and gaming cafés in an area, nearest first, from Foursquare (with the server's key) or OpenStreetMap; source and attribution say which. Foursquare's places are never stored.",
            parameters: [
                ("ll", "LAT,LON", "The centre; with radius (metres, 1 to 100000, default 22000)."),
                ("bbox", "S,W,N,E", "The area a map shows (used when ll is absent)."),
                ("near", "text, at most 100 characters", "A place name (used when ll and bbox are absent)."),
                ("q", "text, at most 100 characters", "Words in the name or kind."),
                (
                    "cat", "kinds, comma-separated",
                    "video-games, arcade, gaming-cafe, internet-cafe, vr-cafe, toys, hobby, comics."
                ),
                ("cursor", "text", "The previous page's next."), ("limit", "1 to 50", "Places per page (default 20)."),
            ],
            example: "/api/v1/nearby?ll=52.52,13.405&radius=2000&cat=arcade",
            exampleResponse: """
                {"area":{"east":13.43,"north":52.54,"south":52.5,"west":13.38},
                 "attribution":"© OpenStreetMap contributors (ODbL)","next":"osm.20",
                 "places":[{"address":"Alexanderplatz 1, 10178 Berlin","categories":["arcade"],"categoryNames":["Arcade"],
                   "distance":120,"id":"osm:node/1","isOpen":null,"latitude":52.5219,"longitude":13.4132,"name":"Pixel", …}],
                 "source":"openstreetmap","staleSince":null}
                """,
            statuses:
                "200, 400 (a bad parameter), 404 (no such place, or a cursor from elsewhere), 429 (the source asks to wait), 502 (the source failed), 503 (not set up, or the key refused)"
        ),
    ]
}
