import Foundation
import GiveawaysDomain

/// Where the map's tiles come from and where they are kept (`--map-tiles-url`, `--tile-cache`).
public struct TileSettings: Sendable {
    /// An http(s) URL with `{z}`, `{x}` and `{y}`; only those three are ever filled in, with checked integers.
    public var template: String
    public var directory: String
    public var userAgent: String
    public var budgetBytes = Defaults.tileCacheBudgetBytes
    public var maxTileBytes = Defaults.maxTileBytes
    /// The most one tile download may take, connection to last byte.
    public var timeout: Duration = .seconds(8)

    public init(
        template: String = Defaults.mapTilesTemplate, directory: String = Defaults.tileCacheDirectory,
        userAgent: String
    ) {
        self.template = template
        self.directory = directory
        self.userAgent = userAgent
    }

    /// Whether `text` is a usable template: http(s), a host, and each of `{z}`, `{x}`, `{y}` exactly once.
    public static func isValidTemplate(_ text: String) -> Bool {
        guard text.utf8.count <= 500,
            let url = URL(
                string: text.replacingOccurrences(of: "{", with: "%7B").replacingOccurrences(of: "}", with: "%7D")),
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else { return false }
        return ["{z}", "{x}", "{y}"].allSatisfy { text.components(separatedBy: $0).count == 2 }
    }
}
