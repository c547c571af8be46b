import Foundation
import GiveawaysViews
import Hummingbird

/// The web app manifest: name, standalone display, colours, icons (a maskable one too) and shortcuts to Favorites
/// and Ending soon, so that the app installs to a phone's home screen like the iPhone app it began as.
struct WebManifest: Encodable {
    struct Icon: Encodable {
        let src: String
        let sizes: String
        let type = "image/png"
        let purpose: String
    }

    struct Shortcut: Encodable {
        let name: String
        let url: String
        let icons: [Icon]
    }

    let name = "GameGiveaways"
    let shortName = "Giveaways"
    let description = "Every free game, loot drop and beta key live right now, and how long it stays free."
    let startURL = SiteRoute.homePath
    let scope = "/"
    let display = "standalone"
    let orientation = "any"
    /// The light theme's page colour, shown while the app starts; the header's colour follows the system's scheme
    /// through the pages' `theme-color` meta tags.
    let backgroundColor = "#f6f5fb"
    let themeColor = "#6d28d9"
    let icons = [
        Icon(src: StaticAssets.path("icon-192.png"), sizes: "192x192", purpose: "any"),
        Icon(src: StaticAssets.path("icon-512.png"), sizes: "512x512", purpose: "any"),
        Icon(src: StaticAssets.path("icon-maskable-512.png"), sizes: "512x512", purpose: "maskable"),
    ]
    let shortcuts = [
        Shortcut(
            name: "Favorites", url: SiteRoute.favorites(page: 1).path,
            icons: [Icon(src: StaticAssets.path("icon-192.png"), sizes: "192x192", purpose: "any")]),
        Shortcut(
            name: "Ending soon", url: SiteRoute.home(HomeFilters(endingSoon: true)).path,
            icons: [Icon(src: StaticAssets.path("icon-192.png"), sizes: "192x192", purpose: "any")]),
    ]

    enum CodingKeys: String, CodingKey {
        case name, description, scope, display, orientation, icons, shortcuts
        case shortName = "short_name"
        case startURL = "start_url"
        case backgroundColor = "background_color"
        case themeColor = "theme_color"
    }

    /// The manifest, encoded once.
    static let body: ByteBuffer = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ByteBuffer(bytes: (try? encoder.encode(WebManifest())) ?? Data("{}".utf8))
    }()

    static func response() -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/manifest+json", .cacheControl: "public, max-age=3600"],
            body: .init(byteBuffer: body))
    }
}
