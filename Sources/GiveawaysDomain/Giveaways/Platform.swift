import Foundation

/// A store or device a giveaway can be claimed on, known by GamerPower's slug and a display name.
///
/// Unknown display names from the upstream are kept (with a slug derived from the name) rather than dropped.
public struct Platform: Hashable, Sendable, Comparable {
    /// The URL-safe identifier, e.g. `epic-games-store`; GamerPower's own slug for known platforms.
    public let slug: String
    /// The name people read, e.g. `Epic Games Store`.
    public let displayName: String
    /// Whether the platform is one of GamerPower's 18 documented platforms.
    public let isKnown: Bool
    /// Position in the catalog order (popular stores first); unknown platforms sort last, by name.
    public let rank: Int

    public init(slug: String, displayName: String, isKnown: Bool, rank: Int) {
        self.slug = slug
        self.displayName = displayName
        self.isKnown = isKnown
        self.rank = rank
    }

    /// Maps a display name from the `platforms` field to a platform; unrecognized names become custom platforms.
    public init(displayName raw: String) {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if let known = Platform.catalogByName[Platform.lookupKey(name)] {
            self = known
        } else {
            self.init(slug: Platform.slugify(name), displayName: name, isKnown: false, rank: Int.max)
        }
    }

    /// The known platform for a GamerPower slug, or `nil`.
    public static func known(slug: String) -> Platform? {
        catalogBySlug[slug.lowercased()]
    }

    /// Parses the upstream `platforms` string: split on `,`, trimmed, empty parts and duplicates dropped.
    public static func parseList(_ text: String) -> [Platform] {
        var seen = Set<String>()
        var result: [Platform] = []
        for part in text.split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty else { continue }
            let platform = Platform(displayName: name)
            if seen.insert(platform.slug).inserted { result.append(platform) }
        }
        return result
    }

    public static func < (lhs: Platform, rhs: Platform) -> Bool {
        if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
        return lhs.displayName.localizedCaseInsensitiveCompare(rhs.displayName) == .orderedAscending
    }

    // MARK: - The one slug ⇄ display name table

    /// GamerPower's 18 platforms in the order the product shows them. Aliases are other spellings seen upstream.
    public static let catalog: [Platform] = catalogEntries.enumerated().map { index, entry in
        Platform(slug: entry.slug, displayName: entry.name, isKnown: true, rank: index)
    }

    /// The platforms the Home screen offers as tabs; the others are reachable through "All platforms".
    public static let popularSlugs = [
        "pc", "steam", "epic-games-store", "gog", "ps4", "ps5", "xbox-series-xs", "switch", "android", "ios",
    ]

    private static let catalogEntries: [(slug: String, name: String, aliases: [String])] = [
        ("pc", "PC", ["windows"]),
        ("steam", "Steam", []),
        ("epic-games-store", "Epic Games Store", ["epic games", "epic"]),
        ("gog", "GOG", ["gog.com"]),
        ("ubisoft", "Ubisoft Connect", ["ubisoft", "uplay"]),
        ("itchio", "Itch.io", ["itchio", "itch"]),
        ("drm-free", "DRM-Free", ["drm free"]),
        ("ps4", "Playstation 4", ["playstation4", "ps4"]),
        ("ps5", "Playstation 5", ["playstation5", "ps5"]),
        ("xbox-series-xs", "Xbox Series X|S", ["xbox series x/s", "xbox series xs", "xbox series x|s"]),
        ("xbox-one", "Xbox One", []),
        ("xbox-360", "Xbox 360", []),
        ("switch", "Nintendo Switch", ["switch"]),
        ("android", "Android", []),
        ("ios", "iOS", ["iphone"]),
        ("vr", "VR", ["virtual reality"]),
        ("battlenet", "Battle.net", ["battlenet", "battle net"]),
        ("origin", "Origin", ["ea app"]),
    ]

    private static let catalogBySlug: [String: Platform] = Dictionary(
        uniqueKeysWithValues: catalog.map { ($0.slug, $0) })

    private static let catalogByName: [String: Platform] = {
        var table: [String: Platform] = [:]
        for (index, entry) in catalogEntries.enumerated() {
            let platform = catalog[index]
            for name in [entry.name, entry.slug] + entry.aliases {
                table[lookupKey(name)] = platform
            }
        }
        return table
    }()

    private static func lookupKey(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `Some New Store!` → `some-new-store`; never empty.
    static func slugify(_ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                slug.unicodeScalars.append(scalar)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "other" : slug
    }
}

// MARK: - Validation

extension Platform {
    /// The one platform rule for filters (`?platform=`, `--platform`): a known GamerPower slug, or a slug that
    /// the stored data uses (the feed may bring a platform the catalog does not know yet). `nil`, empty and
    /// `all` mean every platform. Returns the lowercased slug.
    public static func validatedFilter(_ raw: String?, slugsInData: Set<String>) throws(UnknownPlatform) -> String? {
        guard let slug = raw?.lowercased(), !slug.isEmpty, slug != "all" else { return nil }
        guard known(slug: slug) != nil || slugsInData.contains(slug) else { throw UnknownPlatform(slug: slug) }
        return slug
    }
}

/// A platform filter named no platform the app knows.
public struct UnknownPlatform: Error, Hashable, CustomStringConvertible {
    public let slug: String

    public var description: String {
        "Unknown platform '\(slug.prefix(60))'. Valid: " + Platform.catalog.map(\.slug).joined(separator: ", ") + "."
    }
}
