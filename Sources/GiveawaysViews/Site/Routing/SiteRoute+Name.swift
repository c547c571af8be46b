extension SiteRoute {
    /// Each kind of route without its values: what the route table declares paths for and `SiteRouter` registers
    /// handlers on. Every case of `SiteRoute` has one (the compiler checks `name`), and the tests check that each
    /// has a declaration in the table.
    package enum Name: Hashable, Sendable, CaseIterable {
        case home, details, favorite, more, favorites, status, sync, image, staticAsset
        case freeToPlay, catalogGame, catalogHidden, catalogRestoreAll, catalogNote, catalogHide, catalogImage
        case games, gameImage, gameFind, gameFavorite, gameScreenshot
        case discover, discoverChoose, discoverForget, discoverGenre, discoverGame, discoverImage
        case nearby
        case mark, markedList, settings, settingsFeedToken, settingsLinkCode, link, notifications, notificationRemove
        case library, librarySteam, libraryRefresh, libraryUnlink, libraryImport, libraryClear
        case settingsExport, settingsImport, history, stats, feed, personalFeed, manifest, serviceWorker, offline
        case health, metrics, language
        case notificationSchedule
        case pushSubscribe, pushTest
        case apiReference, apiDocument, apiGiveaways, apiGiveaway, apiPlatforms, apiStatus, apiCatalogSuggestions
        case apiCatalogGames
        case nearbyTile
        case apiNearby
        case apiGames, apiGame, apiMyLibrary
        case apiEvents
    }

    /// This route's kind, which picks its lines of the route table.
    package var name: Name {
        switch self {
        case .home: .home
        case .details: .details
        case .favorite: .favorite
        case .more: .more
        case .favorites: .favorites
        case .status: .status
        case .sync: .sync
        case .image: .image
        case .staticAsset: .staticAsset
        case .freeToPlay: .freeToPlay
        case .catalogGame: .catalogGame
        case .catalogHidden: .catalogHidden
        case .catalogRestoreAll: .catalogRestoreAll
        case .catalogNote: .catalogNote
        case .catalogHide: .catalogHide
        case .catalogImage: .catalogImage
        case .games: .games
        case .gameImage: .gameImage
        case .gameFavorite: .gameFavorite
        case .gameFind: .gameFind
        case .gameScreenshot: .gameScreenshot
        case .discover: .discover
        case .discoverChoose: .discoverChoose
        case .discoverForget: .discoverForget
        case .discoverGenre: .discoverGenre
        case .discoverGame: .discoverGame
        case .discoverImage: .discoverImage
        case .nearby: .nearby
        case .mark: .mark
        case .markedList: .markedList
        case .settings: .settings
        case .settingsFeedToken: .settingsFeedToken
        case .settingsLinkCode: .settingsLinkCode
        case .link: .link
        case .notifications: .notifications
        case .notificationRemove: .notificationRemove
        case .notificationSchedule: .notificationSchedule
        case .pushSubscribe: .pushSubscribe
        case .pushTest: .pushTest
        case .settingsExport: .settingsExport
        case .library: .library
        case .librarySteam: .librarySteam
        case .libraryRefresh: .libraryRefresh
        case .libraryUnlink: .libraryUnlink
        case .libraryImport: .libraryImport
        case .libraryClear: .libraryClear
        case .settingsImport: .settingsImport
        case .history: .history
        case .stats: .stats
        case .feed: .feed
        case .personalFeed: .personalFeed
        case .manifest: .manifest
        case .serviceWorker: .serviceWorker
        case .offline: .offline
        case .health: .health
        case .metrics: .metrics
        case .language: .language
        case .api(.reference): .apiReference
        case .api(.document): .apiDocument
        case .api(.giveaways): .apiGiveaways
        case .api(.giveaway): .apiGiveaway
        case .api(.platforms): .apiPlatforms
        case .api(.status): .apiStatus
        case .api(.catalogSuggestions): .apiCatalogSuggestions
        case .api(.catalogGames): .apiCatalogGames
        case .nearbyTile: .nearbyTile
        case .api(.nearby): .apiNearby
        case .api(.games): .apiGames
        case .api(.game): .apiGame
        case .api(.myLibrary): .apiMyLibrary
        case .api(.events): .apiEvents
        }
    }
}
